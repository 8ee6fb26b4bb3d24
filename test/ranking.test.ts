import { describe, expect, it } from 'vitest';
import { checkDataset } from '../generator/compile.ts';
import { createModel, type Model } from '../generator/model.ts';
import { earningFor, rankCards, round4 } from '../generator/ranking.ts';
import { readDataset } from '../generator/read-dataset.ts';
import { FIXTURE } from './helpers/cli.ts';

function fixtureModel(date = '2026-11-15'): Model {
  const { dataset, problems } = checkDataset(readDataset(FIXTURE), 'mini');
  expect(problems).toEqual([]);
  return createModel(dataset, { baseUrl: 'https://example.test', date });
}

const slugs = (model: Model, mcc: string, merchant?: string) =>
  rankCards(model, merchant === undefined ? { mcc } : { mcc, merchant }).map((e) => `${e.card.slug}@${e.value}`);

describe('ranking engine (hand-worked on the fixture)', () => {
  it('ranks groceries 5411 by value in cents, not by the multiplier', () => {
    // Custom Cash 5 × 1.7 = 8.5 beats Amex Gold 4 × 2 = 8 beats Blue Cash Preferred 6 × 1 = 6.
    expect(slugs(fixtureModel(), '5411')).toEqual([
      'citi-custom-cash@8.5',
      'amex-gold@8',
      'amex-blue-cash-preferred@6',
      'chase-freedom-flex@2.05',
      'citi-double-cash@2',
      'delta-skymiles-gold@1.2',
    ]);
  });

  it("applies an issuer's own category definition instead of the generic one", () => {
    // Generic groceries cover 5499; Amex's definition (5411 only) does not, so Amex cards earn base there.
    const model = fixtureModel();
    const gold = model.cardBySlug.get('amex-gold')!;
    const customCash = model.cardBySlug.get('citi-custom-cash')!;
    expect(earningFor(model, gold, { mcc: '5499' })).toMatchObject({ rate: 1, value: 2, rule: null });
    expect(earningFor(model, customCash, { mcc: '5499' })).toMatchObject({ rate: 5, value: 8.5 });
  });

  it('ranks a capped rule at its rate and keeps the cap on the rule', () => {
    const model = fixtureModel();
    const bcp = earningFor(model, model.cardBySlug.get('amex-blue-cash-preferred')!, { mcc: '5411' });
    expect(bcp.rate).toBe(6);
    expect(bcp.rule).toMatchObject({ cap_usd: 6000, cap_period: 'year', rate_after_cap: 1 });
  });

  it('applies a rotating category only inside its dates', () => {
    expect(slugs(fixtureModel('2026-11-15'), '5541')[0]).toBe('chase-freedom-flex@10.25');
    expect(slugs(fixtureModel('2026-12-31'), '5541')[0]).toBe('chase-freedom-flex@10.25');
    expect(slugs(fixtureModel('2027-01-01'), '5541')[0]).toBe('amex-blue-cash-preferred@3');
    expect(slugs(fixtureModel('2026-09-30'), '5541')[0]).toBe('amex-blue-cash-preferred@3');
  });

  it('breaks ties by lower annual fee, then by slug', () => {
    // At 5999 everyone earns base: Freedom Flex 2.05, then Double Cash 2 ($0) before Gold 2 ($325).
    expect(slugs(fixtureModel(), '5999').slice(0, 3)).toEqual(['chase-freedom-flex@2.05', 'citi-double-cash@2', 'amex-gold@2']);
  });

  it('does not count portal-only rules when paying the merchant, but counts booked-direct ones', () => {
    const model = fixtureModel();
    const flex = earningFor(model, model.cardBySlug.get('chase-freedom-flex')!, { mcc: '3058' });
    expect(flex).toMatchObject({ rate: 1, rule: null });
    const gold = earningFor(model, model.cardBySlug.get('amex-gold')!, { mcc: '3058' });
    expect(gold).toMatchObject({ rate: 3, value: 6 });
  });

  it('applies merchant-scoped categories only for that merchant', () => {
    const model = fixtureModel();
    const delta = model.cardBySlug.get('delta-skymiles-gold')!;
    expect(earningFor(model, delta, { mcc: '5999', merchant: 'delta-air-lines' }).rate).toBe(2);
    expect(earningFor(model, delta, { mcc: '5999', merchant: 'amazon' }).rate).toBe(1);
  });

  it('leaves discontinued cards out of every ranking', () => {
    const model = fixtureModel();
    expect(rankCards(model, { mcc: '5812' }).map((e) => e.card.slug)).not.toContain('chase-freedom');
  });

  it('is a total order: the same input always gives the same list', () => {
    const model = fixtureModel();
    for (const { code } of model.mccs) expect(slugs(model, code)).toEqual(slugs(model, code));
  });

  it('rounds values to 4 decimals', () => {
    expect(round4(4 * 1.65)).toBe(6.6);
    expect(round4(1.5 * 1.7)).toBe(2.55);
  });
});
