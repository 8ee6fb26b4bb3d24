/**
 * Nothing leaks from the build machine (issue 45, item 1): a dataset file that is a link (to
 * /proc/self/environ, to a file elsewhere), or a FIFO, is refused unread through the real CLI, with
 * a canary variable in the build's environment that no output file, download entry or message may hold.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashTree, runCli } from '../helpers/cli.ts';
import { copyFixture } from '../helpers/hostile-dataset.ts';
import { readZip } from '../helpers/zip.ts';

const work = mkdtempSync(join(tmpdir(), 'cardrewards-dataset-files-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const CANARY = `canary-${randomBytes(12).toString('hex')}`;
const canaryEnv = { CARDREWARDS_CANARY: CANARY };
// A build that waits on a FIFO forever is killed after 30 s (a failure, not a hung suite).
const build = (dataset: string, out: string) =>
  runCli(['build', '--dataset', dataset, '--out', out, '--base-url', 'https://x.test'], canaryEnv, 30_000);

/** A file outside any dataset whose every line names the canary, the first one too (a CSV's header). */
const foreign = join(work, 'foreign.csv');

/** Every file below `dir` (the live link, the builds folder and its temporary trees) that holds the canary, in its bytes or inside a ZIP's entries. */
function filesWithCanary(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    const bytes = readFileSync(path);
    const texts = [bytes, ...(entry.name.endsWith('.zip') ? readZip(bytes).map((zipped) => zipped.bytes) : [])];
    if (texts.some((text) => text.includes(CANARY))) found.push(path);
  }
  return found;
}

let out: string;
let before: Map<string, string>;
beforeAll(async () => {
  writeFileSync(foreign, `${CANARY},slug,name\n${CANARY},x,y\n`);
  out = join(work, 'out');
  const first = await build(copyFixture(join(work, 'good')), out);
  expect(first.code, first.stderr).toBe(0);
  before = hashTree(out);
});

describe('a dataset file that is not a regular file of the folder', () => {
  const cases = [
    { title: 'README.md linked to /proc/self/environ', file: 'README.md', make: (path: string) => symlinkSync('/proc/self/environ', path) },
    { title: 'LICENSE linked to a file elsewhere', file: 'LICENSE', make: (path: string) => symlinkSync(foreign, path) },
    { title: 'cards.csv linked to a CSV elsewhere', file: 'cards.csv', make: (path: string) => symlinkSync(foreign, path) },
    { title: 'offers.csv that is a FIFO', file: 'offers.csv', make: (path: string) => execFileSync('mkfifo', [path]) },
  ];
  for (const { title, file, make } of cases) {
    it(`is refused unread, with nothing written and no trace of the canary: ${title}`, async () => {
      const dataset = copyFixture(join(work, file));
      rmSync(join(dataset, file), { force: true });
      make(join(dataset, file));
      const built = await build(dataset, out);
      const validated = await runCli(['validate', '--dataset', dataset], canaryEnv, 30_000);
      const problem = `${dataset}/${file}:0:0: not a regular file in the dataset (${file === 'offers.csv' ? 'a FIFO' : 'a symbolic link'}); nothing of it was read`;
      for (const result of [built, validated]) {
        expect(result.code).toBe(1);
        expect(result.stderr.split('\n')[0]).toBe(problem);
        expect(result.stdout + result.stderr).not.toContain(CANARY);
      }
      expect(built.stderr.trimEnd().split('\n').at(-1)).toBe(
        `1 problem in 1 file of the dataset (1 not_regular_file); start with ${dataset}/${file}:0:0; ${out} left unchanged`,
      );
      expect(hashTree(out)).toEqual(before);
      expect(readdirSync(`${out}.builds`).filter((name) => name.startsWith('.tmp-'))).toEqual([]);
      expect(filesWithCanary(`${out}.builds`)).toEqual([]);
    });
  }

  it('finds the canary where it is: a build that publishes the environment is caught by the walk', async () => {
    // The walk reads inside the ZIP: a README holding the canary (often enough to be deflated) shows up in its entry.
    const dataset = copyFixture(join(work, 'readme-with-canary'));
    writeFileSync(join(dataset, 'README.md'), `# A dataset\n\n${`${CANARY}\n`.repeat(50)}`);
    const canaryOut = join(work, 'canary-out');
    expect((await build(dataset, canaryOut)).code).toBe(0);
    const zips = filesWithCanary(`${canaryOut}.builds`).filter((path) => path.endsWith('.zip'));
    expect(zips).toHaveLength(1);
    expect(readFileSync(zips[0] ?? '').includes(CANARY)).toBe(false);
  });

  it('reads a dataset folder that is itself a link, the user’s choice of folder', async () => {
    const dataset = copyFixture(join(work, 'linked-target'));
    const link = join(work, 'linked-dataset');
    symlinkSync(dataset, link);
    const validated = await runCli(['validate', '--dataset', link]);
    expect(validated.code, validated.stderr).toBe(0);
    expect(existsSync(join(link, 'README.md'))).toBe(true);
  });
});
