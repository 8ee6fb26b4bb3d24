/** Dataset tables of cards: products, bonus rules, benefits, valuation facts and easy credits. */
import { cardSegment, optionalDate, optionalNonNegative } from '../common.ts';
import { name, optionalNote, optionalSlug, slug, url } from './limits.ts';
import { sourced } from './shared.ts';

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
    name,
    issuer: slug,
    network: { enum: ['visa', 'mastercard', 'amex', 'discover'] },
    segment: cardSegment,
    program: slug,
    annual_fee: { type: 'number', minimum: 0, maximum: 5000, description: 'USD, 0 to 5000' },
    first_year_fee: { type: ['number', 'null'], minimum: 0, maximum: 5000 },
    foreign_tx_fee: {
      type: ['number', 'null'],
      minimum: 0,
      maximum: 5,
      description: 'percent, 0 to 5; empty when no page read states it (the card is still listed, the fee is not guessed)',
    },
    base_rate: { type: 'number', minimum: 0, maximum: 10, description: 'a multiplier, 0 to 10' },
    signup_bonus: optionalNonNegative,
    signup_bonus_unit: { enum: ['points', 'usd', null] },
    signup_spend: optionalNonNegative,
    signup_months: { type: ['integer', 'null'], minimum: 1, maximum: 24 },
    status: { enum: ['active', 'discontinued'] },
    requires: {
      ...optionalSlug,
      description: 'a requirements.csv slug: what the holder must have to hold the card at all (a paid membership); empty for nothing',
    },
    auto_categories: {
      type: ['integer', 'null'],
      minimum: 1,
      maximum: 5,
      description: "how many of the card's automatic categories (selection=auto) earn their rate at once, 1 to 5; empty for 1",
    },
    ...sourced,
  },
} as const;
/**
 * Something a rate needs of the holder beyond the card (docs/ranking.md, "What a rate requires"): a
 * paid membership, with its yearly fee and a link, or a way of paying.
 */
export const requirementRow = {
  type: 'object',
  additionalProperties: false,
  required: ['slug', 'kind', 'name', 'annual_fee_usd', 'url', 'note', 'source_url', 'as_of'],
  properties: {
    slug,
    kind: { enum: ['membership', 'payment_method'], description: 'membership or payment_method' },
    name,
    annual_fee_usd: {
      ...optionalNonNegative,
      description: "a membership's yearly price in USD, 0 or more; empty for a way of paying",
    },
    url: { ...url, type: ['string', 'null'], description: 'where a person reads about it or joins; empty when none' },
    note: optionalNote,
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
    requires: {
      ...optionalSlug,
      description: 'a requirements.csv slug: the membership or way of paying this rate needs; empty for nothing',
    },
    note: optionalNote,
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
    name,
    value_usd: optionalNonNegative,
    period: { enum: ['once', 'month', 'quarter', 'half_year', 'year', 'four_years', 'ongoing'] },
    note: optionalNote,
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
    note: optionalNote,
    ...sourced,
  },
} as const;
/** A statement credit that reviewers call easy to use: the only credits net-value rankings count. */
export const easyCreditRow = {
  type: 'object',
  additionalProperties: false,
  required: ['card', 'credit', 'note', 'source_url', 'as_of'],
  properties: { card: slug, credit: name, note: optionalNote, ...sourced },
} as const;
