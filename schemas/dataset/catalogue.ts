/** Dataset tables of the catalogue: MCC codes, issuers, bonus categories and merchants. */
import { isoDate, mccCode } from '../common.ts';
import { domainList, name, note, optionalNote, optionalSlug, reference, slug, TEXT_LIMITS, url } from './limits.ts';

export const mccRow = {
  type: 'object',
  additionalProperties: false,
  required: ['code', 'description', 'category_group'],
  properties: {
    code: mccCode,
    description: note,
    category_group: { type: 'string', maxLength: TEXT_LIMITS.name, pattern: '^[a-z][a-z ,&-]*$', description: 'a lower-case group label' },
  },
} as const;
export const issuerRow = {
  type: 'object',
  additionalProperties: false,
  required: ['slug', 'name', 'website'],
  properties: { slug, name, website: url },
} as const;
export const categoryRow = {
  type: 'object',
  additionalProperties: false,
  required: ['slug', 'name', 'description'],
  properties: {
    slug,
    name,
    description: note,
    channel: {
      enum: ['online', null],
      description:
        'online: the category covers its MCCs and merchants only for purchases made online (U.S. online retail); empty for any purchase',
    },
  },
} as const;
export const categoryMccRow = {
  type: 'object',
  additionalProperties: false,
  required: ['category', 'mcc', 'issuer', 'note'],
  properties: { category: slug, mcc: mccCode, issuer: optionalSlug, note: optionalNote },
} as const;
export const categoryMerchantRow = {
  type: 'object',
  additionalProperties: false,
  required: ['category', 'merchant', 'note'],
  properties: { category: slug, merchant: slug, note: optionalNote },
} as const;
export const merchantRow = {
  type: 'object',
  additionalProperties: false,
  required: ['slug', 'name', 'mcc', 'domains', 'popularity_rank', 'source', 'source_ref', 'as_of'],
  properties: {
    slug,
    name,
    mcc: mccCode,
    domains: domainList,
    popularity_rank: { type: 'integer', minimum: 1 },
    source: { enum: ['nsi', 'mcc-list', 'curated'] },
    source_ref: reference,
    as_of: isoDate,
  },
} as const;
