/**
 * What a rate requires (docs/ranking.md §3): a paid membership or a way of paying, recorded once in
 * `requirements.csv` and named by a card (`cards.csv` requires: the card is for members) or by one
 * rule (`card_rewards.csv` requires). The fixture gains, in memory, a card for Prime members, a card
 * whose 5 % at grocery stores needs Walmart+ (3 % without), and a card whose 2 % on every purchase
 * needs Apple Pay.
 */
import { describe, expect, it } from 'vitest';
import { checkDataset } from '../generator/compile.ts';
import { formatProblem } from '../generator/dataset-problems.ts';
import { createModel } from '../generator/engine/model.ts';
import { readDataset } from '../generator/dataset/read-dataset.ts';
import { netValueOf, SPEND_PROFILES } from '../generator/engine/spend-profiles.ts';
import { rankedCards } from '../generator/views/index.ts';
import { cardsForCategory } from '../generator/views/catalogue.ts';
import { FIXTURE } from './helpers/cli.ts';

const SOURCE = 'https://example.test/terms';
const REQUIREMENTS = [
  'slug,kind,name,annual_fee_usd,url,note,source_url,as_of',
  `amazon-prime,membership,Amazon Prime,139,https://www.amazon.com/prime,,${SOURCE},2026-11-01`,
  `walmart-plus,membership,Walmart+,98,https://www.walmart.com/plus,,${SOURCE},2026-11-01`,
  `apple-pay,payment_method,Apple Pay,,https://www.apple.com/apple-pay/,,${SOURCE},2026-11-01`,
];
const CARDS: Record<string, string> = {
  'prime-fixture': `prime-fixture,Prime Fixture Visa,chase,visa,personal,cash-back,0,,0,1,,,,,active,${SOURCE},2026-11-01`,
  'walmart-fixture': `walmart-fixture,Walmart Fixture Card,citi,mastercard,personal,cash-back,0,,0,1.5,,,,,active,${SOURCE},2026-11-01`,
  'apple-fixture': `apple-fixture,Apple Fixture Card,citi,mastercard,personal,cash-back,0,,0,1,,,,,active,${SOURCE},2026-11-01`,
};
/** card_rewards.csv rows of the new cards, each with its `requires` cell last. */
const RULES = [
  `prime-fixture,amazon,5,,,,any,fixed,,,,${SOURCE},2026-11-01,`,
  `walmart-fixture,groceries,3,,,,any,fixed,,,,${SOURCE},2026-11-01,`,
  `walmart-fixture,groceries,5,,,,any,fixed,,,,${SOURCE},2026-11-01,walmart-plus`,
  `apple-fixture,all-purchases,2,,,,any,fixed,,,,${SOURCE},2026-11-01,apple-pay`,
];

/** The fixture's files with a `requires` column on cards.csv and card_rewards.csv, and the rows above. */
function sourcesWith(rules: readonly string[] = RULES, cardRequires: Record<string, string> = { 'prime-fixture': 'amazon-prime' }) {
  const sources = new Map(readDataset(FIXTURE));
  const withColumn = (file: string, rows: readonly string[], cellOf: (line: string) => string) => {
    const [header, ...lines] = (sources.get(file) ?? '').trimEnd().split('\n');
    sources.set(file, [`${header},requires`, ...lines.map((line) => `${line},${cellOf(line)}`), ...rows].join('\n'));
  };
  withColumn('cards.csv', [], () => '');
  const cards = Object.entries(CARDS).map(([slug, line]) => `${line},${cardRequires[slug] ?? ''}`);
  sources.set('cards.csv', `${sources.get('cards.csv')}\n${cards.join('\n')}\n`);
  withColumn('card_rewards.csv', rules, () => '');
  sources.set('requirements.csv', `${REQUIREMENTS.join('\n')}\n`);
  const append = (file: string, lines: readonly string[]) =>
    sources.set(file, `${(sources.get(file) ?? '').trimEnd()}\n${lines.join('\n')}\n`);
  append('categories.csv', [
    'amazon,Amazon,Amazon.com and Whole Foods Market',
    'all-purchases,All purchases,every purchase no other rule covers',
  ]);
  append('category_merchant.csv', ['amazon,amazon,']);
  return sources;
}

function modelWith(...args: Parameters<typeof sourcesWith>) {
  const { dataset, problems } = checkDataset(sourcesWith(...args), 'mini');
  expect(problems.map(formatProblem)).toEqual([]);
  return createModel(dataset, { baseUrl: 'https://example.test', date: '2026-11-15' });
}

const entryOf = (cards: readonly { slug: string }[], slug: string) => {
  const entry = cards.find((card) => card.slug === slug);
  if (entry === undefined) throw new Error(`${slug} is not ranked`);
  return entry as (typeof cards)[number] & { rate: number; conditions: { kind: string; note: string }[]; segment: string };
};

