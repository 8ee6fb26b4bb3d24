/**
 * The ranking engine of docs/ranking.md, as pure functions of the model: which rule of a card
 * applies to a purchase, what it is worth under a valuation, and the total order of cards.
 */
import type { Model } from './model.ts';
import type { CardRewardRow, CardRow, Channel } from '../../schemas/dataset.ts';
import { ALL_PURCHASES } from '../dataset/all-purchases.ts';
import { acceptanceOf, DEFAULT_CHANNEL, isAccepted, restrictsNetworks } from './acceptance.ts';
import { compareRankKeys } from '../../schemas/rank-order.ts';
import { isCardForMembers } from './requirements.ts';
import { inSegment, type Segment } from './segments.ts';
import { cardValuation, DEFAULT_VALUATION, type CardValuation, type PointValue, type ValuationMode } from './valuation.ts';

export { ASSUMED_CENTS_PER_POINT } from './valuation.ts';

/**
 * A purchase: its MCC and, when known, the merchant (for merchant-scoped categories) and the
 * channel it goes through (for the networks the merchant takes there; DEFAULT_CHANNEL when unsaid).
 */
export interface Purchase {
  readonly mcc: string;
  readonly merchant?: string;
  readonly channel?: Channel;
}

/**
 * The typical month of docs/ranking.md: spend in one category, in US dollars. A capped rule ranks
 * at what it averages over this spend (its rate up to the cap, `rate_after_cap` beyond), so a
 * $500-a-quarter 5 % ranks below an unlimited 2 % once the cap bites.
 */
export const TYPICAL_MONTHLY_SPEND_USD = 500;

const MONTHS_PER_PERIOD: Readonly<Record<NonNullable<CardRewardRow['cap_period']>, number>> = { month: 1, quarter: 3, year: 12 };

/** What one card earns on a purchase, under one valuation. */
export interface Earning {
  readonly card: CardRow;
  /** The card's own multiplier (points per dollar, or percent cash back). */
  readonly rate: number;
  /** The bonus rule that applied, or null when the base rate did. */
  readonly rule: CardRewardRow | null;
  /** The valuation this earning was ranked by. */
  readonly valuation: ValuationMode;
  /** Both valuations of the card's points. */
  readonly points: CardValuation;
  /** `rate × cents per point` under `valuation`: US cents per dollar spent, rounded to 4 decimals. */
  readonly value: number;
  /** Cents per dollar averaged over a typical month once the rule's cap is spent: what ranks. */
  readonly typicalValue: number;
  /** True when the rate needs something of the holder (a membership, a way of paying, activation, a choice, a cap, a channel). */
  readonly conditional: boolean;
}

