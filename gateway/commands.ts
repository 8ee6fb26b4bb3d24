/**
 * The gateway's subcommands of `cardrewards`: `serve` and `keys create|list|revoke|usage`.
 * This is the only gateway layer that reads the environment, prints for humans and sets the exit code.
 */
import type { AddressInfo } from 'node:net';
import { type Command, Option } from 'commander';
import { generateKey, hashKey, hashPrefix, HASH_PREFIX_LENGTH } from './api-keys.ts';
import { createBuildSource, createRemoteBuildSource, type BuildSource } from './build-source.ts';
import { formatConfig, resolveConfig, type GatewayConfig, type RawOptions } from './config.ts';
import { type RunningGateway, startGateway } from './create-gateway.ts';
import { GatewayError } from './errors.ts';
import { createLogger } from './logger.ts';
import { TIERS, type Tier } from './manifest.ts';
import { openStore } from './open-store.ts';
import { createOriginProxy } from './origin-proxy.ts';
import { periodsOf } from './periods.ts';
import type { KeyRecord, Store } from './store.ts';

/** Adds the gateway's commands to the CLI program. */
export function registerGatewayCommands(program: Command): void {
  const storeOptions = (command: Command) =>
    command
      .option('--redis-url <url>', 'keep keys and counters in Redis (env REDIS_URL); default: the embedded state file')
      .option('--state-file <file>', "the embedded store's file (env CARDREWARDS_STATE_FILE)", undefined);

  storeOptions(
    program.command('serve').description('serve the built tree: static files without a key, keyed routes with key, tier and quota checks'),
  )
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
    .option('--no-demo-key', 'do not create a demo key when the embedded store has none')
    .addHelpText(
      'after',
      '\nExit codes: 0 stopped by a signal, 2 invalid configuration, no build to serve or an address that cannot be used.',
    )
    .action((flags: RawOptions & { demoKey?: boolean }) =>
      run(() => serve({ ...flags, demoKey: flags.demoKey === false ? 'false' : undefined })),
    );

  const keys = program.command('keys').description('create, list, revoke API keys and show their usage');
  storeOptions(keys.command('create').description('create a key; it is printed once and only its SHA-256 hash is stored'))
    .addOption(new Option('--tier <tier>', "the key's tier").choices(TIERS).makeOptionMandatory())
    .requiredOption('--name <name>', 'who or what the key is for')
    .action((flags: RawOptions & { tier: Tier; name: string }) =>
      run(() => withStore(flags, (store) => createKey(store, flags.tier, flags.name))),
    );
  storeOptions(keys.command('list').description('list keys: hash prefix, tier, status, created, name')).action((flags: RawOptions) =>
    run(() => withStore(flags, listKeys)),
  );
  storeOptions(keys.command('revoke').description('revoke the key whose hash starts with <hash-prefix>').argument('<hash-prefix>')).action(
    (prefix: string, flags: RawOptions) => run(() => withStore(flags, (store) => revokeKey(store, prefix))),
  );
  storeOptions(keys.command('usage').description('calls of the current UTC day and month of a key').argument('<hash-prefix>')).action(
    (prefix: string, flags: RawOptions) =>
      run(() => withStore(flags, (store) => showUsage(store, prefix, resolveConfig(flags, process.env)))),
  );
}

/** Runs a command body; a GatewayError is a usage problem (exit 2), printed without a stack. */
async function run(body: () => Promise<void>): Promise<void> {
  try {
    await body();
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    console.error(`cardrewards: ${error.message} [${error.code}]`);
    process.exitCode = error.code === 'ERR_KEY_NOT_FOUND' || error.code === 'ERR_KEY_AMBIGUOUS' ? 1 : 2;
  }
}

async function withStore(flags: RawOptions, body: (store: Store) => Promise<void>): Promise<void> {
  const config = resolveConfig(flags, process.env);
  const store = await openStore(config);
  try {
    await store.ping().catch((error: unknown) => {
      throw new GatewayError(
        'ERR_STORE_UNAVAILABLE',
        `the ${store.kind} store at ${store.location} is unreachable: ${(error as Error).message}`,
        { cause: error },
      );
    });
    await body(store);
  } finally {
    await store.close();
  }
}

async function createKey(store: Store, tier: Tier, name: string): Promise<void> {
  const key = generateKey();
  const record: KeyRecord = { hash: hashKey(key), tier, name, status: 'active', created: new Date().toISOString() };
  await store.saveKey(record);
  // The key alone on stdout (KEY=$(cardrewards keys create …) works); the rest on stderr.
  console.log(key);
  console.error(`created ${tier} key "${name}" (hash ${hashPrefix(record.hash)}) in the ${store.kind} store; it is shown only this once`);
}

async function listKeys(store: Store): Promise<void> {
  const keys = (await store.listKeys()).sort((a, b) => (a.created < b.created ? -1 : a.created > b.created ? 1 : 0));
  if (keys.length === 0) return void console.error(`no keys in the ${store.kind} store (${store.location})`);
  console.log(['hash'.padEnd(HASH_PREFIX_LENGTH), 'tier'.padEnd(10), 'status'.padEnd(8), 'created'.padEnd(20), 'name'].join('  '));
  for (const key of keys) {
    console.log(
      [
        hashPrefix(key.hash),
        key.tier.padEnd(10),
        key.status.padEnd(8),
        key.created.slice(0, 19).replace('T', ' ').padEnd(20),
        key.name,
      ].join('  '),
    );
  }
}

