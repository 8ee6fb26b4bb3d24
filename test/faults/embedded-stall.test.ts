/**
 * A stalled process on the shared embedded store (issue 28): another process holds LMDB's write
 * lock (as a gateway paused by SIGSTOP inside a write transaction does). Counts on this process
 * must fail within the write timeout instead of waiting for the whole stall, `/readyz` must say
 * 503 meanwhile, nothing answered 503 may be counted once the lock is released, and everything
 * works again afterwards.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hashKey } from '../../gateway/api-keys.ts';
import { createBuildSource } from '../../gateway/build/build-source.ts';
import { resolveConfig } from '../../gateway/config.ts';
import { startGateway } from '../../gateway/create-gateway.ts';
import { createLogger } from '../../gateway/logger.ts';
import { createEmbeddedStore } from '../../gateway/stores/embedded-store.ts';
import { createTestKey } from '../helpers/gateway.ts';
import { createTestTree } from '../helpers/gateway-tree.ts';
import { get } from '../helpers/http.ts';
import { ROOT, runCli } from '../helpers/cli.ts';
import { startServeProcess } from '../helpers/serve-process.ts';

const work = mkdtempSync(join(tmpdir(), 'cardrewards-stall-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A process that opens the database and holds its write lock for `ms`, as a stalled gateway would; resolves once it holds it. */
function holdWriteLock(file: string, ms: number) {
  const script = `
    import { open } from 'lmdb';
    const db = open({ path: ${JSON.stringify(file)}, encoding: 'json', compression: false });
    db.transactionSync(() => {
      db.putSync('stall', 1);
      process.stdout.write('holding\\n');
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ${ms});
    });
    process.exit(0);`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT });
  const holding = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`the lock holder exited with ${code}`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { holding, exited };
}

describe('a stalled process on the shared embedded store', () => {
  it('cannot stall this one beyond the write timeout; /readyz is 503 meanwhile; refused calls are not counted', async () => {
    const file = join(work, 'state.mdb');
    const store = createEmbeddedStore({ file, sync: 'os', writeTimeoutMs: 400 });
    const tree = await createTestTree(work);
    const config = resolveConfig({ port: '0', dist: tree.out, logLevel: 'silent' }, {});
    const builds = createBuildSource({ distDir: config.distDir, intervalMs: 60_000 });
    const gateway = await startGateway({ config, store, builds, logger: createLogger('silent') });
    try {
      const key = await createTestKey(store, 'pro');
      const call = () => get(gateway.url, '/api/cards', { headers: { 'X-API-Key': key }, timeoutMs: 10_000 });
      expect((await call()).status).toBe(200);
      expect((await get(gateway.url, '/readyz')).status).toBe(200);

      const stall = holdWriteLock(file, 3000);
      await stall.holding;
      const started = Date.now();
      const during = await Promise.all(Array.from({ length: 10 }, call));
      const waited = Date.now() - started;
      const ready = await get(gateway.url, '/readyz');
      expect(during.map((reply) => reply.status)).toEqual(Array(10).fill(503));
      // Bounded by the write timeout (400 ms), not the 3 s stall; generous for a loaded machine.
      expect(waited).toBeLessThan(2000);
      expect(ready.status).toBe(503);
      expect((ready.json as { code: string }).code).toBe('store-unavailable');

      await stall.exited;
      for (let i = 0; i < 50 && (await get(gateway.url, '/readyz')).status !== 200; i++) await new Promise((r) => setTimeout(r, 100));
      expect((await get(gateway.url, '/readyz')).status).toBe(200);
      expect((await call()).status).toBe(200);
      // Two calls served, before and after; none of the ten refused ones was counted when the lock came free.
      expect(await store.usage(hashKey(key), new Date())).toEqual({ day: 2, month: 2 });
    } finally {
      builds.close();
      await gateway.close();
      await store.close();
    }
  });
});

/** Keyed calls, `parallel` at a time, until `until()`; each status (0 for no answer) goes into `statuses` as it comes. */
async function loadUntil(
  urls: readonly string[],
  key: string,
  parallel: number,
  until: () => boolean,
  statuses: number[] = [],
): Promise<number[]> {
  const worker = async (i: number) => {
    const url = urls[i % urls.length] as string;
    while (!until()) {
      const reply = await get(url, '/api/cards', { headers: { 'X-API-Key': key }, timeoutMs: 15_000 }).catch(() => undefined);
      statuses.push(reply?.status ?? 0);
    }
  };
  await Promise.all(Array.from({ length: parallel }, (_, i) => worker(i)));
  return statuses;
}

// Issue 45: with the default disk sync, a gateway paused with SIGSTOP mid-write made half of the
// other gateway's 503s (and of its own) count once it resumed, so a client that retried paid twice.
describe.each(['disk', 'os'])('two gateways on one embedded store (sync %s), one paused mid-write', (sync) => {
  it('counts exactly the calls answered 200: no 503 is counted later', async () => {
    const state = join(work, `paused-${sync}.mdb`);
    const tree = await createTestTree(work);
    const key = (await runCli(['keys', 'create', '--tier', 'enterprise', '--name', 'paused', '--state-file', state])).stdout.trim();
    const serve = () =>
      startServeProcess(work, ['--port', '0', '--dist', tree.out, '--state-file', state, '--state-sync', sync, '--log-level', 'silent'], {
        REDIS_URL: '',
      });
    const paused = serve();
    const other = serve();
    try {
      const urls = await Promise.all([paused.listening, other.listening]);
      // Both gateways busy counting; the first one is stopped four times for longer than the 2 s write timeout.
      // On a loaded machine a pause may refuse nothing: it goes on (up to 12 pauses) until one has.
      let done = false;
      const seen: number[] = [];
      const running = loadUntil(urls, key, 16, () => done, seen);
      for (let round = 0; round < 4 || (round < 12 && !seen.includes(503)); round++) {
        await new Promise((resolve) => setTimeout(resolve, 300 + (round % 4) * 70));
        paused.child.kill('SIGSTOP');
        await new Promise((resolve) => setTimeout(resolve, 2600));
        paused.child.kill('SIGCONT');
      }
      done = true;
      const statuses = await running;
      // Late refunds and commits settle once nothing holds the lock.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const served = statuses.filter((status) => status === 200).length;
      const refused = statuses.filter((status) => status === 503).length;
      expect(served).toBeGreaterThan(0);
      // The pauses must have refused calls, or this case proves nothing.
      expect(refused).toBeGreaterThan(0);
      expect(statuses.filter((status) => status !== 200 && status !== 503)).toEqual([]);
      const store = createEmbeddedStore({ file: state });
      try {
        expect(await store.usage(hashKey(key), new Date())).toEqual({ day: served, month: served });
      } finally {
        await store.close();
      }
    } finally {
      for (const server of [paused, other]) {
        server.child.kill('SIGCONT');
        server.child.kill('SIGTERM');
      }
      await Promise.all([paused.exited, other.exited]);
    }
  });
});
