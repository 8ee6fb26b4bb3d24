/**
 * The generator's subcommands, `build` and `validate`: their options and help only. Each action
 * imports its implementation when it runs, so `--version` and `--help` load no generator code.
 */
import { type Command, InvalidArgumentError, Option } from 'commander';
import { isIsoDate } from '../schemas/iso-date.ts';
import { runCommand } from './run-command.ts';

/** Where `service_url` links point when neither `--base-url` nor CARDREWARDS_BASE_URL says: the local gateway. */
export const DEFAULT_BASE_URL = 'http://localhost:8787';

export interface BuildOptions {
  readonly dataset: string;
  readonly out: string;
  readonly baseUrl: string;
  readonly date?: string;
}

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
    .addHelpText('after', '\nExit codes: 0 built (or already up to date), 1 dataset problems (nothing written), 2 usage or I/O error.')
    .action((options: BuildOptions) => runCommand(async () => (await import('./build-command.ts')).build(options)));

  program
    .command('validate')
    .description('check the dataset and print a summary; writes nothing')
    .addOption(datasetOption())
    .option('--max-age-days <n>', 'list rows whose as_of is older than this many days (default 180)', parseDays)
    .option('--as-of <YYYY-MM-DD>', "the day ages are counted from; default: the dataset's latest as_of (never the clock)", parseDate)
    .addHelpText('after', '\nExit codes: 0 valid, 1 dataset problems, 2 usage or I/O error.')
    .action((options: { dataset: string; maxAgeDays?: number; asOf?: string }) =>
      runCommand(async () =>
        (await import('./build-command.ts')).validate(options.dataset, {
          ...(options.maxAgeDays === undefined ? {} : { maxAgeDays: options.maxAgeDays }),
          ...(options.asOf === undefined ? {} : { referenceDate: options.asOf }),
        }),
      ),
    );
}

/** An http(s) URL without a trailing slash. */
export function parseBaseUrl(value: string): string {
  if (!/^https?:\/\/[^\s/]+(\/[^\s]*)?$/.test(value))
    throw new InvalidArgumentError('expected an http(s) URL such as https://rewards.example.com');
  return value.replace(/\/+$/, '');
}

function parseDays(value: string): number {
  if (!/^\d{1,5}$/.test(value)) throw new InvalidArgumentError('expected a whole number of days');
  return Number(value);
}

function parseDate(value: string): string {
  if (!isIsoDate(value)) throw new InvalidArgumentError('expected a date as YYYY-MM-DD');
  return value;
}
