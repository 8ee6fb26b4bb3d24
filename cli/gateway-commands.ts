/**
 * The gateway's subcommands, `serve` and `keys create|list|revoke|usage`: their options and help
 * only. Each action imports its implementation when it runs, so `--help` loads no gateway code.
 */
import { type Command, Option } from 'commander';
import type { RawOptions } from '../gateway/config.ts';
import { TIERS, type Tier } from '../schemas/manifest.ts';
import { runCommand } from './run-command.ts';

const keysCommand = () => import('./keys-command.ts');

type ServeFlags = RawOptions & { demoKey?: boolean };

/** Commander's `--no-demo-key` sets `demoKey: false`; the configuration takes it as the text of an environment value. */
function serveFlags(flags: ServeFlags): RawOptions {
  return { ...flags, demoKey: flags.demoKey === false ? 'false' : undefined };
}

/** Adds `serve` and `keys …` to the program. */
export function defineGatewayCommands(program: Command): void {
  const storeOptions = (command: Command) =>
    command
      .option('--redis-url <url>', 'keep keys and counters in Redis (env REDIS_URL); default: the embedded state file')
      .option('--state-file <file>', "the embedded store's file (env CARDREWARDS_STATE_FILE)", undefined)
      .option(
        '--state-sync <mode>',
        "when the embedded store's counts reach the disk: disk (synced before each answer) or os (written to the OS, which syncs them later: survives a crash of the gateway, not a power cut) (env CARDREWARDS_STATE_SYNC; default disk)",
      );

  const serveOptions = (command: Command) =>
    storeOptions(command)
      .option('--port <n>', 'port to listen on (env PORT; default 8787; 0 picks a free one)')
      .option('--host <host>', 'address to listen on (env CARDREWARDS_HOST; default 127.0.0.1)')
      .option('--dist <dir>', 'the output tree of `cardrewards build` (env CARDREWARDS_DIST; default dist)')
      .option(
        '--limits <spec>',
        'monthly[:daily] calls per tier, e.g. free=1000,starter=10000:500,enterprise=unlimited (env CARDREWARDS_LIMITS)',
      )
      .addOption(
        new Option(
          '--fail-mode <mode>',
          'when the store is unreachable: closed (503) or open (serve uncounted) (env CARDREWARDS_FAIL_MODE; default closed)',
        ),
      )
      .option('--cache-mb <n>', 'megabytes of hot files kept in memory (env CARDREWARDS_CACHE_MB; default 64)')
      .option('--origin-url <url>', 'proxy mode: fetch the manifest and files from this private origin (env CARDREWARDS_ORIGIN_URL)')
      .option('--cors-origin <origin>', 'Access-Control-Allow-Origin (env CARDREWARDS_CORS_ORIGIN; default *)')
      .option('--log-level <level>', 'fatal, error, warn, info, debug, trace or silent (env CARDREWARDS_LOG_LEVEL; default info)')
      .option('--reload-ms <n>', 'how often to check dist for a new build (env CARDREWARDS_RELOAD_MS; default 1000)')
      .option(
        '--metrics-port <n>',
        'serve /metrics (Prometheus text) on this port, apart from the API (env CARDREWARDS_METRICS_PORT; default: off)',
      )
      .option('--metrics-host <host>', 'address of the metrics listener (env CARDREWARDS_METRICS_HOST; default 127.0.0.1)')
      .option('--no-demo-key', 'do not create a demo key when the embedded store has none')
      .option(
        '--key-cache-ms <n>',
        'how long a key record is trusted from memory; revocations take effect within it (env CARDREWARDS_KEY_CACHE_MS; default 1000)',
      )
      .option(
        '--max-connections <n>',
        'open connections a process accepts at once, 0 for no limit (env CARDREWARDS_MAX_CONNECTIONS; default 0)',
      )
      .option(
        '--workers <n>',
        'processes serving requests (env CARDREWARDS_WORKERS; default: one per core with Redis, 1 with the embedded store)',
      );

  serveOptions(
    program.command('serve').description('serve the built tree: static files without a key, keyed routes with key, tier and quota checks'),
  )
    .addHelpText(
      'after',
      '\nExit codes: 0 stopped by a signal, 2 invalid configuration, no build to serve or an address that cannot be used.',
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
    keys.command('import').description('save the key records of a JSON-lines file made by `keys export` (- for stdin)').argument('<file>'),
  ).action((file: string, flags: RawOptions) => runCommand(async () => (await import('./keys-transfer.ts')).importKeys(flags, file)));
  storeOptions(keys.command('usage').description('calls of the current UTC day and month of a key').argument('<hash-prefix>'))
    .option('--limits <spec>', 'the limits `serve` enforces, as for serve (env CARDREWARDS_LIMITS)')
    .action((prefix: string, flags: RawOptions) => runCommand(async () => (await keysCommand()).showUsage(flags, prefix)));
}
