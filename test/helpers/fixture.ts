/** The setup several gateway suites share: a temporary folder, the built fixture tree, and a redis-server when one is installed. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { createTestTree, type TestTree } from './gateway-tree.ts';
import { HAS_REDIS, startRedis, type TestRedis } from './redis.ts';

export interface TreeAndRedis {
  readonly work: string;
  /** The built tree; available inside tests (after beforeAll). */
  readonly tree: TestTree;
  /** The running redis-server, or undefined when redis-server is not installed. */
  readonly redis: TestRedis | undefined;
}

/** Registers beforeAll/afterAll that build the tree and start Redis, and remove both afterwards. */
export function useTreeAndRedis(prefix: string): TreeAndRedis {
  const work = mkdtempSync(join(tmpdir(), prefix));
  let tree: TestTree | undefined;
  let redis: TestRedis | undefined;
  beforeAll(async () => {
    tree = await createTestTree(work);
    if (HAS_REDIS) redis = await startRedis();
  });
  afterAll(async () => {
    await redis?.stop();
    rmSync(work, { recursive: true, force: true });
  });
  return {
    work,
    get tree() {
      if (!tree) throw new Error('the test tree is built in beforeAll');
      return tree;
    },
    get redis() {
      return redis;
    },
  };
}
