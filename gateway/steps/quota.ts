/**
 * Step 6 and its companions: count a served call (429 at a limit, nothing counted), put the key's
 * current usage on answers that are not counted (400, 404, 304), and answer `/api/usage`.
 */
import { hashPrefix } from '../api-keys.ts';
import { HttpError } from '../http-error.ts';
import type { KeyRecord } from '../key-registry.ts';
import type { Tier } from '../manifest.ts';
import { periodsOf } from '../periods.ts';
import type { Counts, IncrementResult, Limits, QuotaCounter } from '../quota-counter.ts';
import { rateLimitHeaders, retryAfterSeconds } from '../rate-limit-headers.ts';
import type { Exchange } from './exchange.ts';
import { sendJson } from './respond.ts';
import { type StoreFailurePolicy, storeUnavailable } from './store-failure.ts';

/** Takes back a counted call whose answer failed (5xx): a call is charged only when it was served. */
export type Refund = () => Promise<void>;

export interface QuotaOptions {
  readonly counter: QuotaCounter;
  readonly limits: Readonly<Record<Tier, Limits>>;
  readonly now: () => Date;
  readonly failures: StoreFailurePolicy;
}

export interface Quota {
  /** One atomic increment of the day and month counters; at a limit → 429 and nothing counted. Resolves with a refund of this very call. */
  count(exchange: Exchange, key: KeyRecord): Promise<Refund>;
  /** Puts the key's current RateLimit headers on an answer that is not counted (400, 404, 304); a store that cannot say leaves them out. */
  putUsageHeaders(exchange: Exchange): Promise<void>;
  /** `/api/usage`: the caller's own counters (answered by the gateway, not counted). */
  sendUsage(exchange: Exchange, key: KeyRecord): Promise<void>;
}

/** The quota step over `counter`. */
export function createQuota({ counter, limits: limitsByTier, now, failures }: QuotaOptions): Quota {
  return {
    async count(exchange, key) {
      const limits = limitsByTier[key.tier];
      const at = now();
      let result: IncrementResult;
      try {
        result = await counter.increment(key.hash, limits, at);
      } catch (error) {
        if (failures.passOver(error, 'count', key.hash)) return async () => undefined;
        throw storeUnavailable(error);
      }
      const headers = rateLimitHeaders(limits, result.counts, result.resetSeconds);
      if (!result.allowed) {
        const retryAfter = retryAfterSeconds(limits, result.counts, result.resetSeconds);
        const which = limits.monthly !== null && result.counts.month >= limits.monthly ? 'monthly' : 'daily';
        throw new HttpError('quota-exceeded', `The ${which} call limit of the ${key.tier} tier is reached; retry after ${retryAfter} s.`, {
          headers: { ...headers, 'Retry-After': String(retryAfter) },
        });
      }
      setHeaders(exchange, headers);
      // A refund that fails leaves the call charged: the store is down, and the answer is already a failure.
      return () => counter.refund(key.hash, at).catch((error: unknown) => void failures.passOver(error, 'refund', key.hash));
    },

    async putUsageHeaders(exchange) {
      const { key } = exchange;
      const limits = key === undefined ? undefined : limitsByTier[key.tier];
      if (key !== undefined && limits !== undefined && (limits.daily !== null || limits.monthly !== null)) {
        const at = now();
        // A store that cannot say just leaves the headers out: the answer itself does not depend on them.
        const counts = await counter.usage(key.hash, at).catch(() => undefined);
        if (counts !== undefined) setHeaders(exchange, rateLimitHeaders(limits, counts, periodsOf(at).resetSeconds));
      }
    },

    async sendUsage(exchange, key) {
      const limits = limitsByTier[key.tier];
      const at = now();
      let counts: Counts;
      try {
        counts = await counter.usage(key.hash, at);
      } catch (error) {
        throw storeUnavailable(error);
      }
      const periods = periodsOf(at);
      setHeaders(exchange, rateLimitHeaders(limits, counts, periods.resetSeconds));
      const window = (period: string, used: number, limit: number | null, reset: number) => ({
        period,
        used,
        limit,
        remaining: limit === null ? null : Math.max(0, limit - used),
        reset_seconds: reset,
      });
      sendJson(
        exchange,
        200,
        {
          key: hashPrefix(key.hash),
          name: key.name,
          tier: key.tier,
          day: window(periods.day, counts.day, limits.daily, periods.resetSeconds.day),
          month: window(periods.month, counts.month, limits.monthly, periods.resetSeconds.month),
        },
        'private, no-store',
      );
    },
  };
}

function setHeaders(exchange: Exchange, headers: Readonly<Record<string, string>>): void {
  for (const [name, value] of Object.entries(headers)) exchange.response.setHeader(name, value);
}
