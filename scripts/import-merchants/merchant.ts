/** The merchant record every import step passes along, before it becomes a row of merchants.csv. */

/** The import date, written as as_of on every imported row. */
export const IMPORT_DATE = '2026-11-22';

/** Where a row came from: the `source` column of merchants.csv. */
export type MerchantSource = 'nsi' | 'mcc-list' | 'curated';

/** One merchant on its way to the output, with what ranking and domain rules need. */
export interface Merchant {
  slug: string;
  name: string;
  mcc: string;
  domains: string[];
  /** Domains given by hand (curated, override, MCC-list table) win collisions. */
  explicitDomains: boolean;
  source: MerchantSource;
  sourceRef: string;
  asOf: string;
  rankHint: number | undefined;
  /** Ranking tier for rows without a hint: lower is better known (see rank-tiers.ts). */
  tier: number;
  /** NSI entries (all countries) carrying this brand. */
  itemCount: number;
  /** Countries and regions named in the brand's NSI location sets. */
  areaCount: number;
  /** Official websites Wikidata lists for the brand. */
  siteCount: number;
  /** Suffix used when two imported merchants want the same slug. */
  slugSuffix: string;
}
