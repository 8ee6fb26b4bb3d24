/**
 * `cardrewards diff --format upload` (issue 44, item 3): for a card's fee change, a merchant added and
 * a portal rate changed, the list names exactly the files of the new build's folder whose bytes the
 * old build's folder does not hold at that path, checked against both folders on disk.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE, runCli } from './helpers/cli.ts';
import { editLine } from './helpers/hostile-dataset.ts';

const work = mkdtempSync(join(tmpdir(), 'cardrewards-upload-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The most of the new tree each change may list: a fee reaches most answers of the fixture, the others a few. */
const SHARE_AT_MOST: Readonly<Record<string, number>> = { fee: 0.75, merchant: 0.25, portal: 0.1 };

/** Each change, made to a copy of the fixture. */
const CHANGES: Readonly<Record<string, (dataset: string) => void>> = {
  fee: (dataset) =>
    editLine(dataset, 'cards.csv', 3, (line) => line.replace(',amex-membership-rewards,325,', ',amex-membership-rewards,326,')),
  merchant: (dataset) => {
    const file = join(dataset, 'merchants.csv');
    writeFileSync(
      file,
      `${readFileSync(file, 'utf8').trimEnd()}\nzz-hardware,ZZ Hardware,5411,zz-hardware.test,999,curated,Q1,2026-11-01\n`,
    );
  },
  portal: (dataset) =>
    editLine(dataset, 'portal_rates.csv', 2, (line) => line.replace('rakuten,costco,Costco,2,', 'rakuten,costco,Costco,3,')),
};

/** Every file of a build's folder by its path there, with its bytes (`.inputs` is the builder's own note, never served). */
function filesOf(out: string): Map<string, Buffer> {
  const root = realpathSync(out);
  const files = new Map<string, Buffer>();
  for (const entry of readdirSync(root, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || entry.name === '.inputs') continue;
    const path = join(entry.parentPath, entry.name);
    files.set(relative(root, path), readFileSync(path));
  }
  return files;
}

/** What the trees say must be uploaded: the new folder's files that the old folder lacks or holds with other bytes. */
function differingFiles(before: string, after: string): string[] {
  const old = filesOf(before);
  return [...filesOf(after)]
    .filter(([path, bytes]) => !old.get(path)?.equals(bytes))
    .map(([path]) => path)
    .sort();
}

const build = async (dataset: string, out: string) => {
  const result = await runCli(['build', '--dataset', dataset, '--out', out]);
  if (result.code !== 0) throw new Error(result.stderr);
};

beforeAll(async () => {
  await build(FIXTURE, join(work, 'before'));
  for (const [name, change] of Object.entries(CHANGES)) {
    const dataset = join(work, `dataset-${name}`);
    cpSync(FIXTURE, dataset, { recursive: true });
    change(dataset);
    await build(dataset, join(work, name));
  }
}, 120_000);

describe('cardrewards diff --format upload', () => {
  for (const name of Object.keys(CHANGES)) {
    it(`lists exactly the files the ${name} change makes differ, siblings, history, manifest and build id included`, async () => {
      const result = await runCli(['diff', join(work, 'before'), join(work, name), '--format', 'upload']);
      expect(result.code, result.stderr).toBe(1);
      const listed = result.stdout.trimEnd().split('\n');
      expect(listed).toEqual(differingFiles(join(work, 'before'), join(work, name)));
      expect(listed).toContain('manifest.json');
      // Not the tree: the point of the list. A fee is in every ranking and earn table of this small fixture
      // (about half its files); a portal rate or a merchant is in a few answers.
      expect(listed.length).toBeLessThan(filesOf(join(work, name)).size * SHARE_AT_MOST[name]!);
    });
  }

  it('lists nothing and exits 0 for the same build', async () => {
    const result = await runCli(['diff', join(work, 'before'), join(work, 'before'), '--format', 'upload']);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('');
  });
});
