/**
 * The gateway's front door: `openGateway(config)` opens the store, the build source, the proxy and
 * the metrics (a cluster worker's answered to its primary, `server/workers.ts`), listens, and closes them all again; it is also the one gateway module the CLI
 * imports besides the option table (`options.ts`), so it re-exports what the other commands use
 * (keys, a build read offline, the configuration). The CLI parses options and prints; what a
 * serving process opens, in which order, and how it unwinds a start that fails, is decided here.
 */
import type { AddressInfo } from 'node:net';
import { generateKey, hashKey, hashPrefix } from './api-keys.ts';
import { type BuildSource, createBuildSource, createRemoteBuildSource } from './build/build-source.ts';
import type { GatewayConfig } from './config.ts';
import { type RunningGateway, startGateway } from './create-gateway.ts';
import { GatewayError } from './errors.ts';
import { createLogger } from './logger.ts';
import { createOriginProxy } from './http/origin-proxy.ts';
import { openStore } from './open-store.ts';
import { createMetrics, renderMetrics } from './server/metrics.ts';
import { buildFacts, type RunningMetricsServer, startMetricsServer } from './server/metrics-server.ts';
import { answerMetricsRequests, isWorker } from './server/workers.ts';
import type { Store } from './store.ts';

export { generateKey, HASH_PREFIX_LENGTH, hashKey, hashPrefix } from './api-keys.ts';
export { type Build, type BuildSource, loadBuild } from './build/build-source.ts';
export { formatConfig, type GatewayConfig, type RawOptions, resolveConfig } from './config.ts';
export { GatewayError } from './errors.ts';
export { createOfflineAnswer, type OfflineAnswer } from './offline-answer.ts';
export { openStore } from './open-store.ts';
export type { Manifest } from './parse-manifest.ts';
export { periodsOf } from './periods.ts';
export { isWorker, leaveCluster, type SupervisorOutput, superviseWorkers } from './server/workers.ts';
export { servingFlagsHint } from './serving-node-flags.ts';
export type { Exchange } from './steps/exchange.ts';
export type { KeyRecord, Store } from './store.ts';

/** What the store turned out to be once open, for the lines `serve` prints. */
export interface OpenedStoreFacts {
  readonly kind: Store['kind'];
  readonly location: string;
  /** Problems the store sees in its own setup (each also logged). */
  readonly warnings: readonly string[];
  /** The keys an embedded store holds; undefined for Redis, whose keys are not listed at start. */
  readonly keyCount: number | undefined;
  /** A first run's demo key (tier pro), shown once, with its hash prefix; undefined when none was made. */
  readonly demoKey: { readonly key: string; readonly hashPrefix: string } | undefined;
}

export interface OpenGatewayOptions {
  /** Told once the store is open, before the build is loaded (so its lines come first). */
  readonly onStore?: ((facts: OpenedStoreFacts) => void) | undefined;
}

/** A listening gateway and what it opened. */
export interface OpenGateway {
  /** `http://host:port` as bound (port 0 becomes the real port). */
  readonly url: string;
  /** The port bound. */
  readonly port: number;
  /** Where `/metrics` is served by this process; undefined when it serves none. */
  readonly metricsUrl: string | undefined;
  /** Stops listening and closes the build source, the proxy, the metrics server and the store; `reason` is logged. */
  close(reason?: string): Promise<void>;
}

/**
 * Opens everything a serving process needs and listens. Rejects with `ERR_MANIFEST_READ` when there
 * is no build to serve, or with the listener's error, having closed whatever it had opened: a
 * half-started gateway would answer `/healthz` and fail every call.
 */
export async function openGateway(config: GatewayConfig, options: OpenGatewayOptions = {}): Promise<OpenGateway> {
  const logger = createLogger(config.logLevel);
  const store = await openStore(config, logger);
  const warnings = await store.warnings().catch(() => []);
  for (const warning of warnings) logger.warn({ store: store.kind }, warning);
  const keyCount = store.kind === 'embedded' ? (await store.listKeys()).length : undefined;
  const demoKey = keyCount === 0 && config.demoKey ? await createDemoKey(store) : undefined;
  options.onStore?.({ kind: store.kind, location: store.location, warnings, keyCount, demoKey });

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
    // A cluster worker answers its primary, which serves every worker's counters; a lone process serves its own.
    if (metrics !== undefined && isWorker()) answerMetricsRequests(metrics, builds);
    else if (metrics !== undefined && config.metricsPort !== undefined)
      metricsServer = await startMetricsServer(config.metricsHost, config.metricsPort, async () =>
        renderMetrics(metrics.snapshot(), buildFacts(builds), 1),
      );
  } catch (error) {
    await gateway?.close();
    builds.close();
    proxy?.close();
    await store.close();
    throw error;
  }
  const running = gateway;
  return {
    url: running.url,
    port: (running.server.address() as AddressInfo).port,
    metricsUrl: metricsServer?.url,
    close: async (reason) => {
      if (reason !== undefined) logger.info({ signal: reason }, 'stopping');
      builds.close();
      proxy?.close();
      await metricsServer?.close();
      await running.close();
      await store.close();
    },
  };
}

/** A first run on a bare machine gets one pro key; only its hash is stored. */
async function createDemoKey(store: Store): Promise<{ key: string; hashPrefix: string }> {
  const key = generateKey();
  await store.saveKey({ hash: hashKey(key), tier: 'pro', name: 'demo', status: 'active', created: new Date().toISOString() });
  return { key, hashPrefix: hashPrefix(hashKey(key)) };
}
