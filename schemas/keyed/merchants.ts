/** Keyed documents about merchants, portal store rates, offers, portals and stores. */
import { isoDate, mccCode, slug, text, url } from '../common.ts';
import { ageDays, basis, count, nullableDate, nullableNumber, component, object, valuationBasis } from './internal.ts';
import { rankedCard } from './cards.ts';
import { offerRow, portalRateRow } from '../dataset/shopping.ts';
import { channel, NETWORKS } from '../dataset/acceptance.ts';

/** Whether a portal rate or an offer is today's deal or history (docs/ranking.md, "Freshness"). */
export const freshness = {
  enum: ['current', 'historical'],
  description:
    'current: observed within the freshness horizon before the build date (and, for an offer, in force); ' +
    'historical: older, shown with its date and never added into a total',
} as const;

/** A merchant that takes only some networks on one channel, and how many active cards that leaves out. */
export const networkAcceptance = object(
  {
    channel,
    networks: {
      type: 'array',
      items: { enum: NETWORKS },
      description: 'the credit networks taken on this channel; empty: no credit card at all',
    },
    surcharge_percent: { ...nullableNumber, description: 'the fee the merchant adds to a credit card payment here, in percent' },
    note: text,
    source_url: url,
    as_of: isoDate,
    cards_left_out: { ...count, description: 'active cards on other networks, left out of the ranking for this channel' },
  },
  ['channel', 'networks', 'surcharge_percent', 'note', 'source_url', 'as_of', 'cards_left_out'],
);

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
    freshness,
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
    'freshness',
    'source',
  ],
);
export const offer = component(
  'Offer',
  object(
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
      freshness,
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
      'freshness',
    ],
  ),
);
export const merchantDetail = component(
  'MerchantDetail',
  object(
    {
      ...merchantSummary.properties,
      category_group: text,
      source: text,
      source_ref: text,
      as_of: isoDate,
      merchant_categories: { type: 'array', items: slug },
      channel: { ...channel, description: 'the channel best_cards is ranked for: in_store, at the till' },
      acceptance: {
        type: 'array',
        items: networkAcceptance,
        description: 'the channels on which the merchant takes only some networks (empty: every network everywhere known)',
      },
      best_cards: {
        type: 'array',
        items: rankedCard,
        maxItems: 10,
        description: 'the 10 best cards the merchant takes in store, best first',
      },
      portals: { type: 'array', items: storeRate },
      offers: { type: 'array', items: offer },
    },
    [
      ...merchantSummary.required,
      'category_group',
      'source',
      'source_ref',
      'as_of',
      'merchant_categories',
      'channel',
      'acceptance',
      'best_cards',
      'portals',
      'offers',
    ],
  ),
);
export const portal = component(
  'Portal',
  object(
    {
      slug,
      name: text,
      program: slug,
      website: url,
      store_count: { ...count, description: 'stores with a rate on this portal in the dataset' },
      latest_observed_on: { ...nullableDate, description: 'the newest observed_on of its rates; null when it has none' },
      age_days: { type: ['integer', 'null'], minimum: 0, description: 'days from latest_observed_on to the build date' },
      source_url: url,
      as_of: isoDate,
    },
    ['slug', 'name', 'program', 'website', 'store_count', 'latest_observed_on', 'age_days', 'source_url', 'as_of'],
  ),
);
export const store = object(
  {
    slug,
    name: text,
    portal_count: count,
    best_value_percent: {
      type: 'number',
      description: 'the most a portal surely gives here, cents per dollar; a rate written "up to" counts as 0 (its floor is not known)',
    },
  },
  ['slug', 'name', 'portal_count', 'best_value_percent'],
);
