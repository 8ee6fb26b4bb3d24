/**
 * The Redis adapter of `Store` (one server or a Redis Cluster; `redis-connection.ts` opens the client). Keys are hashes
 * `cr:key:{<hash>}` plus a set `cr:keys` listing them; counters are `cr:{<hash>}:d:<day>` and
 * `cr:{<hash>}:m:<month>` (the hash tag keeps both in one Redis Cluster slot for the script).
 *
 * Outages: the offline queue is off and timeouts are short, so a command fails at once while
 * Redis is unreachable instead of queueing; ioredis reconnects by itself. The quota script runs by
 * EVALSHA and falls back to EVAL on NOSCRIPT, which is what a restarted Redis answers.
 */
import { createHash } from 'node:crypto';
import { maskUrl } from '../mask-url.ts';
import { createRedisClient, type RedisClient } from './redis-connection.ts';
import { createRespConnection, isPlainServerUrl, type RespConnection } from './resp-connection.ts';
import { encodeArguments, type Reply, ReplyError } from './resp-reply.ts';
import type { Tier } from '../manifest.ts';
import { periodsOf } from '../periods.ts';
import { StoreUnavailableError, type Counts, type IncrementResult, type KeyRecord, type Store } from '../store.ts';

/**
 * Refuses when either limit is reached (a refused call is not counted), else INCRs both counters
 * and sets their expiry to the end of their window. ARGV: daily limit, monthly limit (-1 =
 * unlimited), seconds left in the day and in the month, and a deadline (Unix milliseconds).
 * Returns {allowed, day, month}; allowed is -1 when the script ran after its deadline.
 *
 * The deadline: a command that reaches Redis after the gateway gave up on it (a stalled Redis,
 * SIGSTOP, a long network hiccup) must not count a call that was answered 503. The gateway sends
 * its own clock plus the command timeout; the script compares Redis's clock and does nothing when
 * late. Clock skew between the hosts only moves the margin, which `DEADLINE_SLACK_MS` widens.
 *
 * Expiry is relative (EXPIRE, not EXPIREAT): the seconds left are computed from the same `now`
 * that named the window, so a counter lives exactly as long as its window whatever Redis's own
 * clock says, and a test that injects a past or future `now` still sees its counters.
 */
const INCREMENT_SCRIPT = normaliseScript(`
  local clock = redis.call('TIME')
  if tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000) > tonumber(ARGV[5]) then
    return {-1, 0, 0}
  end
  local day = tonumber(redis.call('GET', KEYS[1]) or '0')
  local month = tonumber(redis.call('GET', KEYS[2]) or '0')
  local dailyLimit = tonumber(ARGV[1])
  local monthlyLimit = tonumber(ARGV[2])
  if (dailyLimit >= 0 and day >= dailyLimit) or (monthlyLimit >= 0 and month >= monthlyLimit) then
    return {0, day, month}
  end
  day = redis.call('INCR', KEYS[1])
  month = redis.call('INCR', KEYS[2])
  redis.call('EXPIRE', KEYS[1], ARGV[3])
  redis.call('EXPIRE', KEYS[2], ARGV[4])
  return {1, day, month}
`);
const INCREMENT_SHA = createHash('sha1').update(INCREMENT_SCRIPT).digest('hex');
/** The fixed heads of the count's two forms (10 arguments: command, script or SHA, 2, two keys, five ARGV), encoded once. */
const EVALSHA_HEAD = `*10\r\n${encodeArguments(['EVALSHA', INCREMENT_SHA, 2])}`;
const EVAL_HEAD = `*10\r\n${encodeArguments(['EVAL', INCREMENT_SCRIPT, 2])}`;

/** Added to the command timeout in the deadline, for clock skew between the gateway and Redis. */
const DEADLINE_SLACK_MS = 250;

/** Takes one call back from both counters, never below zero (a counted call whose answer failed). */
const REFUND_SCRIPT = normaliseScript(`
  for i = 1, 2 do
    if tonumber(redis.call('GET', KEYS[i]) or '0') > 0 then redis.call('DECR', KEYS[i]) end
  end
  return 1
`);

/** Collapses white space so the script's SHA does not depend on indentation (the script has no comments). */
function normaliseScript(script: string): string {
  return script.replace(/\s+/g, ' ').trim();
}

export interface RedisStoreOptions {
  readonly url: string;
  /** Milliseconds to wait for a connection and for each command. */
  readonly connectTimeoutMs?: number;
  readonly commandTimeoutMs?: number;
  /** Called on connection state changes, for logs. */
  readonly onStateChange?: (state: 'ready' | 'down', detail: string) => void;
}

