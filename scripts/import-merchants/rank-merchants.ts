/** Section 7 of dataset/sources/README.md: popularity_rank. */
import { compareStrings } from './internal/compare-strings.ts';
import type { Merchant } from './merchant.ts';

/** Better known first: lower tier, then more NSI entries, more countries and regions, more official websites; 0 on a tie. */
export function compareFame(a: Merchant, b: Merchant): number {
  return a.tier - b.tier || b.itemCount - a.itemCount || b.areaCount - a.areaCount || b.siteCount - a.siteCount;
}

/** Ranks by slug, from 1: the hand-ranked head by rank_hint first, then the rest by fame and slug. A rank_hint used twice is an error. */
export function rankMerchants(merchants: readonly Merchant[]): Map<string, number> {
  const hinted = merchants.filter((m) => m.rankHint !== undefined);
  const hints = new Set<number>();
  for (const m of hinted) {
    if (hints.has(m.rankHint ?? 0)) throw new Error(`rank_hint ${m.rankHint} used twice`);
    hints.add(m.rankHint ?? 0);
  }
  hinted.sort((a, b) => (a.rankHint ?? 0) - (b.rankHint ?? 0));
  const rest = merchants.filter((m) => m.rankHint === undefined).sort((a, b) => compareFame(a, b) || compareStrings(a.slug, b.slug));
  const ranks = new Map<string, number>();
  for (const [i, m] of [...hinted, ...rest].entries()) ranks.set(m.slug, i + 1);
  return ranks;
}
