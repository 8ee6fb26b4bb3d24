/**
 * The gateway's subcommands, `serve`, `start` (build, then serve) and
 * `keys create|list|revoke|usage|export|import`: their options and help only. Each action imports
 * its implementation when it runs, so `--help` loads no gateway code.
 */
import { type Command, Option } from 'commander';
import type { RawOptions } from '../gateway/open-gateway.ts';
import { OPTIONS, type OptionName, optionHelp, STORE_OPTIONS } from '../gateway/options.ts';
import { TIERS, type Tier } from '../schemas/manifest.ts';
import { runCommand } from './run-command.ts';

const keysCommand = () => import('./keys-command.ts');

type ServeFlags = RawOptions & { demoKey?: boolean };

/** Commander's `--no-demo-key` sets `demoKey: false`; the configuration takes it as the text of an environment value. */
function serveFlags(flags: ServeFlags): RawOptions {
  return { ...flags, demoKey: flags.demoKey === false ? 'false' : undefined };
}

/** Adds the options `names` (after those `first` adds), each made from its one definition in `gateway/options.ts`. */
function addOptions(command: Command, names: readonly OptionName[], first?: (command: Command) => Command): Command {
  const target = first === undefined ? command : first(command);
  for (const name of names) target.addOption(new Option(OPTIONS[name].flag, optionHelp(name)));
  return target;
}

/** Adds `serve` and `keys …` to the program. */
export function defineGatewayCommands(program: Command): void {
  const storeOptions = (command: Command) => addOptions(command, STORE_OPTIONS);
  const serveOptions = (command: Command) =>
    addOptions(
      command,
      (Object.keys(OPTIONS) as OptionName[]).filter((name) => !(STORE_OPTIONS as readonly OptionName[]).includes(name)),
      storeOptions,
    );

  serveOptions(
    program.command('serve').description('serve the built tree: static files without a key, keyed routes with key, tier and quota checks'),
  )
    .addHelpText(
      'after',
      '\nExit codes: 0 stopped by a signal, 2 invalid configuration, no build to serve, an address that cannot be used, a store that cannot be opened or a worker that cannot start.',
    )
    .action((flags: ServeFlags) => runCommand(async () => (await import('./serve-command.ts')).serve(serveFlags(flags))));

  serveOptions(
    program
      .command('start')
      .description('build the dataset with links to the address it will serve on, then serve it (what `npm start` runs)'),
  )
    .option('--dataset <dir>', 'folder holding the dataset CSV files', 'dataset')
    .addHelpText('after', '\nExit codes: as `build`, then as `serve`.')
    .action((flags: ServeFlags & { dataset: string }) =>
      runCommand(async () => (await import('./start-command.ts')).start(flags.dataset, serveFlags(flags))),
    );

  const keys = program.command('keys').description('create, list, revoke API keys and show their usage');
  storeOptions(keys.command('create').description('create a key; it is printed once and only its SHA-256 hash is stored'))
    .addOption(new Option('--tier <tier>', "the key's tier").choices(TIERS).makeOptionMandatory())
    .requiredOption('--name <name>', 'who or what the key is for')
    .action((flags: RawOptions & { tier: Tier; name: string }) =>
      runCommand(async () => (await keysCommand()).createKey(flags, flags.tier, flags.name)),
    );
  storeOptions(keys.command('list').description('list keys: hash prefix, tier, status, created, name')).action((flags: RawOptions) =>
    runCommand(async () => (await keysCommand()).listKeys(flags)),
  );
  storeOptions(keys.command('revoke').description('revoke the key whose hash starts with <hash-prefix>').argument('<hash-prefix>')).action(
    (prefix: string, flags: RawOptions) => runCommand(async () => (await keysCommand()).revokeKey(flags, prefix)),
  );
  storeOptions(
    keys.command('export').description('print every key record (hashes only) as JSON lines, for a backup or another store'),
  ).action((flags: RawOptions) => runCommand(async () => (await import('./keys-transfer.ts')).exportKeys(flags)));
  storeOptions(
    keys
      .command('import')
      .description(
        'merge the key records of a JSON-lines file made by `keys export` (- for stdin) by key hash: new keys are added, revocation is final, an active key keeps the store tier and name; each change is printed',
      )
      .argument('<file>'),
  )
    .addHelpText(
      'after',
      '\nExit codes: 0 imported, 2 a file that cannot be read or a line that is not a key record (nothing imported), or a store error.',
    )
    .action((file: string, flags: RawOptions) => runCommand(async () => (await import('./keys-transfer.ts')).importKeys(flags, file)));
  storeOptions(keys.command('usage').description('calls of the current UTC day and month of a key').argument('<hash-prefix>'))
    .addOption(new Option(OPTIONS.limits.flag, `the limits \`serve\` enforces: ${optionHelp('limits')}`))
    .action((prefix: string, flags: RawOptions) => runCommand(async () => (await keysCommand()).showUsage(flags, prefix)));
}
