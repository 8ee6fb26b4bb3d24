/**
 * JSON Schemas of the keyed API's documents. The route catalogue names one of these per route;
 * the generator validates every document against it and the OpenAPI document embeds them.
 */
import type { FromSchema } from 'json-schema-to-ts';
import type { appliedRule, benefit, cardDetail, cardSummary, rankedCard, reward } from './keyed/cards.ts';
import type { mccSummary } from './keyed/catalogue.ts';
import type { merchantSummary, networkAcceptance, offer, storeRate } from './keyed/merchants.ts';
import type { program, transfer } from './keyed/programs.ts';
import type { recommendation, tripleStack } from './keyed/compute.ts';
import type { earnTable, earnTableEntry } from './keyed/earn-table.ts';
import type { change, familyCounts, semanticChange } from './keyed/meta.ts';

export * from './keyed/cards.ts';
export * from './keyed/catalogue.ts';
export * from './keyed/merchants.ts';
export * from './keyed/programs.ts';
export * from './keyed/compute.ts';
export * from './keyed/meta.ts';
export { componentName } from './keyed/internal.ts';
export * from './keyed/earn-table.ts';
export * from './keyed/usage.ts';

export type RankedCard = FromSchema<typeof rankedCard>;
export type AppliedRule = FromSchema<typeof appliedRule>;
export type CardSummary = FromSchema<typeof cardSummary>;
export type CardDetail = FromSchema<typeof cardDetail>;
export type Reward = FromSchema<typeof reward>;
export type Benefit = FromSchema<typeof benefit>;
export type MccSummary = FromSchema<typeof mccSummary>;
export type MerchantSummary = FromSchema<typeof merchantSummary>;
export type StoreRate = FromSchema<typeof storeRate>;
export type Offer = FromSchema<typeof offer>;
export type NetworkAcceptance = FromSchema<typeof networkAcceptance>;
export type Transfer = FromSchema<typeof transfer>;
export type Program = FromSchema<typeof program>;
export type Recommendation = FromSchema<typeof recommendation>;
export type TripleStack = FromSchema<typeof tripleStack>;
export type BuildChange = FromSchema<typeof change>;
export type SemanticChange = FromSchema<typeof semanticChange>;
export type FamilyCounts = FromSchema<typeof familyCounts>;
export type EarnTable = FromSchema<typeof earnTable>;
export type EarnTableEntry = FromSchema<typeof earnTableEntry>;
