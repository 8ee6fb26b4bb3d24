/**
 * The `all-purchases` category (docs/ranking.md §1, §4, §7): a capped rate on every purchase no other
 * rule of the card covers. The fixture gains, in memory, Blue Business Plus (2X on the first $50,000 a
 * year, then 1X) and Hilton Honors Business (5X on up to $100,000 a year, then 3X; 12X at Hilton).
 */
import { describe, expect, it } from 'vitest';
import { type BuildOutput, checkDataset, compile } from '../generator/compile.ts';
import { createModel } from '../generator/engine/model.ts';
import { formatProblem } from '../generator/dataset-problems.ts';
import { earningFor, rankEveryday } from '../generator/engine/ranking.ts';
import { netValueOf, SPEND_PROFILES } from '../generator/engine/spend-profiles.ts';
import { readDataset } from '../generator/dataset/read-dataset.ts';
import { FIXTURE } from './helpers/cli.ts';

const AMEX = 'https://www.americanexpress.com/';
const BBP_RULE = `amex-blue-business-plus,all-purchases,2,50000,year,1,any,fixed,,,"first $50,000 a calendar year",${AMEX},2026-11-01`;
const HILTON_RULES = [
  `amex-hilton-honors-business,all-purchases,5,100000,year,3,any,fixed,,,"first $100,000 a calendar year",${AMEX},2026-11-01`,
  `amex-hilton-honors-business,hilton,12,,,,any,fixed,,,,${AMEX},2026-11-01`,
];

/** The fixture's files with rows appended (and card_rewards rows after the fixture's own). */
function sourcesWith(rewards: readonly string[], more: Record<string, readonly string[]> = {}): Map<string, string | undefined> {
  const rows: Record<string, readonly string[]> = {
    'categories.csv': [
      'all-purchases,All purchases,every purchase that no other rule of the card covers',
      'hilton,Hilton,stays at hotels in the Hilton portfolio',
    ],
    'programs.csv': [`hilton-honors,Hilton Honors,hotel_points,Hilton,0.5,published,fixture value,https://www.hilton.com/,2026-11-01`],
    'mcc.csv': ['3504,HILTON HOTELS,lodging'],
    'merchants.csv': ['hilton,Hilton,3504,hilton.com,7,nsi,Q598884,2026-11-01'],
    'category_merchant.csv': ['hilton,hilton,'],
    'cards.csv': [
      `amex-blue-business-plus,The Blue Business® Plus Credit Card from American Express,amex,amex,business,amex-membership-rewards,0,,2.7,1,,,,,active,${AMEX},2026-11-01`,
      `amex-hilton-honors-business,The Hilton Honors American Express Business Card,amex,amex,business,hilton-honors,195,,0,3,,,,,active,${AMEX},2026-11-01`,
    ],
    // As in the dataset: Blue Business Plus transfers Membership Rewards points on its own.
    'card_valuations.csv': [`amex-blue-business-plus,yes,,,,${AMEX},2026-11-01`],
    'card_rewards.csv': rewards,
  };
  const sources = new Map(readDataset(FIXTURE));
  for (const [file, lines] of Object.entries({ ...rows, ...more })) {
    const text = sources.get(file) ?? '';
    sources.set(file, `${text}${text.endsWith('\n') ? '' : '\n'}${lines.join('\n')}\n`);
  }
  return sources;
}

function modelWith(rewards: readonly string[] = [BBP_RULE, ...HILTON_RULES]) {
  const { dataset, problems } = checkDataset(sourcesWith(rewards), 'mini');
  expect(problems.map(formatProblem)).toEqual([]);
  return createModel(dataset, { baseUrl: 'https://example.test', date: '2026-11-15' });
}

function buildWith(rewards: readonly string[] = [BBP_RULE, ...HILTON_RULES]): BuildOutput {
  const result = compile(sourcesWith(rewards), { baseUrl: 'https://example.test', displayDir: 'mini', date: '2026-11-15' });
  if (!result.ok) throw new Error(result.problems.map(formatProblem).join('\n'));
  return result.output;
}

const jsonOf = (output: BuildOutput, path: string) => JSON.parse(output.files.get(path)!.toString('utf8'));

/** The line card_rewards.csv gives the `index`-th appended rule (the fixture's own rows and header come first). */
const rewardLine = (index: number) => (readDataset(FIXTURE).get('card_rewards.csv') ?? '').trimEnd().split('\n').length + 1 + index;