/** The one key whose hash starts with `prefix` (at least 6 hex characters). */
async function findKey(store: Store, prefix: string): Promise<KeyRecord> {
  const wanted = prefix.toLowerCase();
  if (!/^[0-9a-f]{6,64}$/.test(wanted))
    throw new GatewayError(
      'ERR_CONFIG_INVALID',
      `"${prefix}" is not a hash prefix; give at least 6 hex characters as shown by \`cardrewards keys list\``,
    );
  const matches = (await store.listKeys()).filter((key) => key.hash.startsWith(wanted));
  if (matches.length === 0) throw new GatewayError('ERR_KEY_NOT_FOUND', `no key's hash starts with ${wanted}`);
  if (matches.length > 1)
    throw new GatewayError('ERR_KEY_AMBIGUOUS', `${matches.length} keys' hashes start with ${wanted}; give more characters`);
  return matches[0] as KeyRecord;
}

async function revokeKey(store: Store, prefix: string): Promise<void> {
  const key = await findKey(store, prefix);
  await store.revoke(key.hash);
  console.log(`revoked ${hashPrefix(key.hash)} (${key.tier}, "${key.name}")`);
}

async function showUsage(store: Store, prefix: string, config: GatewayConfig): Promise<void> {
  const key = await findKey(store, prefix);
  const now = new Date();
  const counts = await store.usage(key.hash, now);
  const periods = periodsOf(now);
  const limits = config.limits[key.tier];
  const of = (limit: number | null) => (limit === null ? 'unlimited' : String(limit));
  console.log(`${hashPrefix(key.hash)} (${key.tier}, ${key.status}, "${key.name}")`);
  console.log(`day   ${periods.day}: ${counts.day} of ${of(limits.daily)}`);
  console.log(`month ${periods.month}: ${counts.month} of ${of(limits.monthly)}`);
}

async function serve(flags: RawOptions): Promise<void> {
  const config = resolveConfig(flags, process.env);
  const logger = createLogger(config.logLevel);
  console.log('cardrewards gateway');
  for (const line of formatConfig(config)) console.log(`  ${line}`);
  const store = await openStore(config, logger);
  console.log(
    store.kind === 'embedded'
      ? `  using the embedded store (${store.location}): one gateway process only; set REDIS_URL or --redis-url to share keys and counters`
      : `  using Redis at ${store.location}`,
  );
  const demoKey =
    store.kind === 'embedded' && config.demoKey && (await store.listKeys()).length === 0 ? await createDemoKey(store) : undefined;

  const sourceOptions = {
    intervalMs: config.reloadIntervalMs,
    onLoad: (build: { manifest: { build: string; routes: readonly unknown[]; files: object } }) =>
      logger.info(
        { build: build.manifest.build, routes: build.manifest.routes.length, files: Object.keys(build.manifest.files).length },
        'build loaded',
      ),
    onError: (error: GatewayError) => logger.error({ code: error.code }, error.message),
  };
  const builds: BuildSource =
    config.originUrl === undefined
      ? createBuildSource({ ...sourceOptions, distDir: config.distDir })
      : await createRemoteBuildSource({ ...sourceOptions, originUrl: config.originUrl });
  if (builds.current() === undefined) {
    await store.close();
    builds.close();
    throw new GatewayError(
      'ERR_MANIFEST_READ',
      `no build to serve at ${config.originUrl ?? config.distDir}; run \`cardrewards build\` first`,
    );
  }
  const proxy = config.originUrl === undefined ? undefined : createOriginProxy(config.originUrl, logger);
  let gateway: RunningGateway;
  try {
    gateway = await startGateway({ config, store, builds, logger, proxy });
  } catch (error) {
    // A busy port or an address this host does not have is the user's to fix, not a crash.
    builds.close();
    proxy?.close();
    await store.close();
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EADDRINUSE' && code !== 'EACCES' && code !== 'EADDRNOTAVAIL') throw error;
    const why =
      code === 'EADDRINUSE' ? 'the port is already in use' : code === 'EACCES' ? 'permission denied' : 'no such address on this host';
    throw new GatewayError(
      'ERR_LISTEN',
      `cannot listen on ${config.host}:${config.port}: ${why}; choose another with --port/--host (PORT, CARDREWARDS_HOST)`,
      { cause: error },
    );
  }
  if (demoKey !== undefined) {
    // Printed once listening, so the line names the real port (also with --port 0) and a host curl can reach.
    const { port } = gateway.server.address() as AddressInfo;
    const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
    console.log(`  try: curl -H "X-API-Key: ${demoKey}" http://${host.includes(':') ? `[${host}]` : host}:${port}/api/cards`);
  }
  console.log(`  listening on ${gateway.url} (docs at ${gateway.url}/docs)`);

  const stop = async (signal: string) => {
    logger.info({ signal }, 'stopping');
    builds.close();
    proxy?.close();
    await gateway.close();
    await store.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

/** A first run on a bare machine gets one pro key, printed once (and again in the curl line `serve` prints once listening). */
async function createDemoKey(store: Store): Promise<string> {
  const key = generateKey();
  await store.saveKey({ hash: hashKey(key), tier: 'pro', name: 'demo', status: 'active', created: new Date().toISOString() });
  console.log(`  created a demo key (tier pro, hash ${hashPrefix(hashKey(key))}); it is shown only this once:`);
  console.log(`    ${key}`);
  return key;
}
