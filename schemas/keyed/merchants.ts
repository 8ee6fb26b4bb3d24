/** Keyed documents about merchants, portal store rates, offers, portals and stores. */
import { isoDate, mccCode, slug, text, url } from '../common.ts';
import { ageDays, basis, count, nullableDate, nullableNumber, object, valuationBasis } from './internal.ts';
import { rankedCard } from './cards.ts';
import { offerRow, portalRateRow } from '../dataset/shopping.ts';

export const merchantSummary = object(
  {
    slug,
    name: text,
    mcc_code: mccCode,
    mcc_description: text,
    domains: { type: 'array', items: { type: 'string' } },
    popularity_rank: { type: 'integer', minimum: 1 },
    has_static_file: { type: 'boolean' },
  },
  ['slug', 'name', 'mcc_code', 'mcc_description', 'domains', 'popularity_rank', 'has_static_file'],
);
export const storeRate = object(
  {
    portal: slug,
    portal_name: text,
    merchant: slug,
    merchant_name: text,
    store_name: { ...text, description: "the store's name as the portal wrote it" },
    rate: { type: 'number' },
    unit: portalRateRow.properties.unit,
    up_to: { type: 'boolean', description: 'the portal wrote "Up to": a ceiling over the store\'s categories' },
    program: slug,
    cents_per_point: { type: 'number', description: "value of one point of the portal's program (1 for cash)" },
    valuation_basis: valuationBasis,
    value_percent: {
      type: ['number', 'null'],
      description:
        'cents back per dollar in cash value (rate × cents per point); null for a flat amount, whose value depends on the purchase',
    },
    basis,
    window_from: nullableDate,
    window_to: nullableDate,
    observations: { type: 'integer', minimum: 1 },
    observed_on: isoDate,
    age_days: ageDays,
    source: text,
  },
  [
    'portal',
    'portal_name',
    'merchant',
    'merchant_name',
    'store_name',
    'rate',
    'unit',
    'up_to',
    'program',
    'cents_per_point',
    'valuation_basis',
    'value_percent',
    'basis',
    'window_from',
    'window_to',
    'observations',
    'observed_on',
    'age_days',
    'source',
  ],
);
export const offer = object(
  {
    slug,
    issuer: slug,
    card: { type: ['string', 'null'] },
    merchant: slug,
    merchant_name: text,
    kind: offerRow.properties.kind,
    value: { type: 'number' },
    min_spend: nullableNumber,
    max_reward: nullableNumber,
    valid_from: nullableDate,
    valid_to: nullableDate,
    expired: { type: 'boolean', description: 'valid_to is before the build date' },
    basis,
    source_url: url,
    observed_on: isoDate,
    age_days: ageDays,
  },
  [
    'slug',
    'issuer',
    'card',
    'merchant',
    'merchant_name',
    'kind',
    'value',
    'min_spend',
    'max_reward',
    'valid_from',
    'valid_to',
    'expired',
    'basis',
    'source_url',
    'observed_on',
    'age_days',
  ],
);
export const merchantDetail = object(
  {
    ...merchantSummary.properties,
    category_group: text,
    source: text,
    source_ref: text,
    as_of: isoDate,
    merchant_categories: { type: 'array', items: slug },
    top_cards: { type: 'array', items: rankedCard, maxItems: 10 },
    portals: { type: 'array', items: storeRate },
    offers: { type: 'array', items: offer },
  },
  [...merchantSummary.required, 'category_group', 'source', 'source_ref', 'as_of', 'merchant_categories', 'top_cards', 'portals', 'offers'],
);
export const portal = object(
  {
    slug,
    name: text,
    program: slug,
    url,
    store_count: { ...count, description: 'stores with a rate on this portal in the dataset' },
    latest_observed_on: { ...nullableDate, description: 'the newest observed_on of its rates; null when it has none' },
    age_days: { type: ['integer', 'null'], minimum: 0, description: 'days from latest_observed_on to the build date' },
    source_url: url,
    as_of: isoDate,
  },
  ['slug', 'name', 'program', 'url', 'store_count', 'latest_observed_on', 'age_days', 'source_url', 'as_of'],
);
export const store = object({ slug, name: text, portal_count: count, best_value_percent: { type: 'number' } }, [
  'slug',
  'name',
  'portal_count',
  'best_value_percent',
]);
