/**
 * Where a card can be used (design.md §6): a merchant that takes only some networks on a channel
 * says so in merchant_acceptance.csv, and a card it refuses there is never ranked for that channel.
 */
import type { Model } from './model.ts';
import type { CardRow, Channel, MerchantAcceptanceRow } from '../../schemas/dataset.ts';

/**
 * The channel a merchant answer is for when the question names none: best-card and the merchant
 * records answer at the till; the extension's recommendation and the triple-stack answer online.
 */
export const DEFAULT_CHANNEL: Channel = 'in_store';

/** The merchant's restriction on `channel`, or null when it takes every network there. */
export function acceptanceOf(model: Model, merchant: string | undefined, channel: Channel): MerchantAcceptanceRow | null {
  if (merchant === undefined) return null;
  return model.acceptance.get(merchant)?.get(channel) ?? null;
}

/** True when the merchant takes `card` on the restriction's channel (no restriction: every card). */
export function isAccepted(restriction: MerchantAcceptanceRow | null, card: CardRow): boolean {
  return restriction === null || restriction.networks.includes(card.network);
}

/** True when the merchant restricts networks on some channel, so its ranking may differ from its MCC's. */
export function restrictsNetworks(model: Model, merchant: string): boolean {
  return model.acceptance.has(merchant);
}
