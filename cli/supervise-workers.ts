/**
 * `serve --workers N`: the primary process forks N workers (node:cluster), which share the
 * listening port and each run the whole gateway; the counters they share live in Redis or the
 * embedded store. A worker that dies is replaced (at most once a second); SIGINT or SIGTERM stops
 * them all. With `--metrics-port`, the primary serves `/metrics`: the workers' counters, asked for
 * over the cluster's IPC channel at each scrape and added up.
 */
import cluster, { type Worker } from 'node:cluster';
import type { BuildSource } from '../gateway/build-source.ts';
import type { GatewayConfig } from '../gateway/config.ts';
import { type BuildFacts, type Metrics, type MetricsSnapshot, mergeSnapshots, renderMetrics } from '../gateway/metrics.ts';
import { buildFacts, type RunningMetricsServer, startMetricsServer } from '../gateway/metrics-server.ts';
import { startupBanner } from './startup-banner.ts';

/** The IPC message the primary sends a worker to ask for its counters, and the worker's reply. */
const METRICS_MESSAGE = 'cardrewards:metrics';
interface MetricsReply {
  readonly type: typeof METRICS_MESSAGE;
  readonly id: number;
  readonly snapshot: MetricsSnapshot;
  readonly build: BuildFacts | undefined;
}

/** In a worker: answers the primary's requests for this process's counters. */
export function answerMetricsRequests(metrics: Metrics, builds: Pick<BuildSource, 'current'>): void {
  process.on('message', (message: { type?: string; id?: number }) => {
    if (message?.type !== METRICS_MESSAGE) return;
    const reply: MetricsReply = { type: METRICS_MESSAGE, id: message.id ?? 0, snapshot: metrics.snapshot(), build: buildFacts(builds) };
    process.send?.(reply);
  });
}

/** In the primary: every live worker's counters, added up (a worker that does not answer within a second is left out). */
async function collectMetrics(id: number): Promise<string> {
  const workers = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker?.isConnected() === true);
  const replies = await Promise.all(
    workers.map(
      (worker) =>
        new Promise<MetricsReply | undefined>((resolve) => {
          const timer = setTimeout(() => done(undefined), 1000);
          const listener = (message: MetricsReply) => {
            if (message?.type === METRICS_MESSAGE && message.id === id) done(message);
          };
          const done = (reply: MetricsReply | undefined) => {
            clearTimeout(timer);
            worker.off('message', listener);
            resolve(reply);
          };
          worker.on('message', listener);
          worker.send({ type: METRICS_MESSAGE, id });
        }),
    ),
  );
  const answered = replies.filter((reply): reply is MetricsReply => reply !== undefined);
  return renderMetrics(
    mergeSnapshots(answered.map((reply) => reply.snapshot)),
    answered.find((reply) => reply.build !== undefined)?.build,
    answered.length,
  );
}

/** True in a process that `superviseWorkers` forked. */
export function isWorker(): boolean {
  return cluster.isWorker;
}

/** Forks `config.workers` workers running the same command line, and keeps them running until a signal. */
export function superviseWorkers(config: GatewayConfig): Promise<void> {
  for (const line of startupBanner(config)) console.log(line);
  let stopping = false;
  let lastRestart = 0;
  const fork = (): Worker => cluster.fork();
  for (let i = 0; i < config.workers; i++) fork();
  let scrapes = 0;
  let metricsServer: RunningMetricsServer | undefined;
  if (config.metricsPort !== undefined)
    void startMetricsServer(config.metricsHost, config.metricsPort, () => collectMetrics(++scrapes)).then(
      (server) => {
        metricsServer = server;
        console.log(`  metrics of all ${config.workers} workers at ${server.url}`);
      },
      (error: Error) => console.error(`  cannot serve metrics on ${config.metricsHost}:${config.metricsPort}: ${error.message}`),
    );
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    console.error(`  worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
    const wait = Math.max(0, lastRestart + 1000 - Date.now());
    lastRestart = Date.now() + wait;
    setTimeout(fork, wait);
  });
  return new Promise((resolve) => {
    const stop = () => {
      stopping = true;
      void metricsServer?.close();
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
      const stopped = () => {
        if (Object.keys(cluster.workers ?? {}).length > 0) return;
        cluster.off('exit', stopped);
        resolve();
      };
      cluster.on('exit', stopped);
      stopped();
      setTimeout(() => process.exit(0), 5000).unref();
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}
