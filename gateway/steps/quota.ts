/**
 * What a keyed call costs, decided here alone: step 11 counts a call about to be served (429 at a
 * limit, nothing counted), step 8 answers `/api/usage`, and `settle`, once the answer is known, puts
 * the key's current usage on an answer that is not counted (400, 404, 304) or takes back a counted
 * call whose answer failed (5xx): a call is charged only when it was served.
 */
import { hashPrefix } from '../api-keys.ts';
import { HttpError } from '../http-error.ts';
import type { KeyRecord } from '../key-registry.ts';
import type { Tier } from '../parse-manifest.ts';
import { periodsOf } from '../periods.ts';
import { type Counts, type IncrementOutcome, type Limits, type QuotaCounter, type Windows, windowsOf } from '../quota-counter.ts';
import type { RateLimitWindow } from '../../schemas/mcp.ts';
import { putRateLimitHeaders, putWindowHeaders, rateLimitWindows, retryAfterSeconds } from '../rate-limit-headers.ts';
import type { RouteMatch } from '../build/router.ts';
import { type Usage, usageWindow } from '../../schemas/keyed/usage.ts';
import type { Exchange } from './exchange.ts';
import { answerJson } from './respond.ts';
import type { Step } from './step.ts';
import { type StoreFailurePolicy, storeUnavailable } from './store-failure.ts';
import { performance } from 'node:perf_hooks';

export type { Refund } from './exchange.ts';

export interface QuotaOptions {
  readonly counter: QuotaCounter;
  readonly limits: Readonly<Record<Tier, Limits>>;
  readonly now: () => Date;
  readonly failures: StoreFailurePolicy;
  /** Told the outcome and duration of each count, for metrics. */
  readonly observe?: ((outcome: 'counted' | 'refused' | 'error', seconds: number, tier: string) => void) | undefined;
}

export interface Quota {
  /** The key's day and month windows counted in the store unless either is at its limit; at a limit → 429 and nothing counted. Sets `exchange.refund`. */
  readonly count: Step;
  /** `/api/usage`: the caller's own counters (answered by the gateway, not counted); other routes pass. */
  readonly usage: Step;
  /**
   * The after-phase of every request, once its answer is decided (before it is written) or, with
   * `failure`, once writing or reading it failed: usage headers on an uncounted answer (a store that
   * cannot say leaves them out), a refund of a counted call that failed, or nothing (undefined, at once).
   */
  settle(exchange: Exchange, failure?: HttpError): Promise<void> | undefined;
}

/** Answers a keyed call gets without being counted, which still tell the caller where its quota stands. */
const UNCOUNTED_STATUSES: ReadonlySet<number> = new Set([400, 404, 304]);

/** The status of the answer the steps decided (a problem's, or a 304's), or undefined for one still to be served. */
function decidedStatus(exchange: Exchange): number | undefined {
  const answer = exchange.answer;
  return answer === undefined || answer.kind === 'file' || answer.kind === 'handover' ? undefined : answer.status;
}

/** The 429 of a key at its limit; it carries the windows its RateLimit headers state, so a tool's answer need not read them back. */
export class QuotaExceededError extends HttpError {
  readonly windows: readonly RateLimitWindow[];
  readonly retryAfterSeconds: number;