describe('a rate that requires a membership or a way of paying', () => {
  const model = modelWith();

  it('names a card-level membership, with its fee and link, on every rate of the card', () => {
    const atAmazon = entryOf(rankedCards(model, { mcc: '5999', merchant: 'amazon' }), 'prime-fixture');
    expect(atAmazon.rate).toBe(5);
    expect(atAmazon.conditions[0]).toEqual({
      kind: 'membership',
      note: 'the card is for Amazon Prime members: a paid membership ($139 a year): https://www.amazon.com/prime',
    });
    // Its base rate at a grocery store is still a Prime member's card.
    const atGrocer = entryOf(rankedCards(model, { mcc: '5411' }), 'prime-fixture');
    expect(atGrocer.conditions.map((c) => c.kind)).toEqual(['membership']);
    expect(atGrocer.segment).toBe('personal');
  });

  it("ranks a rule's membership rate at the member's rate, and says so", () => {
    const entry = entryOf(rankedCards(model, { mcc: '5411' }), 'walmart-fixture');
    expect(entry.rate).toBe(5);
    expect(entry.conditions).toEqual([
      { kind: 'membership', note: 'only for Walmart+ members: a paid membership ($98 a year): https://www.walmart.com/plus' },
    ]);
  });

  it('names a way of paying, and ranks it after an unconditional rate of the same value', () => {
    const cards = rankedCards(model, { mcc: '5999' });
    const apple = entryOf(cards, 'apple-fixture');
    expect(apple.rate).toBe(2);
    expect(apple.conditions).toEqual([{ kind: 'payment_method', note: 'only when paying with Apple Pay' }]);
    // Worth 2 cents like Double Cash's unconditional 2 %: every unconditional 2 comes first, nothing worth less does.
    const at = cards.findIndex((card) => card.slug === 'apple-fixture');
    const worth2 = cards.filter((card) => card.typical_value_cents === 2);
    expect(worth2.map((card) => card.conditions.length === 0)).toContain(true);
    expect(
      cards
        .slice(0, at)
        .filter((card) => card.typical_value_cents === 2)
        .every((card) => card.conditions.length === 0),
    ).toBe(true);
    expect(cards.slice(0, at).some((card) => card.slug === 'citi-double-cash')).toBe(true);
    expect(cards.slice(0, at).every((card) => card.typical_value_cents >= 2)).toBe(true);
  });

  it('counts a required membership once in the net yearly value of a spend profile, a way of paying at nothing', () => {
    const typical = SPEND_PROFILES.find((profile) => profile.slug === 'typical');
    if (typical === undefined) throw new Error('no typical profile');
    const of = (slug: string) => netValueOf(model, model.cardBySlug.get(slug)!, typical, 'standalone');
    const walmart = of('walmart-fixture');
    expect(walmart.membership_fees_usd).toBe(98);
    expect(walmart.net_usd).toBeCloseTo(walmart.rewards_usd + walmart.credits_usd - 98, 4);
    expect(of('prime-fixture').membership_fees_usd).toBe(139);
    expect(of('apple-fixture').membership_fees_usd).toBe(0);
  });

  it("names in a category's card list what each rate needs: the rule's requirement, else the card's", () => {
    const amazon = cardsForCategory(model, 'amazon').find((entry) => entry.slug === 'prime-fixture');
    expect(amazon?.requires).toBe('amazon-prime');
    const groceries = cardsForCategory(model, 'groceries').filter((entry) => entry.slug === 'walmart-fixture');
    expect(groceries.map((entry) => [entry.rate, entry.requires])).toEqual([
      [5, 'walmart-plus'],
      [3, null],
    ]);
  });
});

describe('requirements in the dataset', () => {
  it('refuses an unknown requirement, located', () => {
    const rules = [...RULES.slice(0, 3), `apple-fixture,all-purchases,2,,,,any,fixed,,,,${SOURCE},2026-11-01,google-pay`];
    const { problems } = checkDataset(sourcesWith(rules), 'mini');
    expect(problems.map(formatProblem)).toContainEqual(
      expect.stringMatching(
        /^mini\/card_rewards\.csv:\d+:\d+: requires: unknown requires "google-pay", expected a slug from requirements\.csv/,
      ),
    );
  });

  it('refuses an uncapped rate on every purchase that asks for nothing more than the base rate', () => {
    const rules = [...RULES.slice(0, 3), `apple-fixture,all-purchases,1,,,,any,fixed,,,,${SOURCE},2026-11-01,apple-pay`];
    const { problems } = checkDataset(sourcesWith(rules), 'mini');
    expect(problems.map(formatProblem)).toContainEqual(
      expect.stringContaining("an all-purchases rate that needs apple-pay is above the card's base_rate; expected more than 1, got 1"),
    );
  });
});
