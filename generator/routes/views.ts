/** How model rows look in keyed responses: one builder per resource, shared by every route. */
import type { Model } from '../model.ts';
import {
  earningFor,
  earningOf,
  rankCards,
  rankEveryday,
  round4,
  ruleIsValid,
  bothValues,
  type Earning,
  type Purchase,
} from '../ranking.ts';
import { conditionsOf } from '../conditions.ts';
import { cardValuation, DEFAULT_VALUATION, pointValueOf, programValuation, type ValuationMode } from '../valuation.ts';
import { ageInDays } from '../internal/dates.ts';
import type * as Rows from '../../schemas/dataset.ts';
import type * as Keyed from '../../schemas/keyed.ts';
import { STATIC_MERCHANT_COUNT } from '../artefacts/static-limits.ts';

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function capOf(rule: Rows.CardRewardRow) {
  return rule.cap_usd === null || rule.cap_period === null || rule.rate_after_cap === null
    ? null
    : { usd: rule.cap_usd, period: rule.cap_period, rate_after: rule.rate_after_cap };
}

function categoryName(model: Model, slug: string): string {
  return model.categories.get(slug)?.name ?? slug;
}

/** The rule that gave a card its rate, as responses show it. */
export function appliedRuleOf(rule: Rows.CardRewardRow): Keyed.AppliedRule {
  return {
    category: rule.category,
    channel: rule.channel,
    selection: rule.selection,
    cap: capOf(rule),
    valid_from: rule.valid_from,
    valid_to: rule.valid_to,
  };
}

/** A card's place in a ranking, with both valuations and what its rate needs. */
export function rankedCardOf(model: Model, earning: Earning, rank: number): Keyed.RankedCard {
  const { card, points } = earning;
  return {
    rank,
    slug: card.slug,
    name: card.name,
    issuer: card.issuer,
    rate: earning.rate,
    value_cents: earning.value,
    typical_value_cents: earning.typicalValue,
    valuation_basis: points[earning.valuation].basis,
    values: bothValues(earning),
    annual_fee: card.annual_fee,
    rule: earning.rule ? appliedRuleOf(earning.rule) : null,
    conditions: conditionsOf(model, earning.rule),
  };
}

/** Every active card ranked for a purchase, as responses show them. */
export function rankedCards(
  model: Model,
  purchase: Purchase,
  limit = Number.POSITIVE_INFINITY,
  valuation: ValuationMode = DEFAULT_VALUATION,
): Keyed.RankedCard[] {
  return rankCards(model, purchase, valuation)
    .slice(0, limit)
    .map((earning, index) => rankedCardOf(model, earning, index + 1));
}

/** Best cards for spending with no bonus category: base rates only. */
export function everydayCards(model: Model, limit: number): Keyed.RankedCard[] {
  return rankEveryday(model)
    .slice(0, limit)
    .map((earning, index) => rankedCardOf(model, earning, index + 1));
}

