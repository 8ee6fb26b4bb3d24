/**
 * The ranking engine (docs/ranking.md once written; today the rules below), as pure functions of the model: which rule of a card
 * applies to a purchase, what it is worth, and the total order of cards.
 */
import type { Model } from './model.ts';
import type { CardRewardRow, CardRow } from '../schemas/dataset.ts';

/** A purchase: its MCC and, when known, the merchant (for merchant-scoped categories). */
export interface Purchase {
  readonly mcc: string;
  readonly merchant?: string;
}

/**
 * Cents per point for a program without a published valuation: a floor (most programs redeem
 * at or above it), used so such cards still rank, and always reported as `assumed`.
 */
export const ASSUMED_CENTS_PER_POINT = 1;

/** A program's value per point and its basis (programs.csv `valuation_basis`). */
export interface Valuation {
  readonly centsPerPoint: number;
  readonly basis: 'published' | 'derived' | 'assumed';
}

/** The valuation of a card's program. */
export function valuationOf(model: Model, card: CardRow): Valuation {
  return programValuation(model, card.program);
}

/** The valuation of a program by slug: its own value and basis, or the assumed floor. */
export function programValuation(model: Model, slug: string): Valuation {
  const program = model.programs.get(slug);
  const cents = program?.cents_per_point ?? null;
  if (!program || cents === null) return { centsPerPoint: ASSUMED_CENTS_PER_POINT, basis: 'assumed' };
  return { centsPerPoint: cents, basis: program.valuation_basis === 'derived' ? 'derived' : 'published' };
}

/** What one card earns on a purchase. */
export interface Earning {
  readonly card: CardRow;
  readonly valuation: Valuation;
  /** The card's own multiplier (points per dollar, or percent cash back). */
  readonly rate: number;
  /** `rate × cents_per_point`: US cents per dollar spent, rounded to 4 decimals. */
  readonly value: number;
  /** The bonus rule that applied, or null when the base rate did. */
  readonly rule: CardRewardRow | null;
}

/** Rounds to 4 decimals so values print the same on every machine (no 6.6000000000000005). */
export function round4(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

/** True when the rule's category covers the purchase for the card's issuer. */
export function ruleCovers(model: Model, rule: CardRewardRow, issuer: string, purchase: Purchase): boolean {
  if (purchase.merchant !== undefined && model.merchantCategories.get(purchase.merchant)?.has(rule.category)) return true;
  const byIssuer = model.categoryMccs.get(rule.category);
  if (!byIssuer) return false;
  // An issuer's own definition of a category replaces the generic one (Amex "U.S. supermarkets").
  const codes = byIssuer.get(issuer) ?? byIssuer.get('');
  return codes?.has(purchase.mcc) ?? false;
}

/** True when the rule is in force on `date` (rotating quarters, limited-time rates). */
export function ruleIsValid(rule: CardRewardRow, date: string): boolean {
  return (rule.valid_from === null || rule.valid_from <= date) && (rule.valid_to === null || rule.valid_to >= date);
}

/**
 * What `card` earns on `purchase`: its best applicable rule, else its base rate. Rules that need
 * a booking through the issuer's travel portal do not apply to paying the merchant itself.
 */
export function earningFor(model: Model, card: CardRow, purchase: Purchase): Earning {
  const valuation = valuationOf(model, card);
  const { centsPerPoint } = valuation;
  let best: Earning = { card, valuation, rate: card.base_rate, value: round4(card.base_rate * centsPerPoint), rule: null };
  for (const rule of model.rulesByCard.get(card.slug) ?? []) {
    if (rule.channel === 'portal' || !ruleIsValid(rule, model.date) || !ruleCovers(model, rule, card.issuer, purchase)) continue;
    if (rule.rate > best.rate || (rule.rate === best.rate && best.rule !== null && isPreferredRule(rule, best.rule))) {
      best = { card, valuation, rate: rule.rate, value: round4(rule.rate * centsPerPoint), rule };
    }
  }
  return best;
}

/** Between two rules of equal rate: uncapped before capped, then the higher cap, then category slug. */
function isPreferredRule(candidate: CardRewardRow, current: CardRewardRow): boolean {
  const capOf = (rule: CardRewardRow) => rule.cap_usd ?? Number.POSITIVE_INFINITY;
  if (capOf(candidate) !== capOf(current)) return capOf(candidate) > capOf(current);
  return candidate.category < current.category;
}

/** The total order of rankings: value descending, then lower annual fee, then slug. */
export function compareEarnings(a: Earning, b: Earning): number {
  return b.value - a.value || a.card.annual_fee - b.card.annual_fee || (a.card.slug < b.card.slug ? -1 : a.card.slug > b.card.slug ? 1 : 0);
}

const rankingCache = new WeakMap<Model, Map<string, readonly Earning[]>>();

/**
 * Every active card ranked for a purchase, best first. Merchants without merchant-scoped
 * categories rank exactly as their MCC does, so rankings are cached by MCC and those categories.
 */
export function rankCards(model: Model, purchase: Purchase): Earning[] {
  let cache = rankingCache.get(model);
  if (!cache) {
    cache = new Map();
    rankingCache.set(model, cache);
  }
  const scoped = purchase.merchant === undefined ? undefined : model.merchantCategories.get(purchase.merchant);
  const key = scoped ? `${purchase.mcc}|${purchase.merchant}` : purchase.mcc;
  let ranking = cache.get(key);
  if (!ranking) {
    ranking = model.activeCards.map((card) => earningFor(model, card, purchase)).sort(compareEarnings);
    cache.set(key, ranking);
  }
  return [...ranking];
}
