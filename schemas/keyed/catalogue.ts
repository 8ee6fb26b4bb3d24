/** Keyed documents about MCCs and bonus categories. */
import { mccCode, slug, text } from '../common.ts';
import { count, nullableDate, component, object, rankedCardFields, valuationBasis } from './internal.ts';
import { cap, rankedCard } from './cards.ts';
import { cardRewardRow } from '../dataset/cards.ts';

export const mccSummary = object({ code: mccCode, description: text, category_group: text, merchant_count: count }, [
  'code',
  'description',
  'category_group',
  'merchant_count',
]);
const coverageIssuers = {
  oneOf: [{ type: 'array', items: slug }, { type: 'null' }],
  description: 'null: the generic definition, for every issuer except excluded_issuers',
} as const;
const excludedIssuers = {
  type: 'array',
  items: slug,
  description: 'issuers whose own definition of the category replaces the generic one and leaves this code out',
} as const;
export const categoryCoverage = object(
  { category: slug, category_name: text, issuers: coverageIssuers, excluded_issuers: excludedIssuers },
  ['category', 'category_name', 'issuers', 'excluded_issuers'],
);
export const mccDetail = component(
  'MccDetail',
  object(
    {
      ...mccSummary.properties,
      best_cards: { type: 'array', items: rankedCard, maxItems: 10, description: 'the 10 best cards, best first' },
      categories: { type: 'array', items: categoryCoverage },
    },
    [...mccSummary.required, 'best_cards', 'categories'],
  ),
);
export const categoryGroup = object(
  { slug, name: text, first_mcc_code: mccCode, last_mcc_code: mccCode, mcc_count: count, merchant_count: count },
  ['slug', 'name', 'first_mcc_code', 'last_mcc_code', 'mcc_count', 'merchant_count'],
);
export const category = object(
  {
    slug,
    name: text,
    description: text,
    channel: {
      enum: ['online', null],
      description: 'online: the category covers purchases made online only (online retail); null: any purchase',
    },
    card_count: count,
  },
  ['slug', 'name', 'description', 'channel', 'card_count'],
);
export const categoryMcc = object({ code: mccCode, description: text, issuers: coverageIssuers, excluded_issuers: excludedIssuers }, [
  'code',
  'description',
  'issuers',
  'excluded_issuers',
]);
export const categoryDetail = component(
  'CategoryDetail',
  object(
    {
      ...category.properties,
      mccs: { type: 'array', items: categoryMcc },
      merchants: { type: 'array', items: object({ slug, name: text }, ['slug', 'name']) },
    },
    [...category.required, 'mccs', 'merchants'],
  ),
);
export const categoryCard = object(
  {
    ...rankedCardFields,
    rate: { type: 'number' },
    value_cents: { type: 'number' },
    valuation_basis: valuationBasis,
    annual_fee: { type: 'number' },
    cap: { oneOf: [cap, { type: 'null' }] },
    channel: cardRewardRow.properties.channel,
    selection: cardRewardRow.properties.selection,
    valid_from: nullableDate,
    valid_to: nullableDate,
    requires: {
      type: ['string', 'null'],
      description: 'the membership or way of paying the rate needs (a requirements slug, docs/ranking.md §3); null for nothing',
    },
    in_force: { type: 'boolean' },
  },
  [
    'rank',
    'slug',
    'name',
    'issuer',
    'issuer_name',
    'segment',
    'rate',
    'value_cents',
    'valuation_basis',
    'annual_fee',
    'cap',
    'channel',
    'selection',
    'valid_from',
    'valid_to',
    'requires',
    'in_force',
  ],
);
