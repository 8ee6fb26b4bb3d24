/** The tree the gateway tests serve: the real fixture build (`cardrewards build --dataset test/fixtures/mini`). */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Manifest } from '../../gateway/parse-manifest.ts';
import { FIXTURE, runCli } from './cli.ts';

export interface TestTree {
  /** The `dist` link. */
  readonly out: string;
  readonly manifest: Manifest;
}

/** Builds the fixture with the real CLI into `<work>/dist`, plus a file outside the tree that traversal attempts aim at. */
export async function createTestTree(work: string): Promise<TestTree> {
  const out = join(work, 'dist');
  const manifest = await buildFixture(out, 'https://rewards.example.test');
  writeFileSync(join(work, 'secret.txt'), 'TOP SECRET\n');
  return { out, manifest };
}

/** Builds the fixture into `out` (a link to `<out>.builds/<id>`, swapped atomically) with `service_url` links under `baseUrl`. */
export async function buildFixture(out: string, baseUrl: string): Promise<Manifest> {
  const result = await runCli(['build', '--dataset', FIXTURE, '--out', out, '--base-url', baseUrl]);
  if (result.code !== 0) throw new Error(`fixture build failed: ${result.stderr}`);
  return JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as Manifest;
}
