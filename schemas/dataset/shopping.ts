/** Dataset tables of shopping: portals, portal store rates and card-linked offers. */
import { optionalDate, optionalNonNegative } from '../common.ts';
import { optionalSlug, reference, slug, url, name } from './limits.ts';
import { basis, observedOn, sourced } from './shared.ts';

export const portalRow = {
  type: 'object',
  additionalProperties: false,
  required: ['slug', 'name', 'program', 'url', 'source_url', 'as_of'],
  properties: { slug, name, program: slug, url, ...sourced },
} as const;
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
    store_name: name,
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
    source: { ...reference, description: 'owner/repo@commit:path of the saved page, or the URL the rate was read from' },
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
