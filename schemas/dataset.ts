/**
 * JSON Schemas of the dataset tables: the one definition of each CSV's columns.
 * The loader coerces each CSV cell by the column's schema type, then ajv checks the row;
 * the TypeScript row types below are inferred from the same objects.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { domain, isoDate, mccCode, optionalDate, optionalNonNegative, optionalSlug, optionalText, slug, text, url } from './common.ts';

const sourced = { source_url: url, as_of: isoDate } as const;

export const mccRow = {
  type: 'object',
  additionalProperties: false,
  required: ['code', 'description', 'category_group'],
  properties: {
    code: mccCode,
    description: text,
    category_group: { type: 'string', pattern: '^[a-z][a-z ,&-]*$', description: 'a lower-case group label' },
  },
} as const;

export const issuerRow = {
  type: 'object',
  additionalProperties: false,
  required: ['slug', 'name', 'website'],
  properties: { slug, name: text, website: url },
} as const;

export const programRow = {
  type: 'object',
  additionalProperties: false,
  required: ['slug', 'name', 'kind', 'owner', 'cents_per_point', 'valuation_basis', 'valuation_source', 'source_url', 'as_of'],
  properties: {
    slug,
    name: text,
    kind: { enum: ['bank_points', 'airline_miles', 'hotel_points', 'cash_back'] },
    owner: text,
    cents_per_point: {
      type: ['number', 'null'],
      exclusiveMinimum: 0,
      maximum: 5,
      description: 'cents per point, above 0 and at most 5, or empty when the valuation is assumed',
    },
    valuation_basis: {
      enum: ['published', 'derived', 'assumed'],
      description:
        'published (a publisher and a date in valuation_source), derived (a documented rule in valuation_source) or assumed (no value found; cents_per_point empty)',
    },
    valuation_source: text,
    ...sourced,
  },
} as const;

export const transferPartnerRow = {
  type: 'object',
  additionalProperties: false,
  required: ['from_program', 'to_program', 'ratio_from', 'ratio_to', 'min_transfer', 'transfer_time', 'source_url', 'as_of'],
  properties: {
    from_program: slug,
    to_program: slug,
    ratio_from: { type: 'number', exclusiveMinimum: 0 },
    ratio_to: { type: 'number', exclusiveMinimum: 0 },
    min_transfer: { type: ['integer', 'null'], minimum: 1 },
    transfer_time: optionalText,
    ...sourced,
  },
} as const;

export const categoryRow = {
  type: 'object',
  additionalProperties: false,
  required: ['slug', 'name', 'description'],
  properties: { slug, name: text, description: text },
} as const;

export const categoryMccRow = {
  type: 'object',
  additionalProperties: false,
  required: ['category', 'mcc', 'issuer', 'note'],
  properties: { category: slug, mcc: mccCode, issuer: optionalSlug, note: optionalText },
} as const;

export const categoryMerchantRow = {
  type: 'object',
  additionalProperties: false,
  required: ['category', 'merchant', 'note'],
  properties: { category: slug, merchant: slug, note: optionalText },
} as const;

export const cardRow = {
  type: 'object',
  additionalProperties: false,
  required: [
    'slug',
    'name',
    'issuer',
    'network',
    'segment',
    'program',
    'annual_fee',
    'first_year_fee',
    'foreign_tx_fee',
    'base_rate',
    'signup_bonus',
    'signup_bonus_unit',
    'signup_spend',
    'signup_months',
    'status',
    'source_url',
    'as_of',
  ],
  properties: {
    slug,
    name: text,
    issuer: slug,
    network: { enum: ['visa', 'mastercard', 'amex', 'discover'] },
    segment: { enum: ['personal', 'business'] },
    program: slug,
    annual_fee: { type: 'number', minimum: 0, maximum: 5000, description: 'USD, 0 to 5000' },
    first_year_fee: { type: ['number', 'null'], minimum: 0, maximum: 5000 },
    foreign_tx_fee: { type: 'number', minimum: 0, maximum: 5, description: 'percent, 0 to 5' },
    base_rate: { type: 'number', minimum: 0, maximum: 10, description: 'a multiplier, 0 to 10' },
    signup_bonus: optionalNonNegative,
    signup_bonus_unit: { enum: ['points', 'usd', null] },
    signup_spend: optionalNonNegative,
    signup_months: { type: ['integer', 'null'], minimum: 1, maximum: 24 },
    status: { enum: ['active', 'discontinued'] },
    ...sourced,
  },
} as const;

export const cardRewardRow = {
  type: 'object',
  additionalProperties: false,
  required: [
    'card',
    'category',
    'rate',
    'cap_usd',
    'cap_period',
    'rate_after_cap',
    'channel',
    'selection',
    'valid_from',
    'valid_to',
    'note',
    'source_url',
    'as_of',
  ],
  properties: {
    card: slug,
    category: slug,
    rate: { type: 'number', exclusiveMinimum: 0, maximum: 30, description: 'a multiplier above 0, at most 30' },
    cap_usd: { type: ['number', 'null'], exclusiveMinimum: 0 },
    cap_period: { enum: ['month', 'quarter', 'year', null] },
    rate_after_cap: { type: ['number', 'null'], minimum: 0, maximum: 30 },
    channel: { enum: ['any', 'direct', 'portal'] },
    selection: { enum: ['fixed', 'chosen', 'auto', 'rotating'] },
    valid_from: optionalDate,
    valid_to: optionalDate,
    note: optionalText,
    ...sourced,
  },
} as const;

export const cardBenefitRow = {
  type: 'object',
  additionalProperties: false,
  required: ['card', 'kind', 'name', 'value_usd', 'period', 'note', 'source_url', 'as_of'],
  properties: {
    card: slug,
    kind: { enum: ['benefit', 'credit'] },
    name: text,
    value_usd: optionalNonNegative,
    period: { enum: ['once', 'month', 'quarter', 'half_year', 'year', 'four_years', 'ongoing'] },
    note: optionalText,
    ...sourced,
  },
} as const;

/** Per card: whether its points transfer on their own, and what they are worth to a holder of only this card. */
export const cardValuationRow = {
  type: 'object',
  additionalProperties: false,
  required: ['card', 'transfers_alone', 'standalone_cents_per_point', 'pooled_with', 'note', 'source_url', 'as_of'],
  properties: {
    card: slug,
    transfers_alone: { enum: ['yes', 'no'], description: 'yes or no' },
    standalone_cents_per_point: {
      type: ['number', 'null'],
      exclusiveMinimum: 0,
      maximum: 5,
      description: 'cents per point redeemed with this card alone (above 0, at most 5), empty when it transfers alone',
    },
    pooled_with: optionalSlug,
    note: optionalText,
    ...sourced,
  },
} as const;

