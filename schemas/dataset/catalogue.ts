/** Dataset tables of the catalogue: MCC codes, issuers, bonus categories and merchants. */
import { domain, isoDate, mccCode, optionalSlug, optionalText, slug, text, url } from '../common.ts';

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
