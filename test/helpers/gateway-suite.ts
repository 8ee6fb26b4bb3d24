/**
 * One gateway suite's world: the fixture tree built by the real CLI, an embedded store with a key
 * of every tier and a revoked one, and the gateway on a free port; set up and torn down by vitest.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { TIERS, type ManifestRoute, type Tier } from '../../gateway/parse-manifest.ts';
import type { Store } from '../../gateway/store.ts';
import { createEmbeddedStore } from '../../gateway/stores/embedded-store.ts';
import { createTestKey, startTestGateway, type TestGateway } from './gateway.ts';
import { createTestTree, type TestTree } from './gateway-tree.ts';
import { get } from './http.ts';

export interface GatewaySuite {
  readonly work: string;
  tree: TestTree;
  store: Store;
  gateway: TestGateway;
  readonly keys: Record<Tier, string>;
  revoked: string;
  call(path: string, headers?: Record<string, string>, method?: string): ReturnType<typeof get>;
  routeFor(path: string): ManifestRoute | undefined;
}

/** Registers the suite's beforeAll/afterAll and returns the world they fill. */
export function useGatewaySuite(): GatewaySuite {
  const suite = {
    work: mkdtempSync(join(tmpdir(), 'cardrewards-gateway-')),
    keys: {} as Record<Tier, string>,
    call: (path: string, headers: Record<string, string> = {}, method = 'GET') => get(suite.gateway.url, path, { headers, method }),
    routeFor: (path: string) => suite.tree.manifest.routes.find((route) => route.path === path),
  } as GatewaySuite;
  beforeAll(async () => {
    suite.tree = await createTestTree(suite.work);
    suite.store = createEmbeddedStore({ file: join(suite.work, 'state.json') });
    for (const tier of TIERS) suite.keys[tier] = await createTestKey(suite.store, tier);
    suite.revoked = await createTestKey(suite.store, 'enterprise', 'revoked');
    suite.gateway = await startTestGateway(suite.store, suite.tree.out);
  });
  afterAll(async () => {
    await suite.gateway.close();
    await suite.store.close();
    rmSync(suite.work, { recursive: true, force: true });
  });
  return suite;
}

/** Asserts a problem-details answer with `status`. */
export function expectProblem(reply: Awaited<ReturnType<typeof get>>, status: number): void {
  expect(reply.status, reply.text).toBe(status);
  expect(reply.headers['content-type']).toBe('application/problem+json');
  expect(reply.json).toMatchObject({
    type: expect.stringMatching(/^\/problems\/[a-z-]+$/),
    title: expect.any(String),
    status,
    detail: expect.any(String),
    code: expect.stringMatching(/^[a-z-]+$/),
    instance: expect.stringMatching(/^\//),
    request_id: reply.headers['x-request-id'],
  });
  expect((reply.json as { type: string }).type).toBe(`/problems/${(reply.json as { code: string }).code}`);
}
