/** How cards look in keyed responses: summaries, details, rewards, benefits, and cards ranked with the rule that applied. */
import type { Model } from '../engine/model.ts';
import { earningOf, rankCards, rankEveryday, round4, ruleIsValid, bothValues, type Earning, type Purchase } from '../engine/ranking.ts';
import { conditionsOf } from '../engine/conditions.ts';
import type { Segment } from '../engine/segments.ts';
import { cardValuation, DEFAULT_VALUATION, type ValuationMode } from '../engine/valuation.ts';
import type * as Rows from '../../schemas/dataset.ts';
import type * as Keyed from '../../schemas/keyed.ts';

export const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
export function capOf(rule: Rows.CardRewardRow) {
  return rule.cap_usd === null || rule.cap_period === null || rule.rate_after_cap === null
    ? null
    : { period: rule.cap_period, rate_after: rule.rate_after_cap, usd: rule.cap_usd };
}
/** An issuer's display name, for the `issuer_name` beside an `issuer` slug. */
export function issuerName(model: Model, slug: string): string {
  return model.issuers.get(slug)?.name ?? slug;
}
/** True when the card's program pays cash back (its rate is a percentage), false for points and miles. */
export function isCashBack(model: Model, card: Rows.CardRow): boolean {
  return model.programs.get(card.program)?.kind === 'cash_back';
}
/** A category's display name, for the `category_name` beside a `category` slug. */
export function categoryName(model: Model, slug: string): string {
  return model.categories.get(slug)?.name ?? slug;
}
/*
 * The objects of ranked lists (most of the output) are built with their keys in canonical order, so
 * that serialising them copies nothing (canonical-json.ts); the order of keys in code is the file's.
 */
/** The rule that gave a card its rate, as responses show it. */
export function appliedRuleOf(rule: Rows.CardRewardRow): Keyed.AppliedRule {
  return {
    cap: capOf(rule),
    category: rule.category,
    channel: rule.channel,
    selection: rule.selection,
    valid_from: rule.valid_from,
    valid_to: rule.valid_to,
  };
}
/** A card's place in a ranking, with both valuations and what its rate needs. */
export function rankedCardOf(model: Model, earning: Earning, rank: number): Keyed.RankedCard {
  const { card, points } = earning;
  return {
    annual_fee: card.annual_fee,
    conditions: conditionsOf(model, earning),
    issuer: card.issuer,
    issuer_name: issuerName(model, card.issuer),
    name: card.name,
    rank,
    rate: earning.rate,
    rule: earning.rule ? appliedRuleOf(earning.rule) : null,
    segment: card.segment,
    slug: card.slug,
    typical_value_cents: earning.typicalValue,
    valuation_basis: points[earning.valuation].basis,
    value_cents: earning.value,
    values: bothValues(earning),
  };
}
/** Every active card ranked for a purchase, as responses show them. */
export function rankedCards(
  model: Model,
  purchase: Purchase,
  limit = Number.POSITIVE_INFINITY,
  valuation: ValuationMode = DEFAULT_VALUATION,
  segment: Segment | null = null,
): Keyed.RankedCard[] {
  return rankCards(model, purchase, valuation, segment)
    .slice(0, limit)
    .map((earning, index) => rankedCardOf(model, earning, index + 1));
}
/** Best cards for spending with no bonus category (base rates and all-purchases rules), among those of `segment` (null: every card). */
export function everydayCards(model: Model, limit: number, segment: Segment | null = null): Keyed.RankedCard[] {
  return rankEveryday(model, DEFAULT_VALUATION, segment)
    .slice(0, limit)
    .map((earning, index) => rankedCardOf(model, earning, index + 1));
}
export function cardSummaryOf(model: Model, card: Rows.CardRow): Keyed.CardSummary {
  const categories = [...new Set((model.rulesByCard.get(card.slug) ?? []).map((rule) => rule.category))].sort(byText);
  return {
    slug: card.slug,
    name: card.name,
    issuer: card.issuer,
    issuer_name: issuerName(model, card.issuer),
    network: card.network,
    segment: card.segment,
    program: card.program,
    program_name: model.programs.get(card.program)?.name ?? card.program,
    annual_fee: card.annual_fee,
    first_year_fee: card.first_year_fee,
    foreign_tx_fee: card.foreign_tx_fee,
    base_rate: card.base_rate,
    status: card.status,
    bonus_categories: categories,
    source_url: card.source_url,
    as_of: card.as_of,
  };
}
export function rewardOf(model: Model, card: Rows.CardRow, rule: Rows.CardRewardRow): Keyed.Reward {
  return {
    category: rule.category,
    category_name: categoryName(model, rule.category),
    rate: rule.rate,
    value_cents: earningOf(model, card, rule).value,
    cap: capOf(rule),
    channel: rule.channel,
    selection: rule.selection,
    valid_from: rule.valid_from,
    valid_to: rule.valid_to,
    in_force: ruleIsValid(rule, model.date),
    note: rule.note,
    source_url: rule.source_url,
    as_of: rule.as_of,
  };
}
export function rewardsOf(model: Model, card: Rows.CardRow): Keyed.Reward[] {
  return (model.rulesByCard.get(card.slug) ?? [])
    .map((rule) => rewardOf(model, card, rule))
    .sort((a, b) => b.rate - a.rate || byText(a.category, b.category) || byText(a.valid_from ?? '', b.valid_from ?? ''));
}
export function benefitsOf(model: Model, card: Rows.CardRow): Keyed.Benefit[] {
  return model.dataset.cardBenefits
    .filter(({ row }) => row.card === card.slug)
    .map(({ row }) => ({
      kind: row.kind,
      name: row.name,
      value_usd: row.value_usd,
      period: row.period,
      note: row.note,
      source_url: row.source_url,
      as_of: row.as_of,
    }))
    .sort((a, b) => byText(a.kind, b.kind) || byText(a.name, b.name));
}
export const PERIODS_PER_YEAR: Readonly<Record<Rows.CardBenefitRow['period'], number>> = {
  month: 12,
  quarter: 4,
  half_year: 2,
  year: 1,
  once: 0,
  four_years: 0,
  ongoing: 0,
};
export function cardDetailOf(model: Model, card: Rows.CardRow): Keyed.CardDetail {
  const valuation = cardValuation(model, card);
  const benefits = benefitsOf(model, card);
  const credits = benefits.filter((b) => b.kind === 'credit').reduce((sum, b) => sum + (b.value_usd ?? 0) * PERIODS_PER_YEAR[b.period], 0);
  return {
    ...cardSummaryOf(model, card),
    cents_per_point: valuation.standalone.centsPerPoint,
    valuation_basis: valuation.standalone.basis,
    pooled_cents_per_point: valuation.pooled.centsPerPoint,
    pooled_with: valuation.pooled.with,
    signup_bonus:
      card.signup_bonus === null || card.signup_bonus_unit === null
        ? null
        : { amount: card.signup_bonus, unit: card.signup_bonus_unit, spend_usd: card.signup_spend, months: card.signup_months },
    rewards: rewardsOf(model, card),
    benefits,
    annual_credits_usd: round4(credits),
  };
}
