/**
 * The Redis quota counter: counters `cr:{<hash>}:d:<day>` and `cr:{<hash>}:m:<month>` (the hash tag
 * keeps both in one Redis Cluster slot for the script), counted by one script per call
 * (`redis-scripts.ts`) that runs by EVALSHA and falls back to EVAL on NOSCRIPT, which is what a
 * restarted or flushed Redis answers. On a one-server connection (`RespConnection`) the count's
 * arguments are sent pre-encoded, as most of them are the same for every count of a key.
 */
import { periodsOf } from '../periods.ts';
import type { Counts, IncrementOutcome, QuotaCounter, Windows } from '../quota-counter.ts';
import { StoreUnavailableError } from '../store.ts';
import { DEADLINE_SLACK_MS, EVAL_HEAD, EVALSHA_HEAD, INCREMENT_SCRIPT, INCREMENT_SHA, REFUND_SCRIPT } from './redis-scripts.ts';
import type { RedisTransport } from './redis-transport.ts';
import { RespConnection } from './resp-connection.ts';
import { encodeArguments, type Reply } from './resp-reply.ts';

/** Keys whose encoded counters are kept (`encodedHead`): far more than the keys that call in one window. */
const MAX_ENCODED_KEYS = 10_000;

type Done = (error: Error | undefined, reply: Reply | undefined) => void;

const dayKey = (hash: string, day: string) => `cr:{${hash}}:d:${day}`;
const monthKey = (hash: string, month: string) => `cr:{${hash}}:m:${month}`;

/** The counter over `redis`. */
export function createRedisQuotaCounter(redis: RedisTransport, commandTimeoutMs: number): QuotaCounter {
  const unavailable = (error: unknown): never => {
    throw new StoreUnavailableError(`Redis: ${(error as Error).message}`, { cause: error });
  };
  /**
   * A key's counters and limits encoded once per window (RESP bulk strings: both counter names and
   * both limits): every count of a key sends the same, and only the seconds left and the deadline
   * are encoded per call. At most `MAX_ENCODED_KEYS` keys are kept; past that the table starts over.
   */
  const encoded = new Map<string, { windows: Windows; head: string }>();
  const encodedHead = (hash: string, windows: Windows): string => {
    const entry = encoded.get(hash);
    if (entry !== undefined && sameWindows(entry.windows, windows)) return entry.head;
    const head = encodeArguments([
      dayKey(hash, windows.day.period),
      monthKey(hash, windows.month.period),
      limitArg(windows.day.limit),
      limitArg(windows.month.limit),
    ]);
    if (encoded.size >= MAX_ENCODED_KEYS) encoded.clear();
    encoded.set(hash, { windows, head });
    return head;
  };
  const increment: (hash: string, windows: Windows, deadline: number, done: Done) => void =
    redis instanceof RespConnection
      ? (hash, windows, deadline, done) =>
          sendEncodedIncrement(
            redis,
            encodedHead(hash, windows) + encodeArguments([windows.day.ttlSeconds, windows.month.ttlSeconds, deadline]),
            done,
          )
      : (hash, windows, deadline, done) =>
          callIncrement(
            redis,
            [
              dayKey(hash, windows.day.period),
              monthKey(hash, windows.month.period),
              limitArg(windows.day.limit),
              limitArg(windows.month.limit),
              windows.day.ttlSeconds,
              windows.month.ttlSeconds,
              deadline,
            ],
            done,
          );

  return {
    incrementUnlessOver(hash, windows) {
      const deadline = Date.now() + commandTimeoutMs + DEADLINE_SLACK_MS;
      // One promise per count, settled from the reply's callback (no async wrapper on the hot path).
      return new Promise<IncrementOutcome>((resolve, reject) =>
        increment(hash, windows, deadline, (error, reply) => settle(resolve, reject, error, reply)),
      );
    },
    refund(hash, now) {
      const periods = periodsOf(now);
      // Refunds are rare (a failed answer), so the script is sent whole rather than cached.
      return redis
        .call(['EVAL', REFUND_SCRIPT, 2, dayKey(hash, periods.day), monthKey(hash, periods.month)])
        .then(() => undefined, unavailable);
    },
    usage(hash, now) {
      const periods = periodsOf(now);
      return redis.call(['MGET', dayKey(hash, periods.day), monthKey(hash, periods.month)]).then((reply): Counts => {
        const [day, month] = reply as (string | null)[];
        return { day: Number(day ?? 0), month: Number(month ?? 0) };
      }, unavailable);
    },
  };
}

/** Settles a count from the script's reply ({counted, day, month}; counted -1: it ran after its deadline and did nothing). */
function settle(
  resolve: (outcome: IncrementOutcome) => void,
  reject: (error: Error) => void,
  error: Error | undefined,
  reply: Reply | undefined,
): void {
  const counts = reply as number[] | undefined;
  if (error === undefined && counts?.[0] === -1) error = new Error('the count reached Redis after its deadline and was not made');
  if (error !== undefined || counts === undefined) {
    const cause = error ?? new Error('no reply');
    reject(new StoreUnavailableError(`Redis: ${cause.message}`, { cause }));
    return;
  }
  resolve({ counted: counts[0] === 1, counts: { day: Number(counts[1]), month: Number(counts[2]) } });
}

/** The count over a one-server connection, its arguments encoded (`body`): EVALSHA, then EVAL on NOSCRIPT. */
function sendEncodedIncrement(connection: RespConnection, body: string, done: Done): void {
  connection.send(EVALSHA_HEAD + body, (error, reply) => {
    if (isNoScript(error)) connection.send(EVAL_HEAD + body, done);
    else done(error, reply);
  });
}

/** The count through any transport (a Cluster routes it to its key's node): EVALSHA, then EVAL on NOSCRIPT. */
function callIncrement(redis: RedisTransport, args: (string | number)[], done: Done): void {
  const evaluate = (head: readonly (string | number)[]) => redis.call([...head, 2, ...args]);
  evaluate(['EVALSHA', INCREMENT_SHA]).then(
    (reply) => done(undefined, reply),
    (error: Error) => {
      if (!isNoScript(error)) return done(error, undefined);
      evaluate(['EVAL', INCREMENT_SCRIPT]).then(
        (reply) => done(undefined, reply),
        (again: Error) => done(again, undefined),
      );
    },
  );
}

function isNoScript(error: Error | undefined): boolean {
  return error !== undefined && String(error.message).startsWith('NOSCRIPT');
}

function sameWindows(a: Windows, b: Windows): boolean {
  return (
    a === b ||
    (a.day.period === b.day.period && a.month.period === b.month.period && a.day.limit === b.day.limit && a.month.limit === b.month.limit)
  );
}

function limitArg(limit: number | null): number {
  return limit === null ? -1 : limit;
}
