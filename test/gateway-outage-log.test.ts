/**
 * Quiet under faults (issue 28): a store outage writes one line when it starts, a summary per
 * interval and one line when it ends, whatever the number of refused calls; no stack trace.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBuildSource } from '../gateway/build/build-source.ts';
import { resolveConfig } from '../gateway/config.ts';
import { type RunningGateway, startGateway } from '../gateway/create-gateway.ts';
import { createLogger } from '../gateway/logger.ts';
import { type Store, StoreUnavailableError } from '../gateway/store.ts';
import { createEmbeddedStore } from '../gateway/stores/embedded-store.ts';
import { createTestKey } from './helpers/gateway.ts';
import { createTestTree, type TestTree } from './helpers/gateway-tree.ts';
import { get } from './helpers/http.ts';

const work = mkdtempSync(join(tmpdir(), 'cardrewards-outage-'));
const embedded = createEmbeddedStore({ file: join(work, 'state.mdb') });
let down = false;
/** `target` with every method but close refused while `down` is set (as Redis's are when it is stopped). */
function unreachableWhileDown<T extends object>(target: T): T {
  return new Proxy(target, {
    get(object, name) {
      const value: unknown = Reflect.get(object, name);
      if (typeof value !== 'function' || name === 'close') return value;
      return (...args: unknown[]) =>
        down
          ? Promise.reject(new StoreUnavailableError('Redis: connect ECONNREFUSED'))
          : (value as (...a: unknown[]) => unknown).apply(object, args);
    },
  });
}
/** The embedded store, unreachable while `down` is set: its joined methods, its registry and its counter alike. */
const store: Store = {
  ...unreachableWhileDown(embedded),
  registry: unreachableWhileDown(embedded.registry),
  counter: unreachableWhileDown(embedded.counter),
};
let log = '';
const destination = new Writable({
  write(chunk: Buffer, _encoding, done) {
    log += chunk.toString();
    done();
  },
});
let tree: TestTree;
let gateway: RunningGateway;
let builds: ReturnType<typeof createBuildSource>;

beforeAll(async () => {
  tree = await createTestTree(work);
  const config = resolveConfig({ port: '0', dist: tree.out, keyCacheMs: '0' }, {});
  builds = createBuildSource({ distDir: config.distDir, intervalMs: 60_000 });
  // warn: the level an operator keeps in production when access lines go elsewhere; the outage must stay quiet at it.
  gateway = await startGateway({ config, store, builds, logger: createLogger('warn', destination), outageSummaryMs: 300 });
});
afterAll(async () => {
  builds.close();
  await gateway.close();
  await embedded.close();
  rmSync(work, { recursive: true, force: true });
});

describe('a store outage in the log', () => {
  it('is one line at its start, a summary per interval and one line at its end, however many calls it refuses', async () => {
    const key = await createTestKey(embedded, 'pro');
    expect((await get(gateway.url, '/api/cards', { headers: { 'X-API-Key': key } })).status).toBe(200);
    log = '';
    down = true;
    const started = Date.now();
    let refused = 0;
    while (Date.now() - started < 1000) {
      const replies = await Promise.all(
        Array.from({ length: 50 }, () => get(gateway.url, '/api/cards', { headers: { 'X-API-Key': key } })),
      );
      refused += replies.filter((reply) => reply.status === 503).length;
    }
    down = false;
    expect((await get(gateway.url, '/api/cards', { headers: { 'X-API-Key': key } })).status).toBe(200);

    const lines = log.trim().split('\n');
    const messages = lines.map((line) => (JSON.parse(line) as { msg: string }).msg);
    expect(refused).toBeGreaterThan(200);
    expect(messages[0]).toMatch(/^store unavailable/);
    expect(messages.at(-1)).toBe('store available again');
    expect(messages.filter((message) => message === 'store still unavailable').length).toBeGreaterThanOrEqual(1);
    // About four lines for a second of outage, whatever the traffic: far below one line per refused call.
    expect(lines.length).toBeLessThanOrEqual(8);
    expect(log.length).toBeLessThan(3000);
    expect(log).not.toMatch(/"stack"|\n\s+at /);
    const end = JSON.parse(lines.at(-1) as string) as { failures: number };
    expect(end.failures).toBe(refused);
  });
});
