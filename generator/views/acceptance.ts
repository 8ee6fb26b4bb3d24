/** How a merchant's network restrictions look in keyed responses (design.md §6, "A card is ranked only where it can be used"). */
import type { Model } from '../engine/model.ts';
import { channelOf, leftOutCards, type Purchase } from '../engine/ranking.ts';
import { acceptanceOf } from '../engine/acceptance.ts';
import { CHANNELS, type MerchantAcceptanceRow } from '../../schemas/dataset.ts';
import type * as Keyed from '../../schemas/keyed.ts';

function viewOf(model: Model, row: MerchantAcceptanceRow, purchase: Purchase): Keyed.NetworkAcceptance {
  return {
    channel: row.channel,
    networks: [...row.networks].sort(),
    surcharge_percent: row.surcharge_percent,
    note: row.note,
    source_url: row.source_url,
    as_of: row.as_of,
    cards_left_out: leftOutCards(model, purchase).length,
  };
}

/** The merchant's restriction on the purchase's channel, with how many cards it leaves out; null when none is known. */
export function acceptanceView(model: Model, purchase: Purchase): Keyed.NetworkAcceptance | null {
  const row = acceptanceOf(model, purchase.merchant, channelOf(purchase));
  return row === null ? null : viewOf(model, row, purchase);
}

/** Every channel on which the merchant restricts networks, in_store first. */
export function acceptanceViews(model: Model, merchant: { readonly slug: string; readonly mcc: string }): Keyed.NetworkAcceptance[] {
  return CHANNELS.flatMap((channel) => {
    const view = acceptanceView(model, { mcc: merchant.mcc, merchant: merchant.slug, channel });
    return view === null ? [] : [view];
  });
}
