/**
 * Where a merchant takes only some card networks, per channel (design.md §6, "A card is ranked only
 * where it can be used"). A merchant with no row takes every network on every channel.
 */
import { optionalNonNegative } from '../common.ts';
import { note, slug } from './limits.ts';
import { sourced } from './shared.ts';

/** The channels a purchase can go through: at the till, or on the merchant's web site or app. */
export const CHANNELS = ['in_store', 'online'] as const;
export type Channel = (typeof CHANNELS)[number];

/** The card networks a card row can name (cards.csv `network`). */
export const NETWORKS = ['amex', 'discover', 'mastercard', 'visa'] as const;

export const channel = { enum: CHANNELS, description: 'in_store or online' } as const;

export const merchantAcceptanceRow = {
  type: 'object',
  additionalProperties: false,
  required: ['merchant', 'channel', 'networks', 'surcharge_percent', 'note', 'source_url', 'as_of'],
  properties: {
    merchant: slug,
    channel,
    networks: {
      type: 'array',
      items: { type: 'string', enum: NETWORKS, maxLength: 10, description: 'amex, discover, mastercard or visa' },
      maxItems: NETWORKS.length,
      uniqueItems: true,
      description: 'the credit networks taken on this channel, ;-separated; empty: no credit card at all',
    },
    surcharge_percent: { ...optionalNonNegative, maximum: 10, description: 'the fee added to a credit card payment, in percent, or empty' },
    note,
    ...sourced,
  },
} as const;
