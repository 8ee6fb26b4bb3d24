/** The ranking tiers of rows without a rank_hint, in the order of dataset/sources/README.md section 7. */

/** Ranking tier by kind of row: lower is better known; rows of one tier are ordered by NSI breadth. */
export const RANK_TIERS = {
  /** Unhinted rows of curated-merchants.csv, the hand-picked head. */
  curatedHead: 0,
  /** NSI brands present in the whole US. */
  nationalBrand: 1,
  /** MCC-list chains with a domain. */
  mccListWithDomain: 2,
  /**
   * Unhinted rows of the supplementary curated files (online merchants, portal stores): after the
   * nationwide NSI brands, so they do not push well-known stores out of the 1,540 static files.
   */
  supplementaryCurated: 2,
  /** NSI brands present only in some states or territories. */
  regionalBrand: 3,
  /** MCC-list chains without a domain. */
  mccListWithoutDomain: 4,
  /** Operators, transit agencies and brands under tags marked `late`: after every older tier. */
  late: 5,
} as const;
