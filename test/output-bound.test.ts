/**
 * The output bound grows with the rows (issue 44, item 1): a dataset with five times the merchants
 * gets five times their budget, where the old bound (200 bytes per input byte) gave a 100-byte
 * merchant row 20 KB; and a variant added to the catalogue raises the bound without a number kept by hand.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadDataset } from '../generator/dataset/load-dataset.ts';
import {
  DEFAULT_MAX_OUTPUT_BYTES,
  OUTPUT_ALLOWANCE_BYTES,
  outputBudget,
  outputFamilies,
  overCeiling,
  rowBytesAtLimits,
} from '../generator/writer/output-bound.ts';
import { artefacts, historyArtefacts } from '../generator/outputs.ts';
import type { RouteDefinition } from '../generator/route.ts';
import { routes } from '../generator/routes/index.ts';
import { readDataset } from '../generator/dataset/read-dataset.ts';
import { tables } from '../generator/dataset/tables.ts';
import { TEXT_LIMITS } from '../schemas/dataset/limits.ts';
import { scaleDataset } from '../scripts/scale-dataset.ts';
import { FIXTURE, runCli } from './helpers/cli.ts';
import { parseSize } from '../cli/generator-commands.ts';

const work = mkdtempSync(join(tmpdir(), 'cardrewards-bound-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const families = outputFamilies(routes, artefacts, historyArtefacts);
const datasetAt = (dir: string) => loadDataset(readDataset(dir), dir).dataset;
const merchantsTable = tables.find((table) => table.name === 'merchants')!;

describe('the output bound', () => {
  it('gives a merchant row its cell limits in every output family, so five times the merchants get five times their budget', () => {
    const five = scaleDataset(FIXTURE, join(work, 'five'), 5);
    const one = outputBudget(datasetAt(FIXTURE), tables, families);
    const scaled = outputBudget(datasetAt(join(work, 'five')), tables, families);
    const merchantsOf = (budget: typeof one) => budget.tables.find((table) => table.table === 'merchants')!;
    expect(merchantsOf(scaled).rows).toBe(five);
    expect(merchantsOf(scaled).rows).toBe(5 * merchantsOf(one).rows);
    expect(merchantsOf(scaled).bytes).toBe(5 * merchantsOf(one).bytes);
    // A merchant row holds up to 20 domains of 253 characters: far more than the ~100 bytes a real row has.
    expect(rowBytesAtLimits(merchantsTable)).toBeGreaterThan(TEXT_LIMITS.listItems * TEXT_LIMITS.domain);
    expect(merchantsOf(one).bytesPerRow).toBe(rowBytesAtLimits(merchantsTable) * families);
    // The merchants' own rows elsewhere (portal rates, categories, acceptance) are copied with them and add theirs.
    expect(scaled.total - one.total).toBeGreaterThanOrEqual(4 * merchantsOf(one).bytes);
    expect(one.total).toBe(OUTPUT_ALLOWANCE_BYTES + one.tables.reduce((sum, table) => sum + table.bytes, 0));
  });

  it('follows the route declarations: a variant with a second placeholder (a valuation) counts twice', () => {
    const extra = {
      id: 'extra',
      path: '/api/extra',
      tier: 'starter',
      answer: 'document',
      servesFilesOf: [],
      summary: 'a test route',
      params: {},
      schema: {},
      variants: [
        { query: { merchant: 'slug', valuation: 'slug' }, optional: {}, file: 'keyed/api/extra/{valuation}/{merchant}.json' },
        { query: {}, optional: { page: 'page' }, file: 'keyed/api/extra/page-{page}.json' },
      ],
    } as const;
    expect(outputFamilies([...routes, extra as unknown as RouteDefinition], artefacts, historyArtefacts)).toBe(families + 3);
  });
});

describe('what a build may write (--max-output)', () => {
  it('refuses a dataset whose rows may make more, before the first byte, naming the largest tables, their rows and budgets', async () => {
    const out = join(work, 'refused');
    const result = await runCli(['build', '--dataset', FIXTURE, '--out', out, '--max-output', '10MB']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /the rows of this dataset may make a tree of [\d,]+ bytes, over the 10,000,000 bytes a build may write \(--max-output\); largest: \w+\.csv: [\d,]+ rows × [\d,]+ bytes = [\d,]+ bytes; \w+\.csv: .*nothing was written/,
    );
    // Not a byte: neither the tree's link nor its builds folder (where a temporary tree would go).
    expect(existsSync(out)).toBe(false);
    expect(existsSync(`${out}.builds`)).toBe(false);
  });

  it('builds the same dataset under a ceiling its bound fits', async () => {
    const bound = outputBudget(datasetAt(FIXTURE), tables, families).total;
    const out = join(work, 'fits');
    const result = await runCli(['build', '--dataset', FIXTURE, '--out', out, '--max-output', String(bound)]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(existsSync(join(out, 'manifest.json'))).toBe(true);
  });

  it('refuses by default a table amplified to half a million rows (the bound passes 1 TiB), and admits ten times the real merchants', () => {
    const fixture = datasetAt(FIXTURE);
    // Only the row counts make the bound: an array of that length stands for the table.
    const amplified = { ...fixture, merchants: new Array(500_000).fill(fixture.merchants[0]) };
    const refusal = overCeiling(outputBudget(amplified, tables, families), DEFAULT_MAX_OUTPUT_BYTES);
    expect(refusal?.code).toBe('ERR_OUTPUT_BOUND');
    expect(refusal?.message).toMatch(/largest: merchants\.csv: 500,000 rows × /);
    const tenTimes = { ...fixture, merchants: new Array(80_260).fill(fixture.merchants[0]) };
    expect(overCeiling(outputBudget(tenTimes, tables, families), DEFAULT_MAX_OUTPUT_BYTES)).toBeUndefined();
  });

  it('reads sizes with their units', () => {
    expect(parseSize('5000000')).toBe(5_000_000);
    expect(parseSize('500MB')).toBe(500_000_000);
    expect(parseSize('1TiB')).toBe(2 ** 40);
    expect(() => parseSize('lots')).toThrow(/expected a size/);
  });
});
