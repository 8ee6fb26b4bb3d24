/**
 * The `cardrewards` command: compile the dataset (`build`, `validate`) and, from the gateway,
 * serve it. Only this layer reads the environment, touches the disk and sets the exit code.
 */
import { readFileSync } from 'node:fs';
import { Command, InvalidArgumentError, Option } from 'commander';
import { compile, checkDataset } from '../generator/compile.ts';
import { emitTree, liveInputs } from '../generator/emit-tree.ts';
import { inputsDigest } from '../generator/inputs-digest.ts';
import { GeneratorError } from '../generator/errors.ts';
import { isIsoDate } from '../schemas/validator.ts';
import { exitCodeFor, formatProblem, type Problem } from '../generator/problems.ts';
import { readDataset } from '../generator/read-dataset.ts';
import { summarizeDataset } from '../generator/summary.ts';
import { registerGatewayCommands } from '../gateway/commands.ts';
import { createProgress, isInteractive } from './progress.ts';

/** The version in package.json, read once (the CLI runs from the repository). */
function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}

/** Where `service_url` links point when neither `--base-url` nor CARDREWARDS_BASE_URL says: the local gateway. */
export const DEFAULT_BASE_URL = 'http://localhost:8787';

const program = new Command()
  .name('cardrewards')
  .description('Compile the credit card rewards dataset into static and precomputed JSON, and serve it.')
  .version(packageVersion(), '-V, --version', 'print the version')
  .showHelpAfterError()
  // Usage errors exit 2, apart from dataset problems (1); set before the subcommands so they inherit it.
  .exitOverride((error) => process.exit(error.exitCode === 0 ? 0 : 2));

const datasetOption = () => new Option('--dataset <dir>', 'folder holding the dataset CSV files').default('dataset');

program
  .command('build')
  .description('validate the dataset and write the output tree (atomically, rewriting only changed files)')
  .addOption(datasetOption())
  .option('--out <dir>', 'output tree; becomes a link to <dir>.builds/<build id>', 'dist')
  .addOption(
    new Option('--base-url <url>', 'prefix of service_url links in the static records')
      .env('CARDREWARDS_BASE_URL')
      .default(DEFAULT_BASE_URL)
      .argParser(parseBaseUrl),
  )
  .option('--date <YYYY-MM-DD>', "evaluate dated rules (rotating categories) on this day; default: the dataset's latest as_of", parseDate)
  .addHelpText('after', '\nExit codes: 0 built (or already up to date), 1 dataset problems (nothing written), 2 usage or I/O error.')
  .action(async (options: { dataset: string; out: string; baseUrl: string; date?: string }) => {
    const progress = createProgress(isInteractive());
    const started = performance.now();
    const sources = progress.step(`reading ${options.dataset}`, () => readDataset(options.dataset));
    const inputs = inputsDigest(sources, { baseUrl: options.baseUrl, date: options.date });
    if (liveInputs(options.out) === inputs) {
      // Same dataset, options and generator as the live build: its tree is this build's tree.
      console.log(
        `${options.out} is up to date (inputs unchanged): no file written, in ${((performance.now() - started) / 1000).toFixed(2)} s`,
      );
      return;
    }
    const result = progress.step('validating and deriving', () =>
      compile(sources, { baseUrl: options.baseUrl, date: options.date, displayDir: options.dataset }),
    );
    if (!result.ok) return failWithProblems(result.problems, `${options.out} left unchanged`);
    const { output } = result;
    const emitted = await progress.stepAsync(`writing ${options.out}`, () => emitTree(options.out, output, inputs));
    const seconds = ((performance.now() - started) / 1000).toFixed(2);
    const counts = `${output.files.size + 1} files`;
    console.log(
      emitted.changed
        ? `built ${options.out} (build ${output.buildId}): ${counts}, ${emitted.written} written, ${emitted.reused} unchanged, ${emitted.removed} removed, in ${seconds} s`
        : `${options.out} is up to date (build ${output.buildId}): ${counts}, no file written, in ${seconds} s`,
    );
  });

program
  .command('validate')
  .description('check the dataset and print a summary; writes nothing')
  .addOption(datasetOption())
  .addHelpText('after', '\nExit codes: 0 valid, 1 dataset problems, 2 usage or I/O error.')
  .action((options: { dataset: string }) => {
    const { dataset, problems } = checkDataset(readDataset(options.dataset), options.dataset);
    if (problems.length > 0) return failWithProblems(problems, 'nothing written');
    for (const line of summarizeDataset(dataset)) console.log(line);
    console.log(`${options.dataset}: valid`);
  });

registerGatewayCommands(program);

function failWithProblems(problems: readonly Problem[], consequence: string): void {
  for (const problem of problems) console.error(formatProblem(problem));
  console.error(`${problems.length} problem${problems.length === 1 ? '' : 's'} in the dataset; ${consequence}`);
  process.exitCode = exitCodeFor(problems);
}

function parseBaseUrl(value: string): string {
  if (!/^https?:\/\/[^\s/]+(\/[^\s]*)?$/.test(value))
    throw new InvalidArgumentError('expected an http(s) URL such as https://rewards.example.com');
  return value.replace(/\/+$/, '');
}

function parseDate(value: string): string {
  if (!isIsoDate(value)) throw new InvalidArgumentError('expected a date as YYYY-MM-DD');
  return value;
}

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof GeneratorError) {
    console.error(`cardrewards: ${error.message} [${error.code}]`);
    process.exit(2);
  }
  throw error;
}
