/** docs/api.md, "Two surfaces": the static surface holds 1,540 merchant files and up to 5 top cards per MCC. */
import type { Model } from '../model.ts';
import { rankCards, type Earning } from '../ranking.ts';

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
