/** docs/api.md, "Two surfaces": the static surface holds 1,540 merchant files and up to 5 top cards per MCC. */
import type { Model } from '../engine/model.ts';
import type { MerchantRow } from '../../schemas/dataset.ts';
import { mayRankApartFromMcc, rankCards, type Earning } from '../engine/ranking.ts';

export const STATIC_MERCHANT_COUNT = 1540;
export const TOP_CARDS_PER_MCC = 5;
/**
 * docs/api.md, "Search index": what `/api/search.json` may weigh, as written and gzipped (the build's
 * level): every search box downloads it whole before its first answer.
 */
export const SEARCH_INDEX_BUDGET = { bytes: 448 * 1024, gzipBytes: 80 * 1024 } as const;

/** The merchants that get a static file: the first 1,540 by popularity_rank. */
export function staticMerchants<T>(merchantsByRank: readonly T[]): readonly T[] {
  return merchantsByRank.slice(0, STATIC_MERCHANT_COUNT);
}

/**
 * The merchants with a page on the site and an entry in the search index, by popularity: the static
 * ones, then the others whose answer is their own rather than their MCC's (merchant-scoped categories
 * or networks refused: Costco Gas, HomeGoods) or that a word of the search vocabulary names. Those
 * have no static record (docs/api.md, "Two surfaces"): their page links the keyed one.
 */
export function merchantsWithPage(model: Model): readonly MerchantRow[] {
  const named = new Set(model.dataset.searchTerms.flatMap(({ row }) => (row.merchant === null ? [] : [row.merchant])));
  const more = model.merchants.slice(STATIC_MERCHANT_COUNT).filter((m) => named.has(m.slug) || mayRankApartFromMcc(model, m.slug));
  return [...staticMerchants(model.merchants), ...more];
}

/** An MCC's top cards, best first: what its static record and its page both show. */
export function topCardsOfMcc(model: Model, code: string): Earning[] {
  return rankCards(model, { mcc: code }).slice(0, TOP_CARDS_PER_MCC);
}
