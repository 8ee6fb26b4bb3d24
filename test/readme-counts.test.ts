/**
 * The README's figures are the project's as it is: each count it states is read here from where it
 * is defined (the route table, the dataset, the static limits, the golden cases, the widget bundle),
 * so a change that moves one fails until the README says the new figure.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { routes } from '../generator/routes/index.ts';
import { STATIC_MERCHANT_COUNT } from '../generator/views/static-limits.ts';
import { readGoldenCases } from './golden/golden-cases.ts';
import { ROOT } from './helpers/cli.ts';

const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');

/** Every figure the README states in `pattern`'s first group, as numbers ("1,540" → 1540); at least one. */
function statedFigures(pattern: RegExp): number[] {
  const figures = [...readme.matchAll(new RegExp(pattern.source, 'g'))].map((match) => Number(match[1]!.replaceAll(',', '')));
  if (figures.length === 0) throw new Error(`README.md states nothing like ${pattern}`);
  return figures;
}

const csvRows = (path: string): number => (parse(readFileSync(join(ROOT, path)), { columns: true }) as unknown[]).length;

describe('the README states', () => {
  it('the number of keyed routes', () => {
    expect(statedFigures(/\((\d+) routes in four tiers/)).toEqual([routes.length]);
  });

  it('the number of MCC codes, each with its record and page', () => {
    const codes = csvRows('dataset/mcc.csv');
    for (const figure of [...statedFigures(/\(all ([\d,]+)\)/), ...statedFigures(/for all ([\d,]+) codes/)]) expect(figure).toBe(codes);
  });

  it('the number of merchants with a static record and page', () => {
    const stated = [...statedFigures(/the ([\d,]+) most popular/), ...statedFigures(/for the ([\d,]+) static merchants/)];
    for (const figure of stated) expect(figure).toBe(STATIC_MERCHANT_COUNT);
  });

  it('the number of golden cases that specify the ranking', () => {
    expect(statedFigures(/by ([\d,]+) worked cases/)).toEqual([readGoldenCases(join(ROOT, 'test/golden')).length]);
  });

  it("the widget's gzipped size, to the nearest half KB", () => {
    const gzipped = gzipSync(readFileSync(join(ROOT, 'browser/mcc-widget.js')), { level: 9 }).length;
    expect(statedFigures(/about ([\d.]+) KB gzipped/)).toEqual([Math.round((gzipped / 1024) * 2) / 2]);
  });
});
