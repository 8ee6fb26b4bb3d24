/**
 * The real dataset's rotating 5 % calendars (issue 40, item 2): every card that rotates has a quarter
 * in force on the days the issue names, siblings that share a calendar hold the same quarters, and
 * each quarter is one cap.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { datasetDate } from '../generator/dataset/dataset-date.ts';
import { type Dataset, loadDataset } from '../generator/dataset/load-dataset.ts';
import { readDataset } from '../generator/dataset/read-dataset.ts';
import { rotationUnknownIn } from '../generator/engine/rotation.ts';
import type { CardRewardRow } from '../schemas/dataset.ts';
import { ROOT } from './helpers/cli.ts';

let dataset: Dataset;
const rotatingRules = (card: string) =>
  dataset.cardRewards.map(({ row }) => row).filter((row) => row.card === card && row.selection === 'rotating');
/** A card's rotating quarters as comparable text: each rule's dates and category, without its rate (Freedom Flex stacks on its standing rates). */
const calendarOf = (card: string) =>
  rotatingRules(card)
    .map((rule) => `${rule.valid_from}..${rule.valid_to} ${rule.category} ${rule.channel}`)
    .sort();

beforeAll(() => {
  const loaded = loadDataset(readDataset(join(ROOT, 'dataset')), 'dataset');
  expect(loaded.problems).toEqual([]);
  dataset = loaded.dataset;
});

describe('rotating categories in the real dataset', () => {
  it('give every active rotating card a quarter in force on 2026-11-28 and on the build date', () => {
    const active = dataset.cards.map(({ row }) => row).filter((card) => card.status === 'active');
    const rotating = active.filter((card) => rotatingRules(card.slug).length > 0).map((card) => card.slug);
    expect(rotating).toEqual(['chase-freedom-flex', 'discover-it-cash-back', 'discover-it-student-cash-back']);
    for (const date of ['2026-11-28', datasetDate(dataset)]) {
      const unknown = rotating.filter((slug) => rotationUnknownIn(rotatingRules(slug), date));
      expect(unknown, `rotating cards with no quarter in force on ${date}`).toEqual([]);
    }
  });

  it('hold the quarters from 2025 Q3 on for Freedom Flex and the Discover it Cash Back', () => {
    const quartersOf = (card: string) => new Set(rotatingRules(card).map((rule) => rule.valid_from?.slice(0, 7)));
    for (const month of ['2025-07', '2025-10', '2026-01', '2026-07', '2026-10', '2027-01'])
      expect(quartersOf('chase-freedom-flex').has(month), `Freedom Flex quarter from ${month}`).toBe(true);
    for (const month of ['2025-07', '2025-10', '2026-01', '2026-04', '2026-07', '2026-10'])
      expect(quartersOf('discover-it-cash-back').has(month), `Discover it quarter from ${month}`).toBe(true);
  });

  it('give siblings on one calendar the same quarters', () => {
    expect(calendarOf('chase-freedom')).toEqual(calendarOf('chase-freedom-flex'));
    expect(calendarOf('discover-it-student-cash-back')).toEqual(calendarOf('discover-it-cash-back'));
  });

  it('share one quarterly cap among the categories of a quarter, and say where a quarter has one source', () => {
    const byQuarter = new Map<string, CardRewardRow[]>();
    for (const { row } of dataset.cardRewards) {
      if (row.selection !== 'rotating') continue;
      const key = `${row.card} ${row.valid_from?.slice(0, 7)}`;
      byQuarter.set(key, [...(byQuarter.get(key) ?? []), row]);
    }
    for (const [quarter, rules] of byQuarter) {
      expect(new Set(rules.map((rule) => `${rule.cap_usd}/${rule.cap_period}`)).size, quarter).toBe(1);
      expect(rules[0]?.cap_period, quarter).toBe('quarter');
    }
    // The quarters only evanxliu1/AICheckout's captures give (no scrape or reviewer page confirms them).
    for (const rule of rotatingRules('chase-freedom-flex').filter((r) => (r.valid_from ?? '') >= '2026-10-01'))
      expect(rule.note, `${rule.category} ${rule.valid_from}`).toContain('one source');
    for (const rule of rotatingRules('discover-it-cash-back').filter((r) => r.valid_from === '2026-10-01'))
      expect(rule.note, rule.category).toContain('one source');
  });
});
