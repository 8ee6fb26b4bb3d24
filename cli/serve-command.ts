/** What `cardrewards serve` does: resolve the configuration, open the gateway (`gateway/open-gateway.ts`), print where it listens, stop on a signal. */
import {
  isWorker,
  leaveCluster,
  type OpenedStoreFacts,
  openGateway,
  type RawOptions,
  resolveConfig,
  superviseWorkers,
} from '../gateway/open-gateway.ts';
import { keyedTarget } from '../schemas/keyed-routes.ts';
import { exitCodeForError } from './exit-code.ts';
import { startupBanner } from './startup-banner.ts';

/** Serves the built tree until SIGINT or SIGTERM; rejects when it cannot start (and then a worker leaves its cluster, so it exits). */
export async function serve(flags: RawOptions): Promise<void> {
  try {
    await startServing(flags);
  } catch (error) {
    if (isWorker()) leaveCluster();
    throw error;
  }
}

async function startServing(flags: RawOptions): Promise<void> {
  const config = resolveConfig(flags, process.env);
  if (config.workers > 1 && !isWorker()) {
    for (const line of startupBanner(config)) console.log(line);
    return superviseWorkers(config, { say: console.log, warn: console.error, exitCodeFor: exitCodeForError });
  }
  // With several workers the primary has printed the configuration once; each worker says only where it listens.
  const say = isWorker() ? () => undefined : (line: string) => console.log(line);
  for (const line of startupBanner(config)) say(line);
  let demoKey: string | undefined;
  const gateway = await openGateway(config, {
    onStore: (store) => {
      for (const line of storeLines(store, flags)) say(line);
      // The key itself is printed even by a worker: it is shown only this once.
      if (store.demoKey !== undefined) {
        console.log(`  created a demo key (tier pro, hash ${store.demoKey.hashPrefix}); it is shown only this once:`);
        console.log(`    ${store.demoKey.key}`);
        demoKey = store.demoKey.key;
      }
    },
  });
  // Handlers first: a supervisor may send SIGTERM the moment it reads the line below.
  const stop = async (signal: string) => {
    await gateway.close(signal);
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));

  if (demoKey !== undefined) {
    // Printed once listening, so the line names the real port (also with --port 0) and a host curl can reach.
    const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
    console.log(
      `  try: curl -H "X-API-Key: ${demoKey}" http://${host.includes(':') ? `[${host}]` : host}:${gateway.port}${keyedTarget('cards-list')}`,
    );
  }
  if (gateway.metricsUrl !== undefined) console.log(`  metrics at ${gateway.metricsUrl}`);
  console.log(
    isWorker() ? `  worker ${process.pid} listening on ${gateway.url}` : `  listening on ${gateway.url} (docs at ${gateway.url}/docs)`,
  );
}

/** Which store is in use, its warnings and, for a store that already holds keys, how to make another one. */
function storeLines(store: OpenedStoreFacts, flags: RawOptions): string[] {
  const lines = [
    store.kind === 'embedded'
      ? `  using the embedded store (${store.location}): shared exactly by every gateway process on this host; set REDIS_URL or --redis-url to share keys and counters across hosts`
      : `  using Redis at ${store.location}`,
    ...store.warnings.map((warning) => `  warning: ${warning}`),
  ];
  // A later start prints no key (keys are shown once): say how to get one instead of leaving the user without.
  if (store.keyCount !== undefined && store.keyCount > 0)
    lines.push(
      `  ${store.keyCount} key${store.keyCount === 1 ? '' : 's'} in the store (keys are shown only when created); make a new one with: node bin/cardrewards.js keys create --tier pro --name me${flags.stateFile === undefined ? '' : ` --state-file ${String(flags.stateFile)}`}`,
    );
  return lines;
}
