/**
 * The subcommands that build or read a tree, `build`, `validate`, `get`, `diff` and `mcp`: their
 * options and help only. Each action imports its implementation when it runs, so `--version` and
 * `--help` load no generator code.
 */
import { type Command, InvalidArgumentError, Option } from 'commander';
import type { BuildArguments } from './build-command.ts';
import { isIsoDate } from '../schemas/iso-date.ts';
import { keyedTarget } from '../schemas/keyed-routes.ts';
import type { DiffFormat } from './diff-command.ts';
import { runCommand } from './run-command.ts';

/** Where `service_url` links point when neither `--base-url` nor CARDREWARDS_BASE_URL says: the local gateway. */
export const DEFAULT_BASE_URL = 'http://localhost:8787';

/** Adds `build` and `validate` to the program. */
export function defineGeneratorCommands(program: Command): void {
  const datasetOption = () => new Option('--dataset <dir>', 'folder holding the dataset CSV files').default('dataset');

  program
    .command('build')
    .description('validate the dataset and write the output tree (atomically, rewriting only changed files)')
    .addOption(datasetOption())
    .option('--out <dir>', 'output tree; becomes a link to <dir>.builds/<build id>', 'dist')
    .addOption(
      new Option('--base-url <url>', 'prefix of service_url links in the static records and pages')
        .env('CARDREWARDS_BASE_URL')
        .default(DEFAULT_BASE_URL)
        .argParser(parseBaseUrl),
    )
    .option('--date <YYYY-MM-DD>', "evaluate dated rules (rotating categories) on this day; default: the dataset's latest as_of", parseDate)
    .addOption(
      new Option(
        '--dataset-commit <sha>',
        "the dataset's git commit, recorded in this build's change history entry (default: unknown, null)",
      )
        .env('CARDREWARDS_DATASET_COMMIT')
        .argParser(parseCommit),
    )
    .option(
      '--max-output <size>',
      'the most the build may write (files before their .br/.gz siblings), e.g. 200GB or 1TiB; a dataset whose rows may make more is refused before the first byte (default 1TiB)',
      parseSize,
    )
    .addHelpText(
      'after',
      '\nExit codes: 0 built (or already up to date), 1 dataset problems (nothing written), 2 usage or I/O error (a dataset over --max-output among them).',
    )
    .action((options: BuildArguments) =>
      runCommand(async () => {
        await (await import('./build-command.ts')).build(options);
      }),
    );

  program
    .command('get')
    .description('print what a request would get from a built tree, offline: the document, or the problem details the gateway would answer')
    .argument('<target>', `a request path with its query, e.g. '${keyedTarget('compute-best-card', {}, { mcc: '742' })}'`)
    .option('--dist <dir>', 'the built tree', 'dist')
    .option('--explain', 'say on stderr which file answered and why')
    .addHelpText('after', '\nExit codes: 0 a document, 1 the gateway would refuse the request (problem details printed), 2 no tree.')
    .action((target: string, options: { dist: string; explain?: boolean }) =>
      runCommand(async () => (await import('./get-command.ts')).get(target, options)),
    );

  program
    .command('mcp')
    .description(
      'serve a built tree to assistants over the Model Context Protocol (stdio): the same answers as `get`, as tools and resources',
    )
    .option('--dist <dir>', 'the built tree', 'dist')
    .addHelpText('after', '\nExit codes: 0 the client closed the connection, 2 no tree.')
    .action((options: { dist: string }) => runCommand(async () => (await import('./mcp-command.ts')).mcp(options)));

  program
    .command('diff')
    .description('what changed between two built trees: files per route family, and the answers users see change')
    .argument('<old-dist>')
    .argument('<new-dist>')
    .addOption(
      new Option(
        '--format <format>',
        'markdown (for a pull-request comment), jsonl, or upload (the paths a deploy must upload over a copy of <old-dist>, one a line)',
      )
        .choices(['markdown', 'jsonl', 'upload'])
        .default('markdown'),
    )
    .addHelpText('after', '\nExit codes: 0 the builds are the same, 1 they differ, 2 usage or I/O error.')
    .action((oldDist: string, newDist: string, options: { format: DiffFormat }) =>
      runCommand(async () => (await import('./diff-command.ts')).diff(oldDist, newDist, options)),
    );

  program
    .command('validate')
    .description('check the dataset and print a summary; writes nothing')
    .addOption(datasetOption())
    .option('--max-age-days <n>', 'list rows whose as_of is older than this many days (default 180)', parseDays)
    .option('--as-of <YYYY-MM-DD>', "the day ages are counted from; default: the dataset's latest as_of (never the clock)", parseDate)
    .option(
      '--date <YYYY-MM-DD>',
      "the build date rotating categories are checked on, as build's --date; default: the dataset's latest as_of",
      parseDate,
    )
    .option('--json', 'print only the problems, as JSON lines {code, file, line, column, message} on stdout')
    .addHelpText('after', '\nExit codes: 0 valid, 1 dataset problems, 2 usage or I/O error.')
    .action((options: { dataset: string; maxAgeDays?: number; asOf?: string; date?: string; json?: boolean }) =>
      runCommand(async () =>
        (await import('./build-command.ts')).validate(
          options.dataset,
          {
            ...(options.maxAgeDays === undefined ? {} : { maxAgeDays: options.maxAgeDays }),
            ...(options.asOf === undefined ? {} : { referenceDate: options.asOf }),
            ...(options.date === undefined ? {} : { buildDate: options.date }),
          },
          options.json === true,
        ),
      ),
    );
}

/** An http(s) URL without a trailing slash. */
export function parseBaseUrl(value: string): string {
  if (!/^https?:\/\/[^\s/]+(\/[^\s]*)?$/.test(value))
    throw new InvalidArgumentError('expected an http(s) URL such as https://rewards.example.com');
  return value.replace(/\/+$/, '');
}

/** A git commit id, as `git rev-parse HEAD` prints it (or abbreviated). */
function parseCommit(value: string): string {
  if (!/^[0-9a-f]{7,64}$/.test(value)) throw new InvalidArgumentError('expected a git commit id: 7 to 64 lower-case hex digits');
  return value;
}

/** Bytes as a whole number with an optional unit: 5000000, 500MB, 200GB, 1TiB (decimal units are powers of 1000, binary ones of 1024). */
export function parseSize(value: string): number {
  const match = /^(\d{1,15})\s*(B|KB|MB|GB|TB|KiB|MiB|GiB|TiB)?$/.exec(value.trim());
  if (!match) throw new InvalidArgumentError('expected a size such as 5000000, 500MB, 200GB or 1TiB');
  const unit = match[2] ?? 'B';
  return Number(match[1]) * SIZE_UNITS[unit as keyof typeof SIZE_UNITS];
}

const SIZE_UNITS = { B: 1, KB: 1e3, MB: 1e6, GB: 1e9, TB: 1e12, KiB: 2 ** 10, MiB: 2 ** 20, GiB: 2 ** 30, TiB: 2 ** 40 } as const;

function parseDays(value: string): number {
  if (!/^\d{1,5}$/.test(value)) throw new InvalidArgumentError('expected a whole number of days');
  return Number(value);
}

function parseDate(value: string): string {
  if (!isIsoDate(value)) throw new InvalidArgumentError('expected a date as YYYY-MM-DD');
  return value;
}
