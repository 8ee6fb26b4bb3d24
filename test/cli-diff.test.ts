/** `cardrewards diff`: two real builds of the fixture, one with a card's annual fee and a rate changed, compared as a reviewer would. */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE, runCli } from './helpers/cli.ts';

const work = mkdtempSync(join(tmpdir(), 'cardrewards-diff-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

beforeAll(async () => {
  const changed = join(work, 'dataset');
  cpSync(FIXTURE, changed, { recursive: true });
  const cards = readFileSync(join(changed, 'cards.csv'), 'utf8');
  writeFileSync(join(changed, 'cards.csv'), cards.replace(/^(amex-gold,[^,]*,[^,]*,[^,]*,[^,]*,[^,]*,)325,/m, '$1350,'));
  for (const [dataset, out] of [
    [FIXTURE, 'before'],
    [FIXTURE, 'same'],
    [changed, 'after'],
  ] as const) {
    const result = await runCli(['build', '--dataset', dataset, '--out', join(work, out)]);
    if (result.code !== 0) throw new Error(result.stderr);
  }
});

describe('cardrewards diff', () => {
  it('exits 0 and says so for the same build', async () => {
    const result = await runCli(['diff', join(work, 'before'), join(work, 'same')]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('No answer changed');
  });

  it('reports the fee change as Markdown, with the files changed per route family, and exits 1', async () => {
    const result = await runCli(['diff', join(work, 'before'), join(work, 'after')]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('**annual fee** (1)');
    expect(result.stdout).toContain('- `amex-gold`: 325 → 350');
    expect(result.stdout).toMatch(/\| `\/api\/cards\/\{id\}` \| 1 \| 0 \| 0 \|/);
  });

  it('gives the same facts as JSON lines', async () => {
    const result = await runCli(['diff', join(work, 'before'), join(work, 'after'), '--format', 'jsonl']);
    const lines = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines[0]).toMatchObject({ type: 'builds' });
    expect(lines).toContainEqual({ type: 'change', kind: 'annual fee', subject: 'amex-gold', before: '325', after: '350' });
  });

  it('exits 2 when a tree is missing', async () => {
    expect((await runCli(['diff', join(work, 'before'), join(work, 'missing')])).code).toBe(2);
  });
});
