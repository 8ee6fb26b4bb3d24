/** Starting servers for a benchmark: a free port to give one, the limits they run with, and waiting until it answers. */
import { createServer } from 'node:net';

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