  constructor(detail: string, windows: readonly RateLimitWindow[], retryAfterSeconds: number, headers: Readonly<Record<string, string>>) {
    super('quota-exceeded', detail, { headers });
    this.windows = windows;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

const NO_REFUND = async () => undefined;

/** The key's RateLimit headers on the exchange, and the same windows for an answer without headers (an MCP tool result). */
function putRateLimit(exchange: Exchange, limits: Limits, counts: Counts, resetSeconds: { day: number; month: number }): void {
  // One computation of the windows: the headers state them, and an MCP tool result carries them.
  const windows = rateLimitWindows(limits, counts, resetSeconds);
  putWindowHeaders(exchange.headers, limits, windows);
  exchange.rateLimit = windows;
}

/** The quota steps over `counter`. */
export function createQuota({ counter, limits: limitsByTier, now, failures, observe }: QuotaOptions): Quota {
  /** The count step's verdict on the store's outcome: 429 naming the limit reached, or the usage headers and a refund. */
  const judge = (exchange: Exchange, key: KeyRecord, limits: Limits, windows: Windows, at: Date, outcome: IncrementOutcome): void => {
    const { counts } = outcome;
    const resetSeconds = periodsOf(at).resetSeconds;
    if (!outcome.counted) {
      const retryAfter = retryAfterSeconds(limits, counts, resetSeconds);
      const which = windows.month.limit !== null && counts.month >= windows.month.limit ? 'monthly' : 'daily';
      const refused = rateLimitWindows(limits, counts, resetSeconds);
      const headers: Record<string, string> = {};
      putWindowHeaders(headers, limits, refused);
      headers['Retry-After'] = String(retryAfter);
      throw new QuotaExceededError(
        `The ${which} call limit of the ${key.tier} tier is reached; retry after ${retryAfter} s.`,
        refused,
        retryAfter,
        headers,
      );
    }
    putRateLimit(exchange, limits, counts, resetSeconds);
    // A refund that fails leaves the call charged: the store is down, and the answer is already a failure.
    exchange.refund = () => counter.refund(key.hash, at).catch((error: unknown) => void failures.passOver(error, 'refund', key.hash));
  };
  /** Puts the key's current RateLimit headers on the exchange; undefined for a key without limits. */
  const putUsageHeaders = (exchange: Exchange): Promise<void> | undefined => {
    const { key } = exchange;
    const limits = key === undefined ? undefined : limitsByTier[key.tier];
    if (key === undefined || limits === undefined || (limits.daily === null && limits.monthly === null)) return undefined;
    const at = now();
    // A store that cannot say just leaves the headers out: the answer itself does not depend on them.
    return counter.usage(key.hash, at).then(
      (counts) => putRateLimit(exchange, limits, counts, periodsOf(at).resetSeconds),
      () => undefined,
    );
  };
  return {
    count(exchange) {
      const key = exchange.key as KeyRecord;
      const limits = limitsByTier[key.tier];
      const at = now();
      // The windows and their limits are decided here; the store only counts unless over.
      const windows = windowsOf(limits, at);
      const started = observe === undefined ? 0 : performance.now();
      return counter.incrementUnlessOver(key.hash, windows).then(
        (outcome) => {
          failures.succeeded();
          observe?.(outcome.counted ? 'counted' : 'refused', (performance.now() - started) / 1000, key.tier);
          judge(exchange, key, limits, windows, at, outcome);
        },
        (error: unknown) => {
          observe?.('error', (performance.now() - started) / 1000, key.tier);
          if (!failures.passOver(error, 'count', key.hash)) throw storeUnavailable(error);
          exchange.refund = NO_REFUND;
        },
      );
    },

    settle(exchange, failure) {
      // Counted (the count step set the refund and the headers): only a failed answer changes its cost.
      if (failure !== undefined) return failure.status >= 500 ? exchange.refund?.() : undefined;
      if (exchange.refund !== undefined || exchange.key === undefined) return undefined;
      const status = decidedStatus(exchange);
      return status !== undefined && UNCOUNTED_STATUSES.has(status) ? putUsageHeaders(exchange) : undefined;
    },

    usage(exchange) {
      if ((exchange.match as RouteMatch).route.dynamic !== 'usage') return;
      const key = exchange.key as KeyRecord;
      const limits = limitsByTier[key.tier];
      const at = now();
      return counter.usage(key.hash, at).then(
        (counts: Counts) => {
          const periods = periodsOf(at);
          putRateLimitHeaders(exchange.headers, limits, counts, periods.resetSeconds);
          const answer: Usage = {
            key: hashPrefix(key.hash),
            name: key.name,
            tier: key.tier,
            day: usageWindow(periods.day, counts.day, limits.daily, periods.resetSeconds.day),
            month: usageWindow(periods.month, counts.month, limits.monthly, periods.resetSeconds.month),
          };
          answerJson(exchange, 200, answer, 'private, no-store');
        },
        (error: unknown) => {
          throw storeUnavailable(error);
        },
      );
    },
  };
}
