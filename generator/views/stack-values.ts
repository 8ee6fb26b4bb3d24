/**
 * What a portal rate and a card-linked offer are worth on one purchase, in US cents per dollar:
 * the one rule the triple-stack, the store lists and the merchant records share.
 */
import type { Model } from '../engine/model.ts';
import type { MerchantAcceptanceRow } from '../../schemas/dataset.ts';
import { round4 } from '../engine/ranking.ts';
import { isAccepted } from '../engine/acceptance.ts';
import type * as Keyed from '../../schemas/keyed.ts';

/** The purchase the triple-stack assumes, so flat portal rates and amount offers become cents per dollar. */
export const STACK_PURCHASE_USD = 100;

/**
 * Cents per dollar a portal rate surely gives on a purchase of `spend` dollars (a flat amount is
 * spread over it). A rate the portal wrote as "up to" is a ceiling over the store's categories
 * whose floor the dataset does not know: it surely gives nothing, and only portalCeilingCents
 * counts it (docs/ranking.md, "Up to").
 */
export function portalCents(rate: Keyed.StoreRate, spend = STACK_PURCHASE_USD): number {
  return rate.up_to ? 0 : portalCeilingCents(rate, spend);
}

/** Cents per dollar a portal rate gives at most: its rate, even when the portal wrote "up to". */
export function portalCeilingCents(rate: Keyed.StoreRate, spend = STACK_PURCHASE_USD): number {
  if (rate.value_percent !== null) return rate.value_percent;
  const cents = rate.unit === 'usd_flat' ? rate.rate * 100 : rate.rate * rate.cents_per_point;
  return round4(cents / spend);
}

/**
 * Current rates before historical ones (a stale rate is never chosen over a fresher one), then best
 * sure value at the assumed purchase (a flat 5 % before an "up to 8 %"), then best ceiling, then
 * newest, then portal slug: a total order.
 */
export function byPortalValue(a: Keyed.StoreRate, b: Keyed.StoreRate): number {
  return (
    Number(a.freshness === 'historical') - Number(b.freshness === 'historical') ||
    portalCents(b) - portalCents(a) ||
    portalCeilingCents(b) - portalCeilingCents(a) ||
    (a.observed_on > b.observed_on ? -1 : a.observed_on < b.observed_on ? 1 : 0) ||
    (a.portal < b.portal ? -1 : a.portal > b.portal ? 1 : 0)
  );
}

/** True when the offer counts on the build date: started, not ended, and seen within the freshness horizon. */
export function offerInForce(offer: Keyed.Offer): boolean {
  return offer.freshness === 'current';
}

/** Cents per dollar an offer gives on a purchase of `spend` dollars: nothing below its minimum spend, capped by its maximum reward. */
export function offerCents(offer: Keyed.Offer, spend = STACK_PURCHASE_USD): number {
  if (spend < (offer.min_spend ?? 0)) return 0;
  const reward = offer.kind === 'percent' ? (spend * offer.value) / 100 : offer.value;
  const capped = offer.max_reward === null ? reward : Math.min(reward, offer.max_reward);
  return round4((capped / spend) * 100);
}

/** True when the merchant takes, under `restriction`, a card the offer applies to: its card, else any active card of its issuer. */
export function offerUsable(model: Model, offer: Keyed.Offer, restriction: MerchantAcceptanceRow | null): boolean {
  if (restriction === null) return true;
  const card = offer.card === null ? undefined : model.cardBySlug.get(offer.card);
  if (card !== undefined) return isAccepted(restriction, card);
  return model.activeCards.some((c) => c.issuer === offer.issuer && isAccepted(restriction, c));
}

/** The stack's portal part: its best current rate, and only when none is current, its newest historical one (shown, never counted). */
export function portalChoice(rates: readonly Keyed.StoreRate[]): { current: Keyed.StoreRate | null; historical: Keyed.StoreRate | null } {
  const current = rates.filter((rate) => rate.freshness === 'current').sort(byPortalValue)[0] ?? null;
  if (current !== null) return { current, historical: null };
  const newestFirst = (a: Keyed.StoreRate, b: Keyed.StoreRate) =>
    (a.observed_on > b.observed_on ? -1 : a.observed_on < b.observed_on ? 1 : 0) || byPortalValue(a, b);
  return { current: null, historical: [...rates].sort(newestFirst)[0] ?? null };
}
