/** What `cardrewards serve` does: resolve the configuration, open the store and the build, listen, stop on a signal. */
import type { AddressInfo } from 'node:net';
import { generateKey, hashKey, hashPrefix } from '../gateway/api-keys.ts';
import { type BuildSource, createBuildSource, createRemoteBuildSource } from '../gateway/build/build-source.ts';
import { type RawOptions, resolveConfig } from '../gateway/config.ts';
import { type RunningGateway, startGateway } from '../gateway/create-gateway.ts';
import { GatewayError } from '../gateway/errors.ts';
import { createLogger } from '../gateway/logger.ts';
import { createMetrics, renderMetrics } from '../gateway/server/metrics.ts';
import { buildFacts, type RunningMetricsServer, startMetricsServer } from '../gateway/server/metrics-server.ts';
import { openStore } from '../gateway/open-store.ts';
import { createOriginProxy } from '../gateway/http/origin-proxy.ts';
import type { Store } from '../gateway/store.ts';
import { startupBanner } from './startup-banner.ts';
import { answerMetricsRequests, isWorker, leaveCluster, superviseWorkers } from './supervise-workers.ts';

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
  if (config.workers > 1 && !isWorker()) return superviseWorkers(config);
  const logger = createLogger(config.logLevel);
  // With several workers the primary has printed the configuration once; each worker says only where it listens.
  const say = isWorker() ? () => undefined : (line: string) => console.log(line);
  for (const line of startupBanner(config)) say(line);
  const store = await openStore(config, logger);
  say(
    store.kind === 'embedded'
      ? `  using the embedded store (${store.location}): shared exactly by every gateway process on this host; set REDIS_URL or --redis-url to share keys and counters across hosts`
      : `  using Redis at ${store.location}`,
  );
  for (const warning of await store.warnings().catch(() => [])) {
    say(`  warning: ${warning}`);
    logger.warn({ store: store.kind }, warning);
  }
  const keyCount = store.kind === 'embedded' ? (await store.listKeys()).length : undefined;
  const demoKey = keyCount === 0 && config.demoKey ? await createDemoKey(store) : undefined;
  // A later start prints no key (keys are shown once): say how to get one instead of leaving the user without.
  if (keyCount !== undefined && keyCount > 0)
    say(
      `  ${keyCount} key${keyCount === 1 ? '' : 's'} in the store (keys are shown only when created); make a new one with: node bin/cardrewards.js keys create --tier pro --name me${flags.stateFile === undefined ? '' : ` --state-file ${String(flags.stateFile)}`}`,
    );

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
  const metrics = config.metricsPort === undefined ? undefined : createMetrics();
  let gateway: RunningGateway | undefined;
  let metricsServer: RunningMetricsServer | undefined;
  try {
    gateway = await startGateway({ config, store, builds, logger, proxy, metrics });
    if (metrics !== undefined && isWorker()) answerMetricsRequests(metrics, builds);
    else if (metrics !== undefined && config.metricsPort !== undefined)
      metricsServer = await startMetricsServer(config.metricsHost, config.metricsPort, async () =>
        renderMetrics(metrics.snapshot(), buildFacts(builds), 1),
      );
  } catch (error) {
    // A listener that cannot start leaves nothing serving: a half-started gateway would answer /healthz and fail every call.
    await gateway?.close();
    builds.close();
    proxy?.close();
    await store.close();
    throw error;
  }
  // Handlers first: a supervisor may send SIGTERM the moment it reads the line below.
  const stop = async (signal: string) => {
    logger.info({ signal }, 'stopping');
    builds.close();
    proxy?.close();
    await metricsServer?.close();
    await gateway.close();
    await store.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));

  if (demoKey !== undefined) {
    // Printed once listening, so the line names the real port (also with --port 0) and a host curl can reach.
    const { port } = gateway.server.address() as AddressInfo;
    const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
    console.log(`  try: curl -H "X-API-Key: ${demoKey}" http://${host.includes(':') ? `[${host}]` : host}:${port}/api/cards`);
  }
  if (metricsServer !== undefined) console.log(`  metrics at ${metricsServer.url}`);
  console.log(
    isWorker() ? `  worker ${process.pid} listening on ${gateway.url}` : `  listening on ${gateway.url} (docs at ${gateway.url}/docs)`,
  );
}

/** A first run on a bare machine gets one pro key, printed once (and again in the curl line `serve` prints once listening). */
async function createDemoKey(store: Store): Promise<string> {
  const key = generateKey();
  await store.saveKey({ hash: hashKey(key), tier: 'pro', name: 'demo', status: 'active', created: new Date().toISOString() });
  console.log(`  created a demo key (tier pro, hash ${hashPrefix(hashKey(key))}); it is shown only this once:`);
  console.log(`    ${key}`);
  return key;
}
