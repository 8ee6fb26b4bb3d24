import {
  cpSync,
  existsSync,
  lstatSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FIXTURE, ROOT, hashTree, runCli } from './helpers/cli.ts';

const EXPECTED = join(ROOT, 'test/fixtures/mini.expected');
const work = mkdtempSync(join(tmpdir(), 'cardrewards-cli-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const build = (out: string, ...extra: string[]) =>
  runCli(['build', '--dataset', FIXTURE, '--out', out, '--base-url', 'https://rewards.example.test', ...extra]);

describe('cardrewards build (golden)', () => {
  it('writes exactly the expected tree for the fixture', async () => {
    const out = join(work, 'golden');
    const result = await build(out);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /^built .*golden \(build [0-9a-f]{16}\): (\d+) files, \1 written, 0 unchanged, 0 removed, in [\d.]+ s\n$/,
    );
    if (process.env['UPDATE_GOLDEN']) {
      rmSync(EXPECTED, { recursive: true, force: true });
      cpSync(out, EXPECTED, { recursive: true, dereference: true, filter: (source) => !source.endsWith('/.inputs') });
    }
    const actual = hashTree(out);
    const expected = hashTree(EXPECTED);
    expect([...actual.keys()]).toEqual([...expected.keys()]);
    for (const path of expected.keys()) {
      expect(readFileSync(join(out, path), 'utf8'), path).toBe(readFileSync(join(EXPECTED, path), 'utf8'));
    }
  });

  it('prints help that names the options', async () => {
    const result = await runCli(['build', '--help']);
    expect(result.code).toBe(0);
    for (const option of ['--dataset', '--out', '--base-url', '--date']) expect(result.stdout).toContain(option);
  });

  it('prints its version', async () => {
    const result = await runCli(['--version']);
    expect(result.code).toBe(0);
    expect(result.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('refuses a bad option value with a usage error', async () => {
    const result = await runCli(['build', '--date', '2026-13-01']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('expected a date as YYYY-MM-DD');
  });
});

describe('build properties', () => {
  it('is deterministic: two builds into different trees are byte-identical', async () => {
    const [a, b] = [join(work, 'det-a'), join(work, 'det-b')];
    expect((await build(a)).code).toBe(0);
    expect((await build(b)).code).toBe(0);
    expect(hashTree(a)).toEqual(hashTree(b));
    expect(readlinkSync(a).split('/').pop()).toBe(readlinkSync(b).split('/').pop());
  });

  it('is incremental: a rebuild with no data change writes no file and says so', async () => {
    const out = join(work, 'incremental');
    expect((await build(out)).code).toBe(0);
    const manifest = join(out, 'manifest.json');
    const before = statSync(manifest).mtimeMs;
    const again = await build(out);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/is up to date \(inputs unchanged\): no file written/);
    expect(statSync(manifest).mtimeMs).toBe(before);
  });

  it('rewrites only the files a change touches and keeps the rest as they were', async () => {
    const out = join(work, 'partial');
    expect((await build(out)).code).toBe(0);
    const untouched = join(out, 'public/api/mcc/5411.json');
    const inode = statSync(untouched).ino;
    // A new day leaves the rotating gas rule out: gas rankings change, and Freedom Flex's entries say its quarter is
    // unknown; the MCC 5411 record, whose top 5 hold no Freedom Flex, does not change.
    const result = await build(out, '--date', '2027-01-15');
    const [, total, written, unchanged] = /(\d+) files, (\d+) written, (\d+) unchanged, 0 removed/.exec(result.stdout) ?? [];
    expect(Number(written) + Number(unchanged)).toBe(Number(total));
    // The fixture's rotating card is in nearly every list, and out of its quarter every entry of it says so (issue 23):
    // most answers change, but the files no answer of theirs changed (120 of 266) are kept.
    expect(Number(unchanged)).toBeGreaterThanOrEqual(100);
    expect(statSync(untouched).ino).toBe(inode);
    expect(JSON.parse(readFileSync(join(out, 'public/api/mcc/5541.json'), 'utf8')).top_cards[0].slug).toBe('amex-blue-cash-preferred');
  });

  it('is atomic: the output is a link swapped in one rename, and a failed build keeps the old tree', async () => {
    const out = join(work, 'atomic');
    expect((await build(out)).code).toBe(0);
    expect(lstatSync(out).isSymbolicLink()).toBe(true);
    const before = hashTree(out);
    const target = readlinkSync(out);

    const broken = join(work, 'broken-dataset');
    cpSync(FIXTURE, broken, { recursive: true });
    writeFileSync(
      join(broken, 'cards.csv'),
      readFileSync(join(FIXTURE, 'cards.csv'), 'utf8').replace(',325,', ',$325,').replace('2026-11-10', '2026-11-31'),
    );
    const failed = await runCli(['build', '--dataset', broken, '--out', out]);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain(`${broken}/cards.csv:3:7: annual_fee`);
    expect(failed.stderr).toContain(`${broken}/cards.csv:8:17: as_of`);
    expect(failed.stderr).toMatch(
      /\n2 problems in 1 file of the dataset \(2 invalid_value\); start with .*cards.csv:3:7; .* left unchanged\n$/,
    );
    expect(readlinkSync(out)).toBe(target);
    expect(hashTree(out)).toEqual(before);
  });

  it('never shows a reader a mixed tree while builds swap', async () => {
    const out = join(work, 'readers');
    expect((await build(out)).code).toBe(0);
    let building = true;
    const builds = (async () => {
      for (let i = 0; i < 6; i++) expect((await build(out, '--date', i % 2 ? '2027-01-15' : '2026-11-15')).code).toBe(0);
      building = false;
    })();
    let reads = 0;
    while (building) {
      // Resolve the link once, as a server opening a tree would, then read that tree only.
      let root: string;
      try {
        root = join(out, '..', readlinkSync(out));
      } catch {
        continue;
      }
      if (!existsSync(join(root, 'manifest.json'))) continue;
      const manifest = JSON.parse(readFileSync(join(root, 'manifest.json'), 'utf8')) as { date: string };
      const gas = JSON.parse(readFileSync(join(root, 'public/api/mcc/5541.json'), 'utf8')) as { top_cards: { slug: string }[] };
      expect(gas.top_cards[0]?.slug).toBe(manifest.date === '2027-01-15' ? 'amex-blue-cash-preferred' : 'chase-freedom-flex');
      reads++;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await builds;
    expect(reads).toBeGreaterThan(0);
    // Seven builds as processes: 14 s alone, past 60 s while the other test files share the two cores.
  }, 180_000);
});

describe('cardrewards validate', () => {
  it('prints a summary for a valid dataset and writes nothing', async () => {
    const result = await runCli(['validate', '--dataset', FIXTURE]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('8 cards (7 active)');
    expect(result.stdout).toContain('active cards by issuer: amex 3, chase 2, citi 2');
    expect(result.stdout).toContain("valued by the default: citi-custom-cash (program's floor)");
    expect(existsSync(join(ROOT, 'test/fixtures/mini/dist'))).toBe(false);
    // The fixture's Freedom Flex quarter runs to 2026-12-31: in force on its own date, not a month later.
    expect(result.stdout).not.toContain('active cards with rotating categories');
    const later = await runCli(['validate', '--dataset', FIXTURE, '--date', '2027-01-15']);
    expect(later.code).toBe(0);
    expect(later.stdout).toContain('active cards with rotating categories and none in force on 2027-01-15');
    expect(later.stdout).toMatch(/none in force on 2027-01-15 [^\n]*: chase-freedom-flex\n/);
  });

  it("prints the share of the popular cards' facts a second source confirms, and every disagreement", async () => {
    const verified = join(work, 'verified');
    cpSync(FIXTURE, verified, { recursive: true });
    for (const file of ['popular_cards.csv', 'verifications.csv']) cpSync(join(ROOT, 'test/fixtures/verified', file), join(verified, file));
    const result = await runCli(['validate', '--dataset', verified]);
    expect(result.code).toBe(0);
    // citi-double-cash: fee, network, program, base rate; amex-gold: the same four and its rules airfare, dining, groceries.
    // Agreeing: the Double Cash's fee, network and base rate, the Gold's dining rule (the fee disagrees; FTF is not counted).
    expect(result.stdout).toContain(
      "popular cards' facts with an agreeing second source (fee, network, program, base rate, every active earn rule of 2 active cards in popular_cards.csv): 4 of 11 (36.3 %)",
    );
    // The Gold's program is marked unconfirmed after a search: not confirmed, but no longer unmarked.
    expect(result.stdout).toContain('  marked unconfirmed after a search (agrees=unconfirmed): 1; neither confirmed nor marked: 6\n');
    expect(result.stdout).toContain(
      'popular cards with facts neither confirmed nor marked unconfirmed: 2, most popular first: citi-double-cash (1), amex-gold (5)',
    );
    expect(result.stdout).toContain(
      'facts a second source contradicts (agrees=no): 1\n  amex-gold annual_fee (verifications.csv:2): the review says $250; https://reviews.example/amex-gold',
    );
  });

  it('prints problems as JSON lines with --json, and nothing for a valid dataset', async () => {
    const valid = await runCli(['validate', '--dataset', FIXTURE, '--json']);
    expect(valid).toMatchObject({ code: 0, stdout: '' });
    const broken = join(work, 'json-broken');
    cpSync(FIXTURE, broken, { recursive: true });
    writeFileSync(join(broken, 'categories.csv'), 'slug,name,description\ndining,"Dining,restaurants\n');
    const result = await runCli(['validate', '--dataset', broken, '--json']);
    expect(result.code).toBe(1);
    const problems = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { code: string; file: string; line: number; column: number });
    expect(problems).toContainEqual(expect.objectContaining({ code: 'csv_syntax', file: `${broken}/categories.csv`, column: 2 }));
  });

  it('calls a dataset folder that does not exist a usage error (exit 2, one line), not nine missing tables', async () => {
    for (const command of ['validate', 'build']) {
      const result = await runCli([
        command,
        '--dataset',
        join(work, 'no-such-dataset'),
        ...(command === 'build' ? ['--out', join(work, 'never')] : []),
      ]);
      expect(result.code, command).toBe(2);
      expect(result.stderr.trim().split('\n'), command).toEqual([
        expect.stringContaining(`no dataset folder at ${join(work, 'no-such-dataset')}`),
      ]);
    }
    expect(existsSync(join(work, 'never'))).toBe(false);
  });
});

describe('type-checking', () => {
  it('covers every folder of TypeScript sources, the CLI included (`npm test` runs tsc on tsconfig.json)', () => {
    const { include } = JSON.parse(readFileSync(join(ROOT, 'tsconfig.json'), 'utf8')) as { include: string[] };
    const folders = readdirSync(ROOT, { withFileTypes: true })
      .filter(
        (entry) =>
          entry.isDirectory() &&
          !entry.name.startsWith('.') &&
          // lib/ holds compiled declarations (.d.ts) and test-output/ what tests write: neither is source.
          !['node_modules', 'dist', 'dist.builds', 'dataset', 'docs', 'lib', 'test-output'].includes(entry.name),
      )
      .filter((entry) => readdirSync(join(ROOT, entry.name), { recursive: true }).some((name) => String(name).endsWith('.ts')))
      .map((entry) => entry.name);
    expect(folders).toContain('cli');
    const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    for (const folder of folders) {
      // A folder with its own tsconfig.json (browser/: the DOM library, not Node's) is checked by its own tsc run.
      if (existsSync(join(ROOT, folder, 'tsconfig.json'))) expect(scripts['test'], folder).toContain(`tsc --noEmit -p ${folder} `);
      else expect(include, folder).toContain(`${folder}/**/*.ts`);
    }
  });
});
