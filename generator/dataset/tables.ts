/**
 * The dataset's tables: file, row schema, key and references. Loading, validation and the
 * README's column lists all follow this one list.
 */
import * as schemas from '../../schemas/dataset.ts';

export interface Reference {
  /** Column of this table holding the reference. */
  readonly column: string;
  /** Table and column referenced. */
  readonly table: TableName;
  readonly key: string;
}

export interface TableDefinition {
  readonly name: TableName;
  readonly file: string;
  readonly schema: { readonly properties: Readonly<Record<string, unknown>>; readonly required: readonly string[] };
  /** Columns that together identify a row; duplicates are problems. */
  readonly key: readonly string[];
  /** Columns holding a `;`-separated list. */
  readonly lists?: readonly string[];
  readonly references?: readonly Reference[];
  /** A missing optional table is an empty table; a missing required one is a problem. */
  readonly optional?: boolean;
}

export type TableName =
  | 'mcc'
  | 'issuers'
  | 'programs'
  | 'transferPartners'
  | 'categories'
  | 'categoryMcc'
  | 'categoryMerchant'
  | 'requirements'
  | 'cards'
  | 'cardRewards'
  | 'cardBenefits'
  | 'cardValuations'
  | 'programRedemptions'
  | 'easyCredits'
  | 'merchants'
  | 'portals'
  | 'portalRates'
  | 'offers'
  | 'merchantAcceptance'
  | 'popularCards'
  | 'verifications'
  | 'searchTerms';

/** Every table, in load order (referenced tables first). */
export const tables: readonly TableDefinition[] = [
  { name: 'mcc', file: 'mcc.csv', schema: schemas.mccRow, key: ['code'] },
  { name: 'issuers', file: 'issuers.csv', schema: schemas.issuerRow, key: ['slug'] },
  { name: 'programs', file: 'programs.csv', schema: schemas.programRow, key: ['slug'] },
  {
    name: 'transferPartners',
    file: 'transfer_partners.csv',
    schema: schemas.transferPartnerRow,
    optional: true,
    key: ['from_program', 'to_program'],
    references: [
      { column: 'from_program', table: 'programs', key: 'slug' },
      { column: 'to_program', table: 'programs', key: 'slug' },
    ],
  },
  { name: 'categories', file: 'categories.csv', schema: schemas.categoryRow, key: ['slug'] },
  {
    name: 'categoryMcc',
    file: 'category_mcc.csv',
    schema: schemas.categoryMccRow,
    key: ['category', 'mcc', 'issuer'],
    references: [
      { column: 'category', table: 'categories', key: 'slug' },
      { column: 'mcc', table: 'mcc', key: 'code' },
      { column: 'issuer', table: 'issuers', key: 'slug' },
    ],
  },
  {
    name: 'merchants',
    file: 'merchants.csv',
    schema: schemas.merchantRow,
    key: ['slug'],
    lists: ['domains'],
    references: [{ column: 'mcc', table: 'mcc', key: 'code' }],
  },
  {
    name: 'categoryMerchant',
    file: 'category_merchant.csv',
    schema: schemas.categoryMerchantRow,
    optional: true,
    key: ['category', 'merchant'],
    references: [
      { column: 'category', table: 'categories', key: 'slug' },
      { column: 'merchant', table: 'merchants', key: 'slug' },
    ],
  },
  { name: 'requirements', file: 'requirements.csv', schema: schemas.requirementRow, optional: true, key: ['slug'] },
  {
    name: 'cards',
    file: 'cards.csv',
    schema: schemas.cardRow,
    key: ['slug'],
    references: [
      { column: 'issuer', table: 'issuers', key: 'slug' },
      { column: 'program', table: 'programs', key: 'slug' },
      { column: 'requires', table: 'requirements', key: 'slug' },
    ],
  },
  {
    name: 'cardRewards',
    file: 'card_rewards.csv',
    schema: schemas.cardRewardRow,
    // The same category can earn more with a membership than without (OnePay at Walmart): `requires` tells them apart.
    key: ['card', 'category', 'channel', 'valid_from', 'requires'],
    references: [
      { column: 'card', table: 'cards', key: 'slug' },
      { column: 'category', table: 'categories', key: 'slug' },
      { column: 'requires', table: 'requirements', key: 'slug' },
    ],
  },
  {
    name: 'cardBenefits',
    file: 'card_benefits.csv',
    schema: schemas.cardBenefitRow,
    optional: true,
    key: ['card', 'name'],
    references: [{ column: 'card', table: 'cards', key: 'slug' }],
  },
  {
    name: 'cardValuations',
    file: 'card_valuations.csv',
    schema: schemas.cardValuationRow,
    optional: true,
    key: ['card'],
    references: [
      { column: 'card', table: 'cards', key: 'slug' },
      { column: 'pooled_with', table: 'cards', key: 'slug' },
    ],
  },
  {
    name: 'programRedemptions',
    file: 'program_redemptions.csv',
    schema: schemas.programRedemptionRow,
    optional: true,
    key: ['program', 'kind'],
    references: [{ column: 'program', table: 'programs', key: 'slug' }],
  },
  {
    name: 'easyCredits',
    file: 'easy_credits.csv',
    schema: schemas.easyCreditRow,
    optional: true,
    key: ['card', 'credit'],
    references: [{ column: 'card', table: 'cards', key: 'slug' }],
  },
  {
    name: 'portals',
    file: 'portals.csv',
    schema: schemas.portalRow,
    optional: true,
    key: ['slug'],
    references: [{ column: 'program', table: 'programs', key: 'slug' }],
  },
  {
    name: 'portalRates',
    file: 'portal_rates.csv',
    schema: schemas.portalRateRow,
    optional: true,
    key: ['portal', 'merchant'],
    references: [
      { column: 'portal', table: 'portals', key: 'slug' },
      { column: 'merchant', table: 'merchants', key: 'slug' },
    ],
  },
  {
    name: 'offers',
    file: 'offers.csv',
    schema: schemas.offerRow,
    optional: true,
    key: ['slug'],
    references: [
      { column: 'issuer', table: 'issuers', key: 'slug' },
      { column: 'card', table: 'cards', key: 'slug' },
      { column: 'merchant', table: 'merchants', key: 'slug' },
    ],
  },
  {
    name: 'merchantAcceptance',
    file: 'merchant_acceptance.csv',
    schema: schemas.merchantAcceptanceRow,
    optional: true,
    key: ['merchant', 'channel'],
    lists: ['networks'],
    references: [{ column: 'merchant', table: 'merchants', key: 'slug' }],
  },
  {
    name: 'popularCards',
    file: 'popular_cards.csv',
    schema: schemas.popularCardRow,
    optional: true,
    key: ['rank'],
    references: [{ column: 'card', table: 'cards', key: 'slug' }],
  },
  {
    name: 'verifications',
    file: 'verifications.csv',
    schema: schemas.verificationRow,
    optional: true,
    key: ['card', 'fact', 'category', 'valid_from', 'verified_by'],
    references: [
      { column: 'card', table: 'cards', key: 'slug' },
      { column: 'category', table: 'categories', key: 'slug' },
    ],
  },
  {
    name: 'searchTerms',
    file: 'search_terms.csv',
    schema: schemas.searchTermRow,
    optional: true,
    key: ['term'],
    lists: ['mccs'],
    references: [
      { column: 'mccs', table: 'mcc', key: 'code' },
      { column: 'category', table: 'categories', key: 'slug' },
      { column: 'merchant', table: 'merchants', key: 'slug' },
    ],
  },
];
