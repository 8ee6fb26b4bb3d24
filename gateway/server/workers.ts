/**
 * `serve --workers N`: the primary process forks N workers (node:cluster), which share the
 * listening port and each run the whole gateway; the counters they share live in Redis or the
 * embedded store. A worker that dies is replaced (at most once a second), one that dies before it
 * listened ends the gateway (it would not start again either); SIGINT or SIGTERM stops
 * them all. With `--metrics-port`, the primary serves `/metrics`: the workers' counters, asked for
 * over the cluster's IPC channel at each scrape and added up.
 */
import cluster, { type Worker } from 'node:cluster';
import type { BuildSource } from '../build/build-source.ts';
import type { GatewayConfig } from '../config.ts';
import { GatewayError } from '../errors.ts';
import { type BuildFacts, type Metrics, type MetricsSnapshot, mergeSnapshots, renderMetrics } from './metrics.ts';
import { buildFacts, startMetricsServer } from './metrics-server.ts';

/** Where the supervisor's lines go (the CLI prints them) and the exit code of a failure, as the CLI decides it. */
export interface SupervisorOutput {
  /** A line about the cluster as a whole (where its metrics are). */
  say(line: string): void;
  /** A line about a worker that exited. */
  warn(line: string): void;
  /** The process's exit code when stopping takes too long after `failure`. */
  exitCodeFor(failure: GatewayError): number;
}

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

/** In a worker that cannot start: closes its channel to the primary, which would otherwise keep the process alive. */
export function leaveCluster(): void {
  cluster.worker?.disconnect();
}

/**
 * Forks `config.workers` workers running the same command line, and keeps them running until a signal.
 * Rejects, once every worker has stopped, when the metrics address cannot be bound or a worker exits
 * before it ever listened: what stops one worker from starting stops its replacement too.
 */
export async function superviseWorkers(config: GatewayConfig, output: SupervisorOutput): Promise<void> {
  let scrapes = 0;
  // Bound before any worker starts, so a busy address ends the start with nothing running.
  const metricsServer =
    config.metricsPort === undefined
      ? undefined
      : await startMetricsServer(config.metricsHost, config.metricsPort, () => collectMetrics(++scrapes));
  if (metricsServer !== undefined) output.say(`  metrics of all ${config.workers} workers at ${metricsServer.url}`);
  let stopping = false;
  let failure: GatewayError | undefined;
  let lastRestart = 0;
  const listened = new WeakSet<Worker>();
  cluster.on('listening', (worker) => listened.add(worker));
  const fork = (): Worker => cluster.fork();
  for (let i = 0; i < config.workers; i++) fork();
  return new Promise((resolve, reject) => {
    const stop = () => {
      if (stopping) return;
      stopping = true;
      void metricsServer?.close();
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
      const stopped = () => {
        if (Object.keys(cluster.workers ?? {}).length > 0) return;
        cluster.off('exit', stopped);
        if (failure === undefined) resolve();
        else reject(failure);
      };
      cluster.on('exit', stopped);
      stopped();
      setTimeout(() => process.exit(failure === undefined ? 0 : output.exitCodeFor(failure)), 5000).unref();
    };
    cluster.on('exit', (worker, code, signal) => {
      if (stopping) return;
      if (!listened.has(worker)) {
        // The worker has printed why (a busy port, no build, a store that cannot open).
        failure = new GatewayError(
          'ERR_WORKER_START',
          `worker ${worker.process.pid} exited (${signal ?? code}) before it listened; stopping the other workers`,
        );
        return stop();
      }
      output.warn(`  worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
      const wait = Math.max(0, lastRestart + 1000 - Date.now());
      lastRestart = Date.now() + wait;
      setTimeout(fork, wait);
    });
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}
