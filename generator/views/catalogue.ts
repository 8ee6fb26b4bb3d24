/** How MCCs, merchants and bonus categories look in keyed responses, and which categories cover an MCC. */
import type { Model } from '../engine/model.ts';
import { earningFor, ruleIsValid } from '../engine/ranking.ts';
import { pointValueOf } from '../engine/valuation.ts';
import type * as Rows from '../../schemas/dataset.ts';
import type * as Keyed from '../../schemas/keyed.ts';
import { STATIC_MERCHANT_COUNT } from './static-limits.ts';
import { byText, categoryName, issuerName, rewardOf } from './cards.ts';

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
    has_static_file: hasStaticRecord(model, merchant),
  };
}
/** Whether the merchant has a static record (`/api/merchant/{slug}.json`): one of the first 1,540 by popularity_rank. */
export function hasStaticRecord(model: Model, merchant: Rows.MerchantRow): boolean {
  return merchant.popularity_rank <= rankLimit(model);
}
/** The popularity rank of the last merchant with a static file. */
export function rankLimit(model: Model): number {
  return model.merchants[Math.min(STATIC_MERCHANT_COUNT, model.merchants.length) - 1]?.popularity_rank ?? 0;
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
    issuer_name: issuerName(model, card.issuer),
    segment: card.segment,
    rate: rule.rate,
    value_cents: reward.value_cents,
    valuation_basis: pointValueOf(model, card, 'standalone').basis,
    annual_fee: card.annual_fee,
    cap: reward.cap,
    channel: rule.channel,
    selection: rule.selection,
    valid_from: rule.valid_from,
    valid_to: rule.valid_to,
    // What the rate needs: the rule's own requirement, else the card's when the card is for members (Prime Visa's 5 % at Audible).
    requires: rule.requires ?? card.requires ?? null,
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
