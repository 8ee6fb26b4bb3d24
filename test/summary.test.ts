import { describe, expect, it } from 'vitest';
import { checkDataset } from '../generator/compile.ts';
import { readDataset } from '../generator/dataset/read-dataset.ts';
import { DEFAULT_MAX_AGE_DAYS, daysBefore, staleRows, summarizeDataset } from '../generator/engine/summary.ts';
import { FIXTURE } from './helpers/cli.ts';

const { dataset, problems } = checkDataset(readDataset(FIXTURE), 'data');

describe('validate summary: coverage and stale rows', () => {
  it('loads the fixture without problems', () => {
    expect(problems).toEqual([]);
  });

  it('counts days back across month and year ends, in UTC', () => {
    expect(daysBefore('2026-11-10', 180)).toBe('2026-05-14');
    expect(daysBefore('2026-03-01', 1)).toBe('2026-02-28');
    expect(daysBefore('2024-03-01', 1)).toBe('2024-02-29');
    expect(daysBefore('2027-01-05', 10)).toBe('2026-12-26');
    expect(() => daysBefore('2026-13-45', 1)).toThrow(RangeError);
  });

  it('measures age from the dataset date by default, so the summary does not depend on the clock', () => {
    // Every fixture row was read on 2026-11-01 or 2026-11-10: nothing is 180 days old.
    expect(DEFAULT_MAX_AGE_DAYS).toBe(180);
    const stale = staleRows(dataset);
    expect(stale).toMatchObject({ referenceDate: '2026-11-10', cutoff: '2026-05-14', rows: [] });
    expect(summarizeDataset(dataset)).toContain('rows older than 180 days (as_of before 2026-05-14, counted from 2026-11-10): none');
  });

  it('reports rows past a configurable age with their file and line', () => {
    const stale = staleRows(dataset, { maxAgeDays: 5 });
    expect(stale.cutoff).toBe('2026-11-05');
    const cards = stale.rows.filter((r) => r.file === 'cards.csv');
    // Seven cards were read on 2026-11-01 (lines 2 to 7, and chase-sapphire-preferred on 9); delta-skymiles-gold on 2026-11-10 (line 8) is fresh.
    expect(cards.map((r) => r.line)).toEqual([2, 3, 4, 5, 6, 7, 9]);
    expect(cards.every((r) => r.asOf === '2026-11-01')).toBe(true);
    expect(stale.rows.some((r) => r.asOf >= '2026-11-05')).toBe(false);
    const line = summarizeDataset(dataset, { maxAgeDays: 5 }).find((l) => l.startsWith('rows older than 5 days'));
    expect(line).toContain('cards.csv 7 (lines 2, 3, 4, 5, 6, …)');
  });

  it('takes an explicit reference date, for a scheduled check against today', () => {
    const stale = staleRows(dataset, { referenceDate: '2027-06-01', maxAgeDays: 180 });
    expect(stale.cutoff).toBe('2026-12-03');
    expect(stale.rows.length).toBeGreaterThan(0);
    expect(stale.rows.every((r) => r.asOf < '2026-12-03')).toBe(true);
    expect(() => staleRows(dataset, { maxAgeDays: -1 })).toThrow(RangeError);
  });

  it('lists cards per issuer', () => {
    expect(summarizeDataset(dataset)).toContain('active cards by issuer: amex 3, chase 2, citi 2');
  });
});