/** Connects (waiting up to the connect timeout) and returns the store; a store whose Redis is down still works once Redis is back. */
export async function createRedisStore(options: RedisStoreOptions): Promise<Store & { readonly connected: boolean }> {
  const commandTimeoutMs = options.commandTimeoutMs ?? 500;
  const redis = createRedisClient(options.url, { connectTimeoutMs: options.connectTimeoutMs ?? 1000, commandTimeoutMs });
  let state: 'ready' | 'down' = 'down';
  redis.on('ready', () => {
    if (state !== 'ready') options.onStateChange?.('ready', 'connected');
    state = 'ready';
  });
  redis.on('error', (error: Error) => {
    if (state !== 'down') options.onStateChange?.('down', error.message);
    state = 'down';
  });
  redis.on('close', () => {
    if (state !== 'down') options.onStateChange?.('down', 'connection closed');
    state = 'down';
  });
  // The count, on every keyed call, goes over a connection of its own that does only that
  // (resp-connection.ts); a Cluster, or a URL with options, counts through ioredis.
  const counting = isPlainServerUrl(options.url)
    ? createRespConnection(options.url, { connectTimeoutMs: options.connectTimeoutMs ?? 1000, commandTimeoutMs })
    : undefined;
  await Promise.all([redis.connect().catch(() => undefined), counting?.opened]);

  const run = async <T>(operation: () => Promise<T>): Promise<T> => {
    try {
      return await operation();
    } catch (error) {
      throw new StoreUnavailableError(`Redis: ${(error as Error).message}`, { cause: error });
    }
  };

  const recordKey = (hash: string) => `cr:key:{${hash}}`;
  const counterKeys = (hash: string, now: Date) => {
    const periods = periodsOf(now);
    return { periods, day: `cr:{${hash}}:d:${periods.day}`, month: `cr:{${hash}}:m:${periods.month}` };
  };

  /** Runs the count script by its SHA, and whole when Redis answers NOSCRIPT (a restarted or flushed Redis lost its script cache). */
  const evalIncrement: IncrementCall = counting === undefined ? ioredisIncrement(redis) : respIncrement(counting);

  return {
    kind: 'redis',
    location: maskUrl(options.url),
    get connected() {
      return redis.status === 'ready';
    },
    lookupKey: (hash) =>
      run(async () => {
        const fields = await redis.hgetall(recordKey(hash));
        return fields['hash'] === undefined ? undefined : toRecord(fields);
      }),
    saveKey: (record) =>
      run(async () => {
        // Two commands, not MULTI: the record and the index live in different Cluster slots. The
        // record is written first, so a key listed in the index always has its record.
        await redis.hset(recordKey(record.hash), { ...record });
        await redis.sadd('cr:keys', record.hash);
      }),
    listKeys: () =>
      run(async () => {
        const hashes = await redis.smembers('cr:keys');
        // Auto-pipelining sends these together (per node on a Cluster).
        const results = await Promise.all(hashes.map((hash) => redis.hgetall(recordKey(hash))));
        return results.filter((fields) => fields['hash'] !== undefined).map(toRecord);
      }),
    revoke: (hash) =>
      run(async () => {
        if ((await redis.exists(recordKey(hash))) === 0) return false;
        await redis.hset(recordKey(hash), 'status', 'revoked');
        return true;
      }),
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
    refund: (hash, now) =>
      run(async () => {
        const { day, month } = counterKeys(hash, now);
        // Refunds are rare (a failed answer), so the script is sent whole rather than cached.
        await redis.eval(REFUND_SCRIPT, 2, day, month);
      }),
    usage: (hash, now) =>
      run(async (): Promise<Counts> => {
        const { day, month } = counterKeys(hash, now);
        const [dayCount, monthCount] = await redis.mget(day, month);
        return { day: Number(dayCount ?? 0), month: Number(monthCount ?? 0) };
      }),
    async warnings() {
      // CONFIG is often disabled on managed Redis; then there is nothing to say.
      const setting = async (name: string) => ((await redis.config('GET', name).catch(() => [])) as string[])[1];
      const [save, appendonly] = await Promise.all([setting('save'), setting('appendonly')]);
      if (save !== '' || appendonly !== 'no') return [];
      return [
        'Redis persists nothing (save "" and appendonly no): every API key and count is lost when it restarts; enable RDB or AOF persistence, or keep a copy with `cardrewards keys export`',
      ];
    },
    ping: () =>
      run(async () => {
        // Both connections: a count needs the counting one, a key look-up the other.
        await Promise.all([redis.ping(), counting === undefined ? undefined : respPing(counting)]);
      }),
    async close() {
      counting?.close();
      redis.disconnect(false);
    },
  };
}

type IncrementCall = (args: (string | number)[], done: (error: Error | undefined, reply: Reply | undefined) => void) => void;

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

/** The count through ioredis (a Cluster routes it to its key's node): EVALSHA, then EVAL on NOSCRIPT. */
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

function respPing(counting: RespConnection): Promise<void> {
  return new Promise((resolve, reject) =>
    counting.send('*1\r\n$4\r\nPING\r\n', (error) => (error === undefined ? resolve() : reject(error))),
  );
}

function limitArg(limit: number | null): number {
  return limit === null ? -1 : limit;
}

function toRecord(fields: Record<string, string>): KeyRecord {
  return {
    hash: fields['hash'] ?? '',
    tier: (fields['tier'] ?? 'free') as Tier,
    name: fields['name'] ?? '',
    status: fields['status'] === 'active' ? 'active' : 'revoked',
    created: fields['created'] ?? '',
  };
}