/** Per program: a redemption every card of the program offers, at a fixed value (its floor). */
export const programRedemptionRow = {
  type: 'object',
  additionalProperties: false,
  required: ['program', 'kind', 'cents_per_point', 'note', 'source_url', 'as_of'],
  properties: {
    program: slug,
    kind: { enum: ['cash', 'statement_credit', 'travel', 'gift_card'] },
    cents_per_point: { type: 'number', exclusiveMinimum: 0, maximum: 5, description: 'cents per point, above 0 and at most 5' },
    note: optionalText,
    ...sourced,
  },
} as const;

/** A statement credit that reviewers call easy to use: the only credits net-value rankings count. */
export const easyCreditRow = {
  type: 'object',
  additionalProperties: false,
  required: ['card', 'credit', 'note', 'source_url', 'as_of'],
  properties: { card: slug, credit: text, note: optionalText, ...sourced },
} as const;

export const merchantRow = {
  type: 'object',
  additionalProperties: false,
  required: ['slug', 'name', 'mcc', 'domains', 'popularity_rank', 'source', 'source_ref', 'as_of'],
  properties: {
    slug,
    name: text,
    mcc: mccCode,
    domains: { type: 'array', items: domain, uniqueItems: true },
    popularity_rank: { type: 'integer', minimum: 1 },
    source: { enum: ['nsi', 'mcc-list', 'curated'] },
    source_ref: text,
    as_of: isoDate,
  },
} as const;