export function cardSummaryOf(model: Model, card: Rows.CardRow): Keyed.CardSummary {
  const categories = [...new Set((model.rulesByCard.get(card.slug) ?? []).map((rule) => rule.category))].sort(byText);
  return {
    slug: card.slug,
    name: card.name,
    issuer: card.issuer,
    issuer_name: model.issuers.get(card.issuer)?.name ?? card.issuer,
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

const PERIODS_PER_YEAR: Readonly<Record<Rows.CardBenefitRow['period'], number>> = {
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

export function mccSummaryOf(model: Model, mcc: Rows.MccRow): Keyed.MccSummary {
  return {
    code: mcc.code,
    description: mcc.description,
    category_group: mcc.category_group,
    merchant_count: model.merchantCountByMcc.get(mcc.code) ?? 0,
  };
}

export function merchantSummaryOf(model: Model, merchant: Rows.MerchantRow): Keyed.MerchantSummary {
  return {
    slug: merchant.slug,
    name: merchant.name,
    mcc_code: merchant.mcc,
    mcc_description: model.mccByCode.get(merchant.mcc)?.description ?? merchant.mcc,
    domains: [...merchant.domains],
    popularity_rank: merchant.popularity_rank,
    has_static_file: merchant.popularity_rank <= rankLimit(model),
  };
}

/** The popularity rank of the last merchant with a static file. */
function rankLimit(model: Model): number {
  return model.merchants[Math.min(STATIC_MERCHANT_COUNT, model.merchants.length) - 1]?.popularity_rank ?? 0;
}

/** A store's rate on a portal as responses show it, valued in cents per dollar with its program's valuation. */
export function storeRateOf(model: Model, row: Rows.PortalRateRow): Keyed.StoreRate {
  const portal = model.portalBySlug.get(row.portal);
  const program = portal?.program ?? 'cash-back';
  const valuation = programValuation(model, program);
  return {
    portal: row.portal,
    portal_name: portal?.name ?? row.portal,
    merchant: row.merchant,
    merchant_name: merchantName(model, row.merchant),
    store_name: row.store_name,
    rate: row.rate,
    unit: row.unit,
    up_to: row.up_to,
    program,
    cents_per_point: valuation.centsPerPoint,
    valuation_basis: valuation.basis,
    value_percent: perDollarValue(row, valuation.centsPerPoint),
    basis: row.basis,
    window_from: row.window_from,
    window_to: row.window_to,
    observations: row.observations,
    observed_on: row.observed_on,
    age_days: ageInDays(row.observed_on, model.date),
    source: row.source,
  };
}

/** Cents back per dollar of a per-dollar or percent rate; null for a flat amount, which depends on the purchase. */
function perDollarValue(row: Rows.PortalRateRow, centsPerPoint: number): number | null {
  if (row.unit === 'percent') return row.rate;
  if (row.unit === 'miles_per_dollar' || row.unit === 'points_per_dollar') return round4(row.rate * centsPerPoint);
  return null;
}

export function offerOf(model: Model, row: Rows.OfferRow): Keyed.Offer {
  return {
    slug: row.slug,
    issuer: row.issuer,
    card: row.card,
    merchant: row.merchant,
    merchant_name: merchantName(model, row.merchant),
    kind: row.kind,
    value: row.value,
    min_spend: row.min_spend,
    max_reward: row.max_reward,
    valid_from: row.valid_from,
    valid_to: row.valid_to,
    expired: row.valid_to !== null && row.valid_to < model.date,
    basis: row.basis,
    source_url: row.source_url,
    observed_on: row.observed_on,
    age_days: ageInDays(row.observed_on, model.date),
  };
}

export function transferOf(model: Model, row: Rows.TransferPartnerRow): Keyed.Transfer {
  const to = model.programs.get(row.to_program);
  return {
    from: row.from_program,
    from_name: model.programs.get(row.from_program)?.name ?? row.from_program,
    to: row.to_program,
    to_name: to?.name ?? row.to_program,
    ratio_from: row.ratio_from,
    ratio_to: row.ratio_to,
    min_transfer: row.min_transfer,
    transfer_time: row.transfer_time,
    cents_per_point_after: to?.cents_per_point == null ? null : round4((row.ratio_to / row.ratio_from) * to.cents_per_point),
    source_url: row.source_url,
    as_of: row.as_of,
  };
}

export function programOf(model: Model, row: Rows.ProgramRow): Keyed.Program {
  return {
    slug: row.slug,
    name: row.name,
    kind: row.kind,
    owner: row.owner,
    cents_per_point: row.cents_per_point,
    valuation_basis: row.valuation_basis,
    valuation_source: row.valuation_source,
    card_count: model.activeCards.filter((c) => c.program === row.slug).length,
    source_url: row.source_url,
    as_of: row.as_of,
  };
}

/** A merchant's display name (its slug when unknown). */
export function merchantName(model: Model, slug: string): string {
  return model.merchantBySlug.get(slug)?.name ?? slug;
}

/**
 * Who counts `code` in a category: `issuers` null for the generic definition (minus the issuers
 * whose own definition replaces it and leaves the code out), else the issuers whose own definition has it.
 */
export function coverageOf(
  byIssuer: ReadonlyMap<string, ReadonlySet<string>>,
  code: string,
): { issuers: string[] | null; excluded_issuers: string[] } | undefined {
  const own = [...byIssuer].filter(([issuer]) => issuer !== '');
  const including = own
    .filter(([, codes]) => codes.has(code))
    .map(([issuer]) => issuer)
    .sort(byText);
  if (byIssuer.get('')?.has(code)) {
    return {
      issuers: null,
      excluded_issuers: own
        .filter(([, codes]) => !codes.has(code))
        .map(([issuer]) => issuer)
        .sort(byText),
    };
  }
  return including.length > 0 ? { issuers: including, excluded_issuers: [] } : undefined;
}

/** The categories covering an MCC, and for which issuers. */
export function categoriesCovering(
  model: Model,
  code: string,
): { category: string; category_name: string; issuers: string[] | null; excluded_issuers: string[] }[] {
  const result: { category: string; category_name: string; issuers: string[] | null; excluded_issuers: string[] }[] = [];
  for (const [category, byIssuer] of [...model.categoryMccs].sort(([a], [b]) => byText(a, b))) {
    const coverage = coverageOf(byIssuer, code);
    if (coverage) result.push({ category, category_name: categoryName(model, category), ...coverage });
  }
  return result;
}

/** Every active card with a rule in `category`, ranked by that rule's value. */
export function cardsForCategory(model: Model, slug: string) {
  const entries = model.activeCards.flatMap((card) =>
    (model.rulesByCard.get(card.slug) ?? [])
      .filter((rule) => rule.category === slug)
      .map((rule) => ({ card, rule, reward: rewardOf(model, card, rule) })),
  );
  entries.sort(
    (a, b) =>
      Number(b.reward.in_force) - Number(a.reward.in_force) ||
      b.reward.value_cents - a.reward.value_cents ||
      a.card.annual_fee - b.card.annual_fee ||
      byText(a.card.slug, b.card.slug) ||
      byText(a.rule.valid_from ?? '', b.rule.valid_from ?? ''),
  );
  return entries.map(({ card, rule, reward }, index) => ({
    rank: index + 1,
    slug: card.slug,
    name: card.name,
    issuer: card.issuer,
    rate: rule.rate,
    value_cents: reward.value_cents,
    valuation_basis: pointValueOf(model, card, 'standalone').basis,
    annual_fee: card.annual_fee,
    cap: reward.cap,
    channel: rule.channel,
    selection: rule.selection,
    valid_from: rule.valid_from,
    valid_to: rule.valid_to,
    in_force: ruleIsValid(rule, model.date),
  }));
}

/** The MCCs a category covers; `issuers` null when the generic definition covers the code. */
export function categoryMccsOf(model: Model, slug: string) {
  const byIssuer = model.categoryMccs.get(slug) ?? new Map<string, ReadonlySet<string>>();
  const codes = [...new Set([...byIssuer.values()].flatMap((set) => [...set]))].sort(byText);
  return codes.map((code) => ({ code, description: model.mccByCode.get(code)?.description ?? code, ...coverageOf(byIssuer, code)! }));
}

export { earningFor, byText };