/** Rounds to 4 decimals so values print the same on every machine (no 6.6000000000000005). */
export function round4(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

/** The value of earning `rate` points per dollar at `point`: US cents per dollar. The one place this product is taken. */
export function centsPerDollar(rate: number, point: PointValue): number {
  return round4(rate * point.centsPerPoint);
}

/** The rate a rule averages over `monthlySpend` dollars a month in its category, after its cap. */
export function averageRate(rule: CardRewardRow, monthlySpend: number): number {
  if (rule.cap_usd === null || rule.cap_period === null || rule.rate_after_cap === null || monthlySpend <= 0) return rule.rate;
  const spend = monthlySpend * MONTHS_PER_PERIOD[rule.cap_period];
  if (rule.cap_usd >= spend) return rule.rate;
  return round4((rule.cap_usd * rule.rate + (spend - rule.cap_usd) * rule.rate_after_cap) / spend);
}

/** The rate a rule averages over a typical month in its category, after its cap. */
export function typicalRate(rule: CardRewardRow): number {
  return averageRate(rule, TYPICAL_MONTHLY_SPEND_USD);
}

/** Both valuations of an earning and the one that ranked it, as every ranked entry (keyed or static) shows them. */
export function bothValues(earning: Earning): {
  ranked_by: ValuationMode;
  standalone_cents: number;
  pooled_cents: number;
  pooled_with: string | null;
} {
  // Keys in canonical order, as in every object of a ranked list: serialising them copies nothing (canonical-json.ts).
  return {
    pooled_cents: centsPerDollar(earning.rate, earning.points.pooled),
    pooled_with: earning.points.pooled.with,
    ranked_by: earning.valuation,
    standalone_cents: centsPerDollar(earning.rate, earning.points.standalone),
  };
}

/** True when a rule's rate needs something of the holder beyond using the card (a membership or a way of paying included). */
export function isConditional(rule: CardRewardRow | null): boolean {
  return (
    rule !== null && (rule.selection !== 'fixed' || rule.cap_usd !== null || rule.channel !== 'any' || typeof rule.requires === 'string')
  );
}

/** True when the rule's category covers the purchase for the card's issuer (`all-purchases` covers every purchase). */
export function ruleCovers(model: Model, rule: CardRewardRow, issuer: string, purchase: Purchase): boolean {
  if (rule.category === ALL_PURCHASES) return true;
  // An online-only category (Amex's "U.S. online retail") covers its codes and merchants only for a purchase made online.
  if (model.categories.get(rule.category)?.channel === 'online' && channelOf(purchase) !== 'online') return false;
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

/** The card's `all-purchases` rule in force on the build date, or null: what it earns where no other rule applies. */
export function allPurchasesRuleOf(model: Model, card: CardRow): CardRewardRow | null {
  return (model.rulesByCard.get(card.slug) ?? []).find((rule) => rule.category === ALL_PURCHASES && ruleIsValid(rule, model.date)) ?? null;
}

/** What `card` earns with `rule` (null: its base rate) under `valuation`. */
export function earningOf(model: Model, card: CardRow, rule: CardRewardRow | null, valuation: ValuationMode = DEFAULT_VALUATION): Earning {
  const points = cardValuation(model, card);
  const point = points[valuation];
  const rate = rule?.rate ?? card.base_rate;
  return {
    card,
    rate,
    rule,
    valuation,
    points,
    value: centsPerDollar(rate, point),
    typicalValue: centsPerDollar(rule === null ? rate : typicalRate(rule), point),
    // A card held only with a membership (Costco's) is conditional whatever it earns with.
    conditional: isConditional(rule) || isCardForMembers(card),
  };
}

/**
 * What `card` earns on `purchase`: its best applicable rule, else its base rate. Rules that need
 * a booking through the issuer's travel portal do not apply to paying the merchant itself. The
 * best rule is the one with the best typical-month rate; all rules of a card share its point
 * value, so the choice is the same under both valuations. The card's `all-purchases` rule applies
 * only where no other rule does: a bonus category wins where it applies, whatever its rate.
 */
export function earningFor(model: Model, card: CardRow, purchase: Purchase, valuation: ValuationMode = DEFAULT_VALUATION): Earning {
  let best: CardRewardRow | null = null;
  let bestTypical = card.base_rate;
  let covered = false;
  for (const rule of model.rulesByCard.get(card.slug) ?? []) {
    if (rule.category === ALL_PURCHASES || rule.channel === 'portal' || !ruleIsValid(rule, model.date)) continue;
    if (!ruleCovers(model, rule, card.issuer, purchase)) continue;
    covered = true;
    const typical = typicalRate(rule);
    if (typical < bestTypical || (typical === bestTypical && !isPreferredRule(rule, best))) continue;
    best = rule;
    bestTypical = typical;
  }
  return earningOf(model, card, covered ? best : allPurchasesRuleOf(model, card), valuation);
}

/**
 * Between a rule and the current choice at the same typical rate: the base rate (null) first,
 * then an unconditional rule, then the higher headline rate, then the higher cap, then category slug.
 */
function isPreferredRule(candidate: CardRewardRow, current: CardRewardRow | null): boolean {
  if (current === null) return false;
  if (isConditional(candidate) !== isConditional(current)) return !isConditional(candidate);
  if (candidate.rate !== current.rate) return candidate.rate > current.rate;
  const capOf = (rule: CardRewardRow) => rule.cap_usd ?? Number.POSITIVE_INFINITY;
  if (capOf(candidate) !== capOf(current)) return capOf(candidate) > capOf(current);
  return candidate.category < current.category;
}

/**
 * The total order of docs/ranking.md (schemas/rank-order.ts, shared with the typed client):
 * typical-month value descending; at equal value an unconditional rate before a conditional one;
 * then headline value descending, lower annual fee, slug.
 */
export const compareEarnings: (a: Earning, b: Earning) => number = compareRankKeys;

const rankingCache = new WeakMap<Model, Map<string, readonly Earning[]>>();

/**
 * True when a merchant can rank differently from its MCC: merchant-scoped categories
 * (`category_merchant.csv`) make a rule cover one merchant and not its MCC (see ruleCovers), and a
 * merchant that takes only some networks (`merchant_acceptance.csv`) leaves the others out.
 */
export function mayRankApartFromMcc(model: Model, merchant: string): boolean {
  return (model.merchantCategories.get(merchant)?.size ?? 0) > 0 || restrictsNetworks(model, merchant);
}

/** The channel a purchase goes through. */
export function channelOf(purchase: Purchase): Channel {
  return purchase.channel ?? DEFAULT_CHANNEL;
}

/**
 * Every active card the merchant takes on the purchase's channel, ranked under a valuation, best
 * first; cards it refuses there are left out (leftOutCards names them), and with a segment, cards
 * for the other segment. Merchants without merchant-scoped categories or network restrictions rank
 * exactly as their MCC does, so rankings are cached by MCC, and by merchant and channel only for the others.
 * A segment's ranking is the every-card ranking with the other segment's cards taken out (the rank
 * order is total, so that is the order ranking them alone gives): one cached ranking serves all three.
 */
export function rankCards(
  model: Model,
  purchase: Purchase,
  valuation: ValuationMode = DEFAULT_VALUATION,
  segment: Segment | null = null,
): Earning[] {
  let cache = rankingCache.get(model);
  if (!cache) {
    cache = new Map();
    rankingCache.set(model, cache);
  }
  const scoped = purchase.merchant !== undefined && mayRankApartFromMcc(model, purchase.merchant);
  // The channel is part of every key: online-only categories make an online purchase rank apart from one in store.
  const key = `${valuation}|${channelOf(purchase)}|${scoped ? `${purchase.mcc}|${purchase.merchant}` : purchase.mcc}`;
  let ranking = cache.get(key);
  if (!ranking) {
    const restriction = acceptanceOf(model, purchase.merchant, channelOf(purchase));
    ranking = model.activeCards
      .filter((card) => isAccepted(restriction, card))
      .map((card) => earningFor(model, card, purchase, valuation))
      .sort(compareEarnings);
    cache.set(key, ranking);
  }
  return segment === null ? [...ranking] : ranking.filter((earning) => inSegment(earning.card, segment));
}

/** The active cards the merchant refuses on the purchase's channel, by slug: what rankCards left out. */
export function leftOutCards(model: Model, purchase: Purchase): CardRow[] {
  const restriction = acceptanceOf(model, purchase.merchant, channelOf(purchase));
  return restriction === null ? [] : model.activeCards.filter((card) => !isAccepted(restriction, card));
}

/**
 * True when a merchant's `limit` best cards under `valuation` are not its MCC's: the same card with
 * the same rule at each place gives the same ranked entry, so comparing those two is comparing the
 * answers, without building or serialising them.
 */
export function ranksApartFromMcc(
  model: Model,
  merchant: { readonly slug: string; readonly mcc: string },
  limit: number,
  valuation: ValuationMode = DEFAULT_VALUATION,
  segment: Segment | null = null,
): boolean {
  if (!mayRankApartFromMcc(model, merchant.slug)) return false;
  const own = rankCards(model, { mcc: merchant.mcc, merchant: merchant.slug }, valuation, segment).slice(0, limit);
  const ofMcc = rankCards(model, { mcc: merchant.mcc }, valuation, segment);
  // A merchant that refuses some networks can have a shorter list whose first places match the MCC's.
  if (own.length !== Math.min(limit, ofMcc.length)) return true;
  return own.some((earning, index) => earning.card !== ofMcc[index]?.card || earning.rule !== ofMcc[index]?.rule);
}

/** Every active card ranked on spending in no bonus category: its all-purchases rule, else its base rate. */
export function rankEveryday(model: Model, valuation: ValuationMode = DEFAULT_VALUATION, segment: Segment | null = null): Earning[] {
  return model.activeCards
    .filter((card) => inSegment(card, segment))
    .map((card) => earningOf(model, card, allPurchasesRuleOf(model, card), valuation))
    .sort(compareEarnings);
}

/**
 * Drops the model's cached rankings (most of a build's heap once its answers are derived: 99 of
 * 139 MB for the real dataset), for a caller that has no more to rank; a later rankCards ranks again.
 */
export function forgetRankings(model: Model): void {
  rankingCache.delete(model);
}