export const portalRow = {
  type: 'object',
  additionalProperties: false,
  required: ['slug', 'name', 'program', 'url', 'source_url', 'as_of'],
  properties: { slug, name: text, program: slug, url, ...sourced },
} as const;

const basis = { enum: ['published', 'typical'], description: 'published or typical' } as const;

/** The day a rate or an offer was seen at its source: what its age in responses is counted from. */
const observedOn = { ...isoDate, description: 'the day the fact was seen at its source, YYYY-MM-DD' } as const;

export const portalRateRow = {
  type: 'object',
  additionalProperties: false,
  required: [
    'portal',
    'merchant',
    'store_name',
    'rate',
    'unit',
    'up_to',
    'basis',
    'window_from',
    'window_to',
    'observations',
    'observed_on',
    'source',
  ],
  properties: {
    portal: slug,
    merchant: slug,
    store_name: text,
    rate: { type: 'number', exclusiveMinimum: 0, maximum: 100_000, description: 'a number above 0' },
    unit: {
      enum: ['percent', 'miles_per_dollar', 'points_per_dollar', 'usd_flat', 'miles_flat', 'points_flat'],
      description: 'percent back, miles or points per dollar, or a flat amount per purchase (USD, miles or points)',
    },
    up_to: { type: 'boolean', description: 'true or false: the portal wrote "Up to" before the rate' },
    basis,
    window_from: optionalDate,
    window_to: optionalDate,
    observations: {
      type: 'integer',
      minimum: 1,
      description: 'days the rate was read from: 1 for published, the days of the window for typical',
    },
    observed_on: observedOn,
    source: { ...text, description: 'owner/repo@commit:path of the saved page, or the URL the rate was read from' },
  },
} as const;

export const offerRow = {
  type: 'object',
  additionalProperties: false,
  required: [
    'slug',
    'issuer',
    'card',
    'merchant',
    'kind',
    'value',
    'min_spend',
    'max_reward',
    'valid_from',
    'valid_to',
    'basis',
    'source_url',
    'observed_on',
  ],
  properties: {
    slug,
    issuer: slug,
    card: optionalSlug,
    merchant: slug,
    kind: { enum: ['percent', 'amount'] },
    value: { type: 'number', exclusiveMinimum: 0 },
    min_spend: optionalNonNegative,
    max_reward: optionalNonNegative,
    valid_from: optionalDate,
    valid_to: optionalDate,
    basis,
    source_url: url,
    observed_on: observedOn,
  },
} as const;

export type MccRow = FromSchema<typeof mccRow>;
export type IssuerRow = FromSchema<typeof issuerRow>;
export type ProgramRow = FromSchema<typeof programRow>;
export type TransferPartnerRow = FromSchema<typeof transferPartnerRow>;
export type CategoryRow = FromSchema<typeof categoryRow>;
export type CategoryMccRow = FromSchema<typeof categoryMccRow>;
export type CategoryMerchantRow = FromSchema<typeof categoryMerchantRow>;
export type CardRow = FromSchema<typeof cardRow>;
export type CardRewardRow = FromSchema<typeof cardRewardRow>;
export type CardBenefitRow = FromSchema<typeof cardBenefitRow>;
export type MerchantRow = FromSchema<typeof merchantRow>;
export type CardValuationRow = FromSchema<typeof cardValuationRow>;
export type ProgramRedemptionRow = FromSchema<typeof programRedemptionRow>;
export type EasyCreditRow = FromSchema<typeof easyCreditRow>;
export type PortalRow = FromSchema<typeof portalRow>;
export type PortalRateRow = FromSchema<typeof portalRateRow>;
export type OfferRow = FromSchema<typeof offerRow>;
