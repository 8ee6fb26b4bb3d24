import { describe, expect, it } from 'vitest';
import { checkDataset } from '../generator/compile.ts';
import { createModel, type Model } from '../generator/engine/model.ts';
import {
  compareEarnings,
  earningFor,
  earningOf,
  leftOutCards,
  rankCards,
  round4,
  TYPICAL_MONTHLY_SPEND_USD,
  typicalRate,
} from '../generator/engine/ranking.ts';
import { conditionsOf } from '../generator/engine/conditions.ts';
import { rotationUnknown } from '../generator/engine/rotation.ts';
import { FRESHNESS_HORIZON_DAYS, freshnessOf, horizonStart } from '../generator/engine/freshness.ts';
import { cardValuation, type ValuationMode } from '../generator/engine/valuation.ts';
import { readDataset } from '../generator/dataset/read-dataset.ts';
import { FIXTURE } from './helpers/cli.ts';
import { fixtureWithAcceptance } from './helpers/acceptance-fixture.ts';

function fixtureModel(date = '2026-11-15', sources = readDataset(FIXTURE)): Model {
  const { dataset, problems } = checkDataset(sources, 'mini');
  expect(problems).toEqual([]);
  return createModel(dataset, { baseUrl: 'https://example.test', date });
}

const slugs = (model: Model, mcc: string, merchant?: string, valuation: ValuationMode = 'standalone') =>
  rankCards(model, merchant === undefined ? { mcc } : { mcc, merchant }, valuation).map((e) => `${e.card.slug}@${e.value}`);

