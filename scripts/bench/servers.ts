/** Starting servers for a benchmark: a free port to give one, the limits they run with, a Redis and a key, and waiting until it answers. */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { connect, createServer } from 'node:net';

/** A daily and monthly limit no benchmark run reaches: every call it makes is counted and served. */
export const UNREACHED_LIMIT = 1_000_000_000;
/** `--limits` / `CARDREWARDS_LIMITS` with UNREACHED_LIMIT for every tier (enterprise is unlimited anyway). */
export const UNREACHED_LIMITS = `free=${UNREACHED_LIMIT},starter=${UNREACHED_LIMIT},pro=${UNREACHED_LIMIT},enterprise=unlimited`;

/** A TCP port nothing listens on now (the OS picks it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * Resolves once `url` answers below 500, polling every `everyMs`; throws after `timeoutMs`. A gateway
 * loads its whole manifest before it listens: seconds on a loaded machine, minutes under valgrind.
 */
export async function waitFor(url: string, { timeoutMs = 60_000, everyMs = 100 } = {}): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  throw new Error(`${url} did not come up`);
}

/** Resolves once something accepts TCP connections on `port` (polling every 50 ms); throws after `timeoutMs`. */
async function waitForPort(port: number, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`nothing listens on port ${port}`);
}

/** A redis-server of the benchmark's own on a free port, keeping nothing on disk, pinned to `cpus` when given; resolves once it takes connections. */
export async function startRedis(cpus?: string): Promise<{ readonly url: string; readonly process: ChildProcess }> {
  const port = await freePort();
  const command = ['redis-server', '--port', String(port), '--save', '', '--appendonly', 'no'];
  const child =
    cpus === undefined
      ? spawn('redis-server', command.slice(1), { stdio: 'ignore' })
      : spawn('taskset', ['-c', cpus, ...command], { stdio: 'ignore' });
  await waitForPort(port);
  return { url: `redis://127.0.0.1:${port}`, process: child };
}

/** A new pro key, made by `cardrewards keys create` in the store `env` names (REDIS_URL, or the state file). */
export function createKey(name: string, env: NodeJS.ProcessEnv): string {
  const created = execFileSync(process.execPath, ['bin/cardrewards.js', 'keys', 'create', '--tier', 'pro', '--name', name], {
    env: { ...process.env, ...env },
  });
  return created.toString().trim().split('\n').pop() ?? '';
}
