/**
 * JSON Schemas of the documents the generator emits. Each document is checked against its
 * schema before it is written; the same objects feed the OpenAPI document and the TS types.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { cardSegment, cardValues, condition, isoDate, mccCode, slug, text, url } from './common.ts';
import { SEARCH_TERM } from './dataset/search-terms.ts';

/** What static top cards add to the spec's fields: the standalone value that ranked them, both values, the conditions. */
function rankedValue() {
  return {
    value_cents: {
      type: 'number',
      minimum: 0,
      description: 'US cents per dollar to a holder of only this card (standalone): what ranks static files',
    },
    values: cardValues,
    conditions: { type: 'array', items: condition },
  } as const;
}

/** docs/api.md, "MCC record": a top-card object inside an MCC record. */
export const topCard = {
  type: 'object',
  additionalProperties: false,
  required: ['slug', 'name', 'bonus_rate', 'issuer', 'segment', 'value_cents', 'values', 'conditions'],
  properties: {
    slug,
    name: text,
    bonus_rate: { type: 'number', minimum: 0 },
    issuer: text,
    segment: cardSegment,
    ...rankedValue(),
  },
} as const;

/** docs/api.md, "MCC record": the static MCC record. */
export const mccRecord = {
  $id: 'mcc-record',
  title: 'MCC record',
  type: 'object',
  additionalProperties: false,
  required: ['code', 'description', 'category_group', 'merchant_count', 'top_cards', 'service_url', 'last_updated'],
  properties: {
    code: mccCode,
    description: text,
    category_group: { type: 'string', pattern: '^[a-z][a-z ,&-]*$' },
    merchant_count: { type: 'integer', minimum: 0 },
    top_cards: { type: 'array', maxItems: 5, items: topCard },
    service_url: url,
    last_updated: isoDate,
  },
} as const;

/** docs/api.md, "Merchant record": the static merchant record (its top card carries `rate`, not `bonus_rate`). */
export const merchantRecord = {
  $id: 'merchant-record',
  title: 'Merchant record',
  type: 'object',
  additionalProperties: false,
  required: ['slug', 'name', 'mcc_code', 'mcc_description', 'category_group', 'top_card', 'service_url', 'last_updated'],
  properties: {
    slug,
    name: text,
    mcc_code: mccCode,
    mcc_description: text,
    category_group: { type: 'string', pattern: '^[a-z][a-z ,&-]*$' },
    top_card: {
      type: 'object',
      additionalProperties: false,
      required: ['slug', 'name', 'rate', 'segment', 'value_cents', 'values', 'conditions'],
      properties: {
        slug,
        name: text,
        rate: { type: 'number', minimum: 0 },
        segment: cardSegment,
        ...rankedValue(),
      },
    },
    service_url: url,
    last_updated: isoDate,
  },
} as const;

/** The vocabulary words (dataset/search_terms.csv) that mean an entry, when any do: what the search ranks first. */
const searchTerms = {
  type: 'array',
  items: { type: 'string', pattern: SEARCH_TERM.source },
  minItems: 1,
  description: 'the everyday words that mean this entry (dataset/search_terms.csv), sorted',
} as const;

/**
 * docs/api.md, "Search index": one entry of the search index; `type` tells an MCC, a merchant and a
 * bonus category apart. `path` is the entry's JSON record: the static file where there is one, else
 * the keyed route (a category; a merchant outside the 1,540 static ones that has a page).
 */
export const searchEntry = {
  oneOf: [
    {
      type: 'object',
      additionalProperties: false,
      required: ['type', 'code', 'name', 'category_group', 'path'],
      properties: {
        type: { const: 'mcc' },
        code: mccCode,
        name: text,
        category_group: { type: 'string' },
        path: { type: 'string', pattern: '^/api/mcc/[0-9]{4}\\.json$' },
        terms: searchTerms,
      },
    },
    {
      type: 'object',
      additionalProperties: false,
      required: ['type', 'slug', 'name', 'mcc_code', 'rank', 'path'],
      properties: {
        type: { const: 'merchant' },
        slug,
        name: text,
        mcc_code: mccCode,
        rank: { type: 'integer', minimum: 1 },
        path: { type: 'string', pattern: '^/api/merchant/[a-z0-9-]+\\.json$|^/api/merchants/[a-z0-9-]+$' },
        domains: { type: 'array', items: { type: 'string' }, minItems: 1, description: "the merchant's web domains" },
        terms: searchTerms,
      },
    },
    {
      type: 'object',
      additionalProperties: false,
      required: ['type', 'slug', 'name', 'path'],
      properties: {
        type: { const: 'category' },
        slug,
        name: text,
        path: { type: 'string', pattern: '^/api/categories/[a-z0-9-]+$' },
        terms: searchTerms,
      },
    },
  ],
} as const;

/** docs/api.md, "Search index": a top-level array. */
export const searchIndex = {
  $id: 'search-index',
  title: 'Search index',
  type: 'array',
  items: searchEntry,
} as const;

export type TopCard = FromSchema<typeof topCard>;
export type MccRecord = FromSchema<typeof mccRecord>;
export type MerchantRecord = FromSchema<typeof merchantRecord>;
/** Any entry of the search index. */
export type SearchIndexEntry = FromSchema<typeof searchEntry>;
/** The MCC and merchant entries (a merchant's record may be keyed: see isStaticRecordEntry). */
export type SearchEntry = Extract<SearchIndexEntry, { type: 'mcc' | 'merchant' }>;
