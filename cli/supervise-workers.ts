/**
 * `serve --workers N`: the primary process forks N workers (node:cluster), which share the
 * listening port and each run the whole gateway; the counters they share live in Redis. A worker
 * that dies is replaced (at most once a second); SIGINT or SIGTERM stops them all.
 */
import cluster, { type Worker } from 'node:cluster';
import { formatConfig, type GatewayConfig } from '../gateway/config.ts';

/** True in a process that `superviseWorkers` forked. */
export function isWorker(): boolean {
  return cluster.isWorker;
}

/** Forks `config.workers` workers running the same command line, and keeps them running until a signal. */
export function superviseWorkers(config: GatewayConfig): Promise<void> {
  console.log('cardrewards gateway');
  for (const line of formatConfig(config)) console.log(`  ${line}`);
  let stopping = false;
  let lastRestart = 0;
  const fork = (): Worker => cluster.fork();
  for (let i = 0; i < config.workers; i++) fork();
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