describe('ranking engine (hand-worked on the fixture)', () => {
  it('ranks groceries 5411 standalone: each card at what its points are worth alone', () => {
    // Gold 4 × 2 (Membership Rewards transfer alone) = 8; Blue Cash Preferred 6 % = 6; Custom Cash
    // 5 × 1 (ThankYou floor: no card_valuations row) = 5; Sapphire Preferred 1 × 2.05; Double Cash 2 %;
    // Delta 1 × 1.2; Freedom Flex 1 × 1 (its own cash value; transfers need the Sapphire).
    expect(slugs(fixtureModel(), '5411')).toEqual([
      'amex-gold@8',
      'amex-blue-cash-preferred@6',
      'citi-custom-cash@5',
      'chase-sapphire-preferred@2.05',
      'citi-double-cash@2',
      'delta-skymiles-gold@1.2',
      'chase-freedom-flex@1',
    ]);
  });

  it('ranks groceries 5411 pooled: transfer value, naming the card that unlocks it', () => {
    // Custom Cash 5 × 1.7 = 8.5 now leads; Freedom Flex 1 × 2.05 ties Sapphire Preferred and wins on its $0 fee.
    expect(slugs(fixtureModel(), '5411', undefined, 'pooled')).toEqual([
      'citi-custom-cash@8.5',
      'amex-gold@8',
      'amex-blue-cash-preferred@6',
      'chase-freedom-flex@2.05',
      'chase-sapphire-preferred@2.05',
      'citi-double-cash@2',
      'delta-skymiles-gold@1.2',
    ]);
    const model = fixtureModel();
    const flex = earningFor(model, model.cardBySlug.get('chase-freedom-flex')!, { mcc: '5411' }, 'pooled');
    expect(flex.points.pooled).toEqual({ centsPerPoint: 2.05, basis: 'published', with: 'chase-sapphire-preferred' });
    expect(flex.points.standalone).toEqual({ centsPerPoint: 1, basis: 'redemption' });
  });

  it('values a bank card without a card_valuations row at its program floor alone, transfer value pooled', () => {
    const model = fixtureModel();
    const customCash = cardValuation(model, model.cardBySlug.get('citi-custom-cash')!);
    expect(customCash).toEqual({
      standalone: { centsPerPoint: 1, basis: 'redemption' },
      pooled: { centsPerPoint: 1.7, basis: 'published', with: null },
      source: 'default',
    });
    // Miles land in the airline's own program: one card or many, the same value.
    const delta = cardValuation(model, model.cardBySlug.get('delta-skymiles-gold')!);
    expect(delta.standalone).toEqual({ centsPerPoint: 1.2, basis: 'published' });
    expect(delta.pooled).toEqual({ centsPerPoint: 1.2, basis: 'published', with: null });
  });

  it("applies an issuer's own category definition instead of the generic one", () => {
    // Generic groceries cover 5499; Amex's definition (5411 only) does not, so Amex cards earn base there.
    const model = fixtureModel();
    const gold = model.cardBySlug.get('amex-gold')!;
    const customCash = model.cardBySlug.get('citi-custom-cash')!;
    expect(earningFor(model, gold, { mcc: '5499' })).toMatchObject({ rate: 1, value: 2, rule: null });
    expect(earningFor(model, customCash, { mcc: '5499' })).toMatchObject({ rate: 5, value: 5 });
    expect(earningFor(model, customCash, { mcc: '5499' }, 'pooled')).toMatchObject({ rate: 5, value: 8.5 });
  });

  it('ranks a capped rule at what it averages over a typical month, and keeps the cap on the rule', () => {
    const model = fixtureModel();
    const bcp = earningFor(model, model.cardBySlug.get('amex-blue-cash-preferred')!, { mcc: '5411' });
    expect(bcp).toMatchObject({ rate: 6, value: 6, typicalValue: 6, conditional: true });
    expect(bcp.rule).toMatchObject({ cap_usd: 6000, cap_period: 'year', rate_after_cap: 1 });
    // $6,000 a year is exactly 12 typical months of $500: the cap does not bite. At $250 a month it would:
    // ($250 × 6 + $250 × 1) / $500 = 3.5.
    expect(typicalRate(bcp.rule!)).toBe(6);
    expect(typicalRate({ ...bcp.rule!, cap_usd: 250, cap_period: 'month' })).toBe(3.5);
    expect(TYPICAL_MONTHLY_SPEND_USD).toBe(500);
  });

  it('applies a rotating category only inside its dates', () => {
    expect(slugs(fixtureModel('2026-11-15'), '5541')[0]).toBe('chase-freedom-flex@5');
    expect(slugs(fixtureModel('2026-12-31'), '5541')[0]).toBe('chase-freedom-flex@5');
    expect(slugs(fixtureModel('2027-01-01'), '5541')[0]).toBe('amex-blue-cash-preferred@3');
    expect(slugs(fixtureModel('2026-09-30'), '5541')[0]).toBe('amex-blue-cash-preferred@3');
    expect(slugs(fixtureModel('2026-11-15'), '5541', undefined, 'pooled')[0]).toBe('chase-freedom-flex@10.25');
  });

  it('breaks ties by lower annual fee, then by slug', () => {
    // At 5999 everyone earns base: Sapphire Preferred 2.05, then Double Cash 2 ($0) before Gold 2 ($325);
    // at 1 cent Freedom Flex and Custom Cash ($0, by slug) before Blue Cash Preferred ($95).
    expect(slugs(fixtureModel(), '5999')).toEqual([
      'chase-sapphire-preferred@2.05',
      'citi-double-cash@2',
      'amex-gold@2',
      'delta-skymiles-gold@1.2',
      'chase-freedom-flex@1',
      'citi-custom-cash@1',
      'amex-blue-cash-preferred@1',
    ]);
  });

  it('puts an unconditional rate before a conditional one of the same typical value', () => {
    const model = fixtureModel();
    const flex = model.cardBySlug.get('chase-freedom-flex')!;
    const capped = model.rulesByCard.get('chase-freedom-flex')!.find((r) => r.category === 'gas')!;
    const unconditional = earningOf(model, flex, { ...capped, selection: 'fixed', cap_usd: null, cap_period: null, rate_after_cap: null });
    const conditional = earningOf(model, flex, capped);
    expect(conditional.typicalValue).toBe(unconditional.typicalValue);
    expect([conditional, unconditional].sort(compareEarnings)).toEqual([unconditional, conditional]);
  });

  it('does not count portal-only rules when paying the merchant, but counts booked-direct ones', () => {
    const model = fixtureModel();
    const flex = earningFor(model, model.cardBySlug.get('chase-freedom-flex')!, { mcc: '3058' });
    expect(flex).toMatchObject({ rate: 1, rule: null });
    const gold = earningFor(model, model.cardBySlug.get('amex-gold')!, { mcc: '3058' });
    expect(gold).toMatchObject({ rate: 3, value: 6, conditional: true });
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

describe('answers at the till (issue 23, on the fixture)', () => {
  it("leaves out the cards a merchant refuses on the channel asked about: Costco's warehouses take Visa only", () => {
    const model = fixtureModel('2026-11-15', fixtureWithAcceptance());
    const inStore = rankCards(model, { mcc: '5300', merchant: 'costco', channel: 'in_store' });
    expect(inStore.map((e) => e.card.network)).toEqual(inStore.map(() => 'visa'));
    expect(inStore[0]?.card.slug).toBe('chase-sapphire-preferred');
    const leftOut = leftOutCards(model, { mcc: '5300', merchant: 'costco', channel: 'in_store' });
    expect(leftOut.length + inStore.length).toBe(model.activeCards.length);
    expect(leftOut.every((card) => card.network !== 'visa')).toBe(true);
    // costco.com takes Mastercard too; the MCC alone names no merchant and refuses nothing.
    const online = rankCards(model, { mcc: '5300', merchant: 'costco', channel: 'online' });
    expect(new Set(online.map((e) => e.card.network))).toEqual(new Set(['mastercard', 'visa']));
    expect(rankCards(model, { mcc: '5300' })).toHaveLength(model.activeCards.length);
    // Without a channel a merchant answer is for the till.
    expect(rankCards(model, { mcc: '5300', merchant: 'costco' })).toEqual(inStore);
  });

  it("says when a rotating card's quarter is not in the dataset, on every entry of that card, and not inside a known quarter", () => {
    const inQuarter = fixtureModel('2026-11-15');
    const flex = inQuarter.cardBySlug.get('chase-freedom-flex')!;
    expect(rotationUnknown(inQuarter, flex)).toBe(false);
    const after = fixtureModel('2027-01-15');
    expect(rotationUnknown(after, flex)).toBe(true);
    const entry = rankCards(after, { mcc: '5411' }).find((e) => e.card.slug === 'chase-freedom-flex')!;
    expect(entry.rule).toBeNull();
    const notes = conditionsOf(after, entry);
    expect(notes.map((c) => c.kind)).toEqual(['rotation_unknown']);
    expect(notes[0]?.note).toContain('the newest quarter it holds ended 2026-12-31');
    // A card without rotating rules never carries the note.
    expect(rotationUnknown(after, after.cardBySlug.get('citi-double-cash')!)).toBe(false);
  });

  it(`calls a portal rate or an offer historical past ${FRESHNESS_HORIZON_DAYS} days, counting both ends in UTC days`, () => {
    expect(horizonStart('2026-11-25')).toBe('2025-11-25');
    expect(freshnessOf('2025-11-25', '2026-11-25')).toBe('current');
    expect(freshnessOf('2025-11-24', '2026-11-25')).toBe('historical');
    expect(freshnessOf('2018-02-27', '2026-11-25')).toBe('historical');
    expect(freshnessOf('2026-11-25', '2026-11-25')).toBe('current');
  });
});
