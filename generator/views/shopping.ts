/** How portal store rates, card-linked offers, programs and transfers look in keyed responses. */
import type { Model } from '../engine/model.ts';
import { round4 } from '../engine/ranking.ts';
import { programValuation } from '../engine/valuation.ts';
import { ageInDays } from '../internal/dates.ts';
import { freshnessOf } from '../engine/freshness.ts';
import type * as Rows from '../../schemas/dataset.ts';
import type * as Keyed from '../../schemas/keyed.ts';
import { merchantName } from './catalogue.ts';
import { byText } from './cards.ts';
import { byPortalValue } from './stack-values.ts';

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
    freshness: freshnessOf(row.observed_on, model.date),
    source: row.source,
  };
}
const UNIT_WORDS: Readonly<Record<Keyed.StoreRate['unit'], string>> = {
  percent: '% back',
  miles_per_dollar: ' miles per dollar',
  points_per_dollar: ' points per dollar',
  usd_flat: ' USD per purchase',
  miles_flat: ' miles per purchase',
  points_flat: ' points per purchase',
};

/** Every store rate of every portal, by merchant, then best first (byPortalValue): the store lists, stacks and merchant pages read this one list. */
export function storeRates(model: Model): Keyed.StoreRate[] {
  return model.dataset.portalRates
    .map(({ row }) => storeRateOf(model, row))
    .sort((a, b) => byText(a.merchant, b.merchant) || byPortalValue(a, b));
}

/** Every offer, expired ones included (they carry `expired: true`), by slug. */
export function liveOffers(model: Model): Keyed.Offer[] {
  return model.dataset.offers.map(({ row }) => offerOf(model, row)).sort((a, b) => byText(a.slug, b.slug));
}

/** A store rate in words, as answers and pages write it: `3% back`, `2 miles per dollar`. */
export function storeRateText(rate: Pick<Keyed.StoreRate, 'rate' | 'unit'>): string {
  return `${rate.rate}${UNIT_WORDS[rate.unit]}`;
}
/** Cents back per dollar of a per-dollar or percent rate; null for a flat amount, which depends on the purchase. */
export function perDollarValue(row: Rows.PortalRateRow, centsPerPoint: number): number | null {
  if (row.unit === 'percent') return row.rate;
  if (row.unit === 'miles_per_dollar' || row.unit === 'points_per_dollar') return round4(row.rate * centsPerPoint);
  return null;
}
export function offerOf(model: Model, row: Rows.OfferRow): Keyed.Offer {
  const expired = row.valid_to !== null && row.valid_to < model.date;
  const started = row.valid_from === null || row.valid_from <= model.date;
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
    expired,
    basis: row.basis,
    source_url: row.source_url,
    observed_on: row.observed_on,
    age_days: ageInDays(row.observed_on, model.date),
    // An offer is today's deal only while it runs and was seen within the horizon.
    freshness: !expired && started ? freshnessOf(row.observed_on, model.date) : 'historical',
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
