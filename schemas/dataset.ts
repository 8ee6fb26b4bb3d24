/**
 * JSON Schemas of the dataset tables: the one definition of each CSV's columns.
 * The loader coerces each CSV cell by the column's schema type, then ajv checks the row;
 * the TypeScript row types below are inferred from the same objects.
 */
import type { FromSchema } from 'json-schema-to-ts';
import type { categoryMccRow, categoryMerchantRow, categoryRow, issuerRow, mccRow, merchantRow } from './dataset/catalogue.ts';
import type { cardBenefitRow, cardRewardRow, cardRow, cardValuationRow, easyCreditRow, requirementRow } from './dataset/cards.ts';
import type { programRedemptionRow, programRow, transferPartnerRow } from './dataset/programs.ts';
import type { offerRow, portalRateRow, portalRow } from './dataset/shopping.ts';
import type { merchantAcceptanceRow } from './dataset/acceptance.ts';
import type { popularCardRow, verificationRow } from './dataset/verification.ts';
import type { searchTermRow } from './dataset/search-terms.ts';

export * from './dataset/catalogue.ts';
export * from './dataset/cards.ts';
export * from './dataset/programs.ts';
export * from './dataset/shopping.ts';
export * from './dataset/acceptance.ts';
export * from './dataset/verification.ts';
export * from './dataset/search-terms.ts';

export type MccRow = FromSchema<typeof mccRow>;
export type IssuerRow = FromSchema<typeof issuerRow>;
export type ProgramRow = FromSchema<typeof programRow>;
export type TransferPartnerRow = FromSchema<typeof transferPartnerRow>;
export type CategoryRow = FromSchema<typeof categoryRow>;
export type CategoryMccRow = FromSchema<typeof categoryMccRow>;
export type CategoryMerchantRow = FromSchema<typeof categoryMerchantRow>;
export type CardRow = FromSchema<typeof cardRow>;
export type CardRewardRow = FromSchema<typeof cardRewardRow>;
export type RequirementRow = FromSchema<typeof requirementRow>;
export type CardBenefitRow = FromSchema<typeof cardBenefitRow>;
export type MerchantRow = FromSchema<typeof merchantRow>;
export type CardValuationRow = FromSchema<typeof cardValuationRow>;
export type ProgramRedemptionRow = FromSchema<typeof programRedemptionRow>;
export type EasyCreditRow = FromSchema<typeof easyCreditRow>;
export type PortalRow = FromSchema<typeof portalRow>;
export type PortalRateRow = FromSchema<typeof portalRateRow>;
export type OfferRow = FromSchema<typeof offerRow>;
export type MerchantAcceptanceRow = FromSchema<typeof merchantAcceptanceRow>;
export type PopularCardRow = FromSchema<typeof popularCardRow>;
export type VerificationRow = FromSchema<typeof verificationRow>;
export type SearchTermRow = FromSchema<typeof searchTermRow>;
