/** docs/api.md, "Two surfaces": the static surface holds 1,540 merchant files and up to 5 top cards per MCC. */
import type { Model } from '../model.ts';
import { rankCards, type Earning } from '../ranking.ts';
import { acceptanceOf } from '../acceptance.ts';
import type { MerchantRow } from '../../schemas/dataset.ts';

export const STATIC_MERCHANT_COUNT = 1540;
export const TOP_CARDS_PER_MCC = 5;

/** The merchants that get a static file: the first 1,540 by popularity_rank. */
export function staticMerchants<T>(merchantsByRank: readonly T[]): readonly T[] {
  return merchantsByRank.slice(0, STATIC_MERCHANT_COUNT);
}

/** An MCC's top cards, best first: what its static record and its page both show. */
export function topCardsOfMcc(model: Model, code: string): Earning[] {
  return rankCards(model, { mcc: code }).slice(0, TOP_CARDS_PER_MCC);
}

/**
 * A merchant's top card in store (its MCC's, unless a merchant-scoped category beats it or the
 * merchant refuses its network): what its record shows. A merchant that takes no credit card in
 * store still has a top card in the record's contract: its best card online, else its MCC's,
 * with `refused` saying why it cannot be used at the till.
 */
export function topCardOfMerchant(model: Model, merchant: MerchantRow): { earning: Earning; refused: string | null } | undefined {
  const inStore = rankCards(model, { mcc: merchant.mcc, merchant: merchant.slug, channel: 'in_store' })[0];
  if (inStore !== undefined) return { earning: inStore, refused: null };
  const online = rankCards(model, { mcc: merchant.mcc, merchant: merchant.slug, channel: 'online' })[0];
  const earning = online ?? rankCards(model, { mcc: merchant.mcc })[0];
  if (earning === undefined) return undefined;
  const where =
    online === undefined
      ? 'it takes no credit card in store or online'
      : 'it takes no credit card in store: this card is for paying online';
  return {
    earning,
    refused: `${merchant.name}: ${where} (${acceptanceOf(model, merchant.slug, 'in_store')?.source_url ?? 'merchant_acceptance.csv'})`,
  };
}