describe('all-purchases: a capped rate on every purchase no other rule covers', () => {
  it('ranks an MCC with no bonus rule at the capped rate, with its cap on the rule and in the conditions', () => {
    const output = buildWith();
    const cards = jsonOf(output, 'keyed/api/compute/best-card/standalone/mcc/5999.json').best_cards;
    // 2X × 2 cents (fixture Membership Rewards): 4, ahead of Sapphire Preferred's 1 × 2.05 and Hilton's 5 × 0.5.
    expect(cards[0]).toMatchObject({
      slug: 'amex-blue-business-plus',
      rate: 2,
      value_cents: 4,
      typical_value_cents: 4,
      rule: { category: 'all-purchases', selection: 'fixed', channel: 'any', cap: { usd: 50000, period: 'year', rate_after: 1 } },
      conditions: [{ kind: 'cap', note: '2x on up to $50,000 of purchases outside its bonus categories a calendar year, then 1x' }],
    });
    expect(cards.find((c: { slug: string }) => c.slug === 'amex-hilton-honors-business')).toMatchObject({
      rate: 5,
      value_cents: 2.5,
      rule: { category: 'all-purchases', cap: { usd: 100000, period: 'year', rate_after: 3 } },
    });
    // The card's own records show the rule with its cap, and base_rate as the rate after it.
    const detail = jsonOf(output, 'keyed/api/cards/amex-blue-business-plus.json');
    expect(detail).toMatchObject({ base_rate: 1, bonus_categories: ['all-purchases'] });
    expect(detail.rewards).toEqual([
      expect.objectContaining({ category: 'all-purchases', rate: 2, cap: { usd: 50000, period: 'year', rate_after: 1 }, in_force: true }),
    ]);
    // The heavy spend profile ($72,000 a year) shows the rule and the averaged rate per category.
    const heavy = jsonOf(output, 'keyed/api/compute/spend-profile/standalone/heavy.json').best_cards;
    expect(heavy.find((c: { slug: string }) => c.slug === 'amex-blue-business-plus').categories[0]).toMatchObject({
      rate: 1.6944,
      bonus_category: 'all-purchases',
    });
    const page = output.files.get('public/card/amex-blue-business-plus/index.html')!.toString('utf8');
    expect(page).toContain('1× on everything else once the all-purchases cap is spent');
  });

  it('is what the card earns where it has no bonus: the everyday (fallback) ranking uses it, not the base rate', () => {
    const model = modelWith();
    const everyday = rankEveryday(model);
    expect(everyday[0]).toMatchObject({ rate: 2, value: 4, conditional: true, rule: { category: 'all-purchases' } });
    expect(everyday[0]!.card.slug).toBe('amex-blue-business-plus');
    // Without the rule the same card earns its base rate, the rate after the cap.
    const plain = modelWith([]);
    expect(earningFor(plain, plain.cardBySlug.get('amex-blue-business-plus')!, { mcc: '5999' })).toMatchObject({ rate: 1, rule: null });
  });

  it('gives way to a bonus rule wherever one applies, whatever its rate', () => {
    const model = modelWith();
    const hilton = model.cardBySlug.get('amex-hilton-honors-business')!;
    expect(earningFor(model, hilton, { mcc: '3504', merchant: 'hilton' })).toMatchObject({ rate: 12, rule: { category: 'hilton' } });
    expect(earningFor(model, hilton, { mcc: '3504' })).toMatchObject({ rate: 5, rule: { category: 'all-purchases' } });
    // A bonus below the all-purchases rate still wins where it applies: the issuer pays the category's rate there.
    const lower = modelWith([BBP_RULE, HILTON_RULES[0]!, HILTON_RULES[1]!.replace(',hilton,12,', ',hilton,4,')]);
    const card = lower.cardBySlug.get('amex-hilton-honors-business')!;
    expect(earningFor(lower, card, { mcc: '3504', merchant: 'hilton' })).toMatchObject({ rate: 4, rule: { category: 'hilton' } });
  });

  it('earns the after-cap rate on spending above the cap in a spend profile, one cap across the card', () => {
    const model = modelWith();
    const bbp = model.cardBySlug.get('amex-blue-business-plus')!;
    const [, typical, heavy] = SPEND_PROFILES;
    // Typical: $2,500 a month is $30,000 a year, under the cap: 2X on all of it at 2 cents = $1,200.
    const underCap = netValueOf(model, bbp, typical!, 'standalone');
    expect(underCap.rewards_usd).toBe(1200);
    expect(underCap.categories.every((c) => c.rate === 2 && c.bonus_category === 'all-purchases')).toBe(true);
    // Heavy: $72,000 a year across every category together: 2X on $50,000 and 1X on $22,000 = 122,000 points,
    // $2,440 at 2 cents (the rate averages 1.6944X after rounding to 4 decimals), not 2X on everything ($2,880).
    const overCap = netValueOf(model, bbp, heavy!, 'standalone');
    expect(overCap.categories.every((c) => c.rate === 1.6944)).toBe(true);
    expect(overCap.rewards_usd).toBeCloseTo(2440, 0);
    expect(overCap.rewards_usd).toBeLessThan(2880);
    // Hilton Business: $72,000 is under its $100,000 cap: 5X at 0.5 cents = $1,800, minus the $195 fee.
    const hilton = netValueOf(model, model.cardBySlug.get('amex-hilton-honors-business')!, heavy!, 'standalone');
    expect(hilton).toMatchObject({ rewards_usd: 1800, net_usd: 1605 });
  });

  it('does not count spending in the card’s bonus categories towards the all-purchases cap', () => {
    // A dining rule (a test input, not a real Blue Business Plus rule) takes the heavy profile's $800 a month
    // of dining out of the cap: $62,400 a year earns (50,000 × 2 + 12,400 × 1) / 62,400 = 1.8013X.
    const model = modelWith([BBP_RULE, `amex-blue-business-plus,dining,4,,,,any,fixed,,,test input,${AMEX},2026-11-01`]);
    const value = netValueOf(model, model.cardBySlug.get('amex-blue-business-plus')!, SPEND_PROFILES[2]!, 'standalone');
    expect(value.categories.find((c) => c.category === 'dining')).toMatchObject({ rate: 4, bonus_category: 'dining' });
    expect(value.categories.find((c) => c.category === 'other')).toMatchObject({ rate: 1.8013, bonus_category: 'all-purchases' });
  });

  it('reports misuse as file:line:column problems', () => {
    const problems = (rewards: readonly string[], more: Record<string, readonly string[]> = {}) =>
      checkDataset(sourcesWith(rewards, more), 'data').problems.map(formatProblem);
    const at = (index: number, column: number) => `data/card_rewards.csv:${rewardLine(index)}:${column}: `;
    expect(problems([BBP_RULE.replace('2,50000,year,1,', '2,,,,')])).toEqual([
      `${at(0, 4)}an all-purchases rule needs a cap (cap_usd, cap_period, rate_after_cap) or a requirement (requires); an uncapped rate on every purchase belongs in cards.csv base_rate`,
    ]);
    expect(problems([BBP_RULE, BBP_RULE.replace(',any,fixed,,,', ',any,fixed,2027-01-01,,')])).toEqual([
      `${at(1, 2)}amex-blue-business-plus has an all-purchases rule already at line ${rewardLine(0)}; expected one per card`,
    ]);
    expect(problems([BBP_RULE.replace('2,50000,year,1,any,fixed', '2,50000,year,1.5,direct,chosen')])).toEqual([
      `${at(0, 6)}the rate after an all-purchases cap is the card's base_rate in cards.csv; expected 1, got 1.5`,
      `${at(0, 7)}an all-purchases rule applies to every purchase; expected channel any, got direct`,
      `${at(0, 8)}an all-purchases rule applies to every purchase; expected selection fixed, got chosen`,
    ]);
    expect(problems([BBP_RULE.replace(',2,50000,', ',1,50000,')])).toEqual([
      `${at(0, 3)}a capped all-purchases rate is above the rate after its cap; expected more than 1, got 1`,
    ]);
    const mappings = problems([BBP_RULE], {
      'category_mcc.csv': ['all-purchases,5999,,'],
      'category_merchant.csv': ['all-purchases,amazon,'],
    });
    expect(mappings).toEqual([
      expect.stringMatching(/^data\/category_mcc\.csv:\d+:1: all-purchases covers every MCC by definition; expected no rows for it$/),
      expect.stringMatching(
        /^data\/category_merchant\.csv:\d+:1: all-purchases covers every merchant by definition; expected no rows for it$/,
      ),
    ]);
  });
});
