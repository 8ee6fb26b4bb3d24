/**
 * The Redis quota counter: counters `cr:{<hash>}:d:<day>` and `cr:{<hash>}:m:<month>` (the hash tag
 * keeps both in one Redis Cluster slot for the script), counted by one script per call
 * (`redis-scripts.ts`) that runs by EVALSHA and falls back to EVAL on NOSCRIPT, which is what a
 * restarted or flushed Redis answers. The count goes over the narrow counting connection when there
 * is one (`resp-connection.ts`), else through ioredis (a Cluster routes it to its key's node).
 */
import { type Periods, periodsOf } from '../periods.ts';
import type { Counts, IncrementResult, Limits, QuotaCounter } from '../quota-counter.ts';
import { StoreUnavailableError } from '../store.ts';
import type { RedisClient } from './redis-connection.ts';
import { DEADLINE_SLACK_MS, EVAL_HEAD, EVALSHA_HEAD, INCREMENT_SCRIPT, INCREMENT_SHA, REFUND_SCRIPT } from './redis-scripts.ts';
import type { RespConnection } from './resp-connection.ts';
import { encodeArguments, type Reply, ReplyError } from './resp-reply.ts';

/** Keys whose encoded counters are kept (`encodedHead`): far more than the keys that call in one window. */
const MAX_ENCODED_KEYS = 10_000;

type IncrementCall = (args: (string | number)[], done: (error: Error | undefined, reply: Reply | undefined) => void) => void;

/** The counter over `redis` (usage and refunds, and counts without `counting`) and `counting` (counts). */
export function createRedisQuotaCounter(redis: RedisClient, counting: RespConnection | undefined, commandTimeoutMs: number): QuotaCounter {
  const counterKeys = (hash: string, periods: Periods) => ({
    day: `cr:{${hash}}:d:${periods.day}`,
    month: `cr:{${hash}}:m:${periods.month}`,
  });
  const evalIncrement = counting === undefined ? ioredisIncrement(redis) : undefined;
  const unavailable = (error: unknown): never => {
    throw new StoreUnavailableError(`Redis: ${(error as Error).message}`, { cause: error });
  };
  /**
   * A key's counters and limits encoded once per window (RESP bulk strings: both counter names and
   * both limits): every count of a key sends the same, and only the seconds left and the deadline
   * are encoded per call. At most `MAX_ENCODED_KEYS` keys are kept; past that the table starts over.
   */
  const encoded = new Map<string, { day: string; month: string; daily: number | null; monthly: number | null; head: string }>();
  const encodedHead = (hash: string, periods: Periods, limits: Limits): string => {
    const entry = encoded.get(hash);
    if (
      entry !== undefined &&
      entry.day === periods.day &&
      entry.month === periods.month &&
      entry.daily === limits.daily &&
      entry.monthly === limits.monthly
    )
      return entry.head;
    const { day, month } = counterKeys(hash, periods);
    const head = encodeArguments([day, month, limitArg(limits.daily), limitArg(limits.monthly)]);
    if (encoded.size >= MAX_ENCODED_KEYS) encoded.clear();
    encoded.set(hash, { day: periods.day, month: periods.month, daily: limits.daily, monthly: limits.monthly, head });
    return head;
  };
  /** Settles a count from the script's reply ({allowed, day, month}; allowed -1: it ran after its deadline and did nothing). */
  const settle = (
    periods: Periods,
    resolve: (result: IncrementResult) => void,
    reject: (error: Error) => void,
    error: Error | undefined,
    reply: Reply | undefined,
  ) => {
    const counts = reply as number[] | undefined;
    if (error === undefined && counts?.[0] === -1) error = new Error('the count reached Redis after its deadline and was not made');
    if (error !== undefined || counts === undefined) {
      const cause = error ?? new Error('no reply');
      return reject(new StoreUnavailableError(`Redis: ${cause.message}`, { cause }));
    }
    resolve({
      allowed: counts[0] === 1,
      counts: { day: Number(counts[1]), month: Number(counts[2]) },
      resetSeconds: periods.resetSeconds,
    });
  };

  return {
    increment(hash, limits, now) {
      const periods = periodsOf(now);
      const deadline = Date.now() + commandTimeoutMs + DEADLINE_SLACK_MS;
      // One promise per count, settled from the reply's callback (no async wrapper on the hot path).
      return new Promise<IncrementResult>((resolve, reject) => {
        const done = (error: Error | undefined, reply: Reply | undefined) => settle(periods, resolve, reject, error, reply);
        if (counting !== undefined) {
          const body =
            encodedHead(hash, periods, limits) + encodeArguments([periods.resetSeconds.day, periods.resetSeconds.month, deadline]);
          return respIncrement(counting, body, done);
        }
        const { day, month } = counterKeys(hash, periods);
        (evalIncrement as IncrementCall)(
          [day, month, limitArg(limits.daily), limitArg(limits.monthly), periods.resetSeconds.day, periods.resetSeconds.month, deadline],
          done,
        );
      });
    },
    refund(hash, now) {
      const { day, month } = counterKeys(hash, periodsOf(now));
      // Refunds are rare (a failed answer), so the script is sent whole rather than cached.
      return redis.eval(REFUND_SCRIPT, 2, day, month).then(() => undefined, unavailable);
    },
    usage(hash, now) {
      const { day, month } = counterKeys(hash, periodsOf(now));
      return redis
        .mget(day, month)
        .then(([dayCount, monthCount]): Counts => ({ day: Number(dayCount ?? 0), month: Number(monthCount ?? 0) }), unavailable);
    },
  };
}

/** The count over the narrow connection, its arguments encoded (`body`): EVALSHA, then EVAL on NOSCRIPT. */
function respIncrement(counting: RespConnection, body: string, done: (error: Error | undefined, reply: Reply | undefined) => void): void {
  counting.send(EVALSHA_HEAD + body, (error, reply) => {
    if (error instanceof ReplyError && error.message.startsWith('NOSCRIPT')) counting.send(EVAL_HEAD + body, done);
    else done(error, reply);
  });
}

/** The count through ioredis: EVALSHA, then EVAL on NOSCRIPT. */
function ioredisIncrement(redis: RedisClient): IncrementCall {
  return (args, done) => {
    const [day, month, ...rest] = args as [string, string, ...number[]];
    redis.evalsha(INCREMENT_SHA, 2, day, month, ...rest).then(
      (reply) => done(undefined, reply as Reply),
      (error: Error) => {
        if (!String(error.message).startsWith('NOSCRIPT')) return done(error, undefined);
        redis.eval(INCREMENT_SCRIPT, 2, day, month, ...rest).then(
          (reply) => done(undefined, reply as Reply),
          (again: Error) => done(again, undefined),
        );
      },
    );
  };
}

function limitArg(limit: number | null): number {
  return limit === null ? -1 : limit;
}
