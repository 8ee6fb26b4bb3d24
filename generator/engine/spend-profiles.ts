/**
 * Net yearly value of each card for a few spend profiles (docs/ranking.md §7): rewards on a year of
 * the profile's spending, plus the statement credits marked easy to use, minus the annual fee.
 */
import { membershipFeesUsd, requirementsOf } from './requirements.ts';
import { autoCategoriesOf } from './conditions.ts';
import type { Model } from './model.ts';
import type { CardRow } from '../../schemas/dataset.ts';
import { allPurchasesRuleOf, averageRate, earningFor, round4, centsPerDollar } from './ranking.ts';
import { pointValueOf, type ValuationMode } from './valuation.ts';

/** The categories a profile spends in, each priced at one representative MCC. */
export const PROFILE_CATEGORIES = {
  groceries: '5411',
  dining: '5812',
  gas: '5541',
  airfare: '4511',
  hotels: '7011',
  drugstores: '5912',
  streaming: '4899',
  other: '5999',
} as const;
export type ProfileCategory = keyof typeof PROFILE_CATEGORIES;

/** A household's monthly spending by category, in US dollars: an assumption, stated, not a fact. */
export interface SpendProfile {
  readonly slug: string;
  readonly name: string;
  readonly monthly: Readonly<Record<ProfileCategory, number>>;
}

/** The profiles, light to heavy. Round numbers: what a reader can redo by hand, not survey data. */
export const SPEND_PROFILES: readonly SpendProfile[] = [
  {
    slug: 'light',
    name: 'Light: $1,000 a month, little travel',
    monthly: { groceries: 300, dining: 100, gas: 100, airfare: 25, hotels: 25, drugstores: 25, streaming: 25, other: 400 },
  },
  {
    slug: 'typical',
    name: 'Typical: $2,500 a month, a few trips a year',
    monthly: { groceries: 500, dining: 300, gas: 200, airfare: 100, hotels: 100, drugstores: 50, streaming: 50, other: 1200 },
  },
  {
    slug: 'heavy',
    name: 'Heavy: $6,000 a month, frequent travel',
    monthly: { groceries: 1000, dining: 800, gas: 400, airfare: 500, hotels: 500, drugstores: 100, streaming: 100, other: 2600 },
  },
];

const PERIODS_PER_YEAR = { month: 12, quarter: 4, half_year: 2, year: 1, once: 0, four_years: 0, ongoing: 0 } as const;

/** One category's share of a card's yearly value. */
export interface CategoryValue {
  readonly category: ProfileCategory;
  readonly mcc_code: string;
  readonly monthly_usd: number;
  /** The rate averaged over the year after caps; the base rate where a bonus is not counted. */
  readonly rate: number;
  readonly bonus_category: string | null;
  readonly value_usd: number;
}

/** A card's net yearly value for a profile. */
export interface NetValue {
  readonly card: CardRow;
  readonly categories: readonly CategoryValue[];
  readonly rewards_usd: number;
  readonly credits: readonly { readonly name: string; readonly value_usd: number }[];
  readonly credits_usd: number;
  /** The yearly price of the paid memberships the card or its counted rates need (docs/ranking.md §7). */
  readonly membership_fees_usd: number;
  readonly net_usd: number;
}

/**
 * What `card` is worth in a year of `profile` under `valuation`. Rotating quarters are not counted
 * (a yearly figure cannot assume each quarter's category), and a card whose bonus applies to one
 * chosen or automatic category counts it once, in the category where it adds the most. Spending
 * that no counted bonus covers earns the card's all-purchases rule when it has one, its cap spent
 * by that spending together (it is one cap across the card), else the base rate.
 */
export function netValueOf(model: Model, card: CardRow, profile: SpendProfile, valuation: ValuationMode): NetValue {
  const point = pointValueOf(model, card, valuation);
  const yearly = (rate: number, monthly: number) => round4((centsPerDollar(rate, point) * monthly * 12) / 100);
  const everyday = allPurchasesRuleOf(model, card);
  const rows = (Object.keys(PROFILE_CATEGORIES) as ProfileCategory[]).map((category) => {
    const mcc = PROFILE_CATEGORIES[category];
    const monthly = profile.monthly[category];
    const { rule } = earningFor(model, card, { mcc }, valuation);
    const bonus = rule !== null && rule !== everyday && rule.selection !== 'rotating' ? rule : null;
    return { category, mcc, monthly, rule: bonus, rate: bonus === null ? card.base_rate : averageRate(bonus, monthly) };
  });
  // A chosen bonus counts once, an automatic one in as many categories as the card applies it to at once (Amex
  // Business Gold: two): kept where they add the most; the others earn as if they had none.
  const single = rows.filter((row) => row.rule !== null && row.rule.selection !== 'fixed');
  const byGain = single.sort((a, b) => (b.rate - card.base_rate) * b.monthly - (a.rate - card.base_rate) * a.monthly);
  const kept = new Set(byGain.slice(0, byGain[0]?.rule?.selection === 'auto' ? autoCategoriesOf(card) : 1));
  const unbonused = rows.filter((row) => row.rule === null || (row.rule.selection !== 'fixed' && !kept.has(row)));
  const unbonusedMonthly = unbonused.reduce((sum, row) => sum + row.monthly, 0);
  const everydayRate = everyday === null ? card.base_rate : averageRate(everyday, unbonusedMonthly);
  const categories: CategoryValue[] = rows.map((row) => {
    const plain = unbonused.includes(row);
    const rate = plain ? everydayRate : row.rate;
    return {
      category: row.category,
      mcc_code: row.mcc,
      monthly_usd: row.monthly,
      rate,
      bonus_category: plain ? (everyday?.category ?? null) : (row.rule?.category ?? null),
      value_usd: yearly(rate, row.monthly),
    };
  });
  const easy = new Set(model.dataset.easyCredits.filter(({ row }) => row.card === card.slug).map(({ row }) => row.credit));
  const credits = model.dataset.cardBenefits
    .filter(({ row }) => row.card === card.slug && row.kind === 'credit' && easy.has(row.name))
    .map(({ row }) => ({ name: row.name, value_usd: round4((row.value_usd ?? 0) * PERIODS_PER_YEAR[row.period]) }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const rewards = round4(categories.reduce((sum, c) => sum + c.value_usd, 0));
  const creditsUsd = round4(credits.reduce((sum, c) => sum + c.value_usd, 0));
  // The rules the year counts: the bonuses kept, and the all-purchases rule where plain spending earns it.
  const counted = [...rows.filter((row) => !unbonused.includes(row)).map((row) => row.rule), unbonused.length > 0 ? everyday : null];
  const membershipFees = round4(membershipFeesUsd(counted.flatMap((rule) => requirementsOf(model, card, rule))));
  return {
    card,
    categories,
    rewards_usd: rewards,
    credits,
    credits_usd: creditsUsd,
    membership_fees_usd: membershipFees,
    net_usd: round4(rewards + creditsUsd - card.annual_fee - membershipFees),
  };
}

/** Every active card by net yearly value for a profile: highest first, then lower annual fee, then slug. */
export function rankByNetValue(model: Model, profile: SpendProfile, valuation: ValuationMode): NetValue[] {
  return model.activeCards
    .map((card) => netValueOf(model, card, profile, valuation))
    .sort(
      (a, b) =>
        b.net_usd - a.net_usd ||
        a.card.annual_fee - b.card.annual_fee ||
        (a.card.slug < b.card.slug ? -1 : a.card.slug > b.card.slug ? 1 : 0),
    );
}
