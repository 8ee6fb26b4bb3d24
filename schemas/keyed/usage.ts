/**
 * `/api/usage`: the caller's own counters, which the gateway answers itself (gateway/steps/quota.ts)
 * and the OpenAPI document describes from this schema.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { TIERS } from '../tiers.ts';

/** One window of /api/usage: the UTC day or month, its counted calls, its limit (null: unlimited) and when it resets. */
const usageWindowSchema = (description: string, period: string) =>
  ({
    type: 'object',
    description,
    additionalProperties: false,
    required: ['period', 'used', 'limit', 'remaining', 'reset_seconds'],
    properties: {
      period: { type: 'string', description: period },
      used: { type: 'integer', minimum: 0 },
      limit: { type: ['integer', 'null'], minimum: 0, description: 'null: unlimited' },
      remaining: { type: ['integer', 'null'], minimum: 0, description: 'null: unlimited' },
      reset_seconds: { type: 'integer', minimum: 0, description: 'seconds until the window ends' },
    },
  }) as const;

export const usage = {
  title: 'Usage',
  type: 'object',
  additionalProperties: false,
  required: ['key', 'name', 'tier', 'day', 'month'],
  properties: {
    key: { type: 'string', description: "the start of the key's SHA-256 hash, as the access log names the key (never the key)" },
    name: { type: 'string', description: 'the name the key was created with' },
    tier: { enum: TIERS },
    day: usageWindowSchema('calls counted today (UTC), the daily limit, and when the day resets', 'the UTC day, YYYY-MM-DD'),
    month: usageWindowSchema('calls counted this month (UTC), the monthly limit, and when the month resets', 'the UTC month, YYYY-MM'),
  },
} as const;

export type Usage = FromSchema<typeof usage>;
export type UsageWindow = Usage['day'];

/** One window of the answer: what is left follows from the count and the limit. */
export function usageWindow(period: string, used: number, limit: number | null, resetSeconds: number): UsageWindow {
  return { period, used, limit, remaining: limit === null ? null : Math.max(0, limit - used), reset_seconds: resetSeconds };
}
