/**
 * The Redis quota counter: counters `cr:{<hash>}:d:<day>` and `cr:{<hash>}:m:<month>` (the hash tag
 * keeps both in one Redis Cluster slot for the script), counted by one script per call
 * (`redis-scripts.ts`) that runs by EVALSHA and falls back to EVAL on NOSCRIPT, which is what a
 * restarted or flushed Redis answers. The count goes over the narrow counting connection when there
 * is one (`resp-connection.ts`), else through ioredis (a Cluster routes it to its key's node).
 */
import { periodsOf } from '../periods.ts';
import type { Counts, IncrementResult, QuotaCounter } from '../quota-counter.ts';
import { StoreUnavailableError } from '../store.ts';
import type { RedisClient } from './redis-connection.ts';
import { DEADLINE_SLACK_MS, EVAL_HEAD, EVALSHA_HEAD, INCREMENT_SCRIPT, INCREMENT_SHA, REFUND_SCRIPT } from './redis-scripts.ts';
import type { RespConnection } from './resp-connection.ts';
import { encodeArguments, type Reply, ReplyError } from './resp-reply.ts';

type IncrementCall = (args: (string | number)[], done: (error: Error | undefined, reply: Reply | undefined) => void) => void;

/** The counter over `redis` (usage and refunds, and counts without `counting`) and `counting` (counts). */
export function createRedisQuotaCounter(redis: RedisClient, counting: RespConnection | undefined, commandTimeoutMs: number): QuotaCounter {
  const counterKeys = (hash: string, now: Date) => {
    const periods = periodsOf(now);
    return { periods, day: `cr:{${hash}}:d:${periods.day}`, month: `cr:{${hash}}:m:${periods.month}` };
  };
  const evalIncrement = counting === undefined ? ioredisIncrement(redis) : respIncrement(counting);
  const unavailable = (error: unknown): never => {
    throw new StoreUnavailableError(`Redis: ${(error as Error).message}`, { cause: error });
  };

  return {
    increment(hash, limits, now) {
      const { periods, day, month } = counterKeys(hash, now);
      const args = [
        day,
        month,
        limitArg(limits.daily),
        limitArg(limits.monthly),
        periods.resetSeconds.day,
        periods.resetSeconds.month,
        Date.now() + commandTimeoutMs + DEADLINE_SLACK_MS,
      ];
      // One promise per count, settled from the reply's callback (no async wrapper on the hot path).
      return new Promise<IncrementResult>((resolve, reject) => {
        evalIncrement(args, (error, reply) => {
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
        });
      });
    },
    refund(hash, now) {
      const { day, month } = counterKeys(hash, now);
      // Refunds are rare (a failed answer), so the script is sent whole rather than cached.
      return redis.eval(REFUND_SCRIPT, 2, day, month).then(() => undefined, unavailable);
    },
    usage(hash, now) {
      const { day, month } = counterKeys(hash, now);
      return redis
        .mget(day, month)
        .then(([dayCount, monthCount]): Counts => ({ day: Number(dayCount ?? 0), month: Number(monthCount ?? 0) }), unavailable);
    },
  };
}

/** The count over the narrow connection: EVALSHA, then EVAL on NOSCRIPT. */
function respIncrement(counting: RespConnection): IncrementCall {
  return (args, done) => {
    const tail = encodeArguments(args);
    counting.send(EVALSHA_HEAD + tail, (error, reply) => {
      if (error instanceof ReplyError && error.message.startsWith('NOSCRIPT')) counting.send(EVAL_HEAD + tail, done);
      else done(error, reply);
    });
  };
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
