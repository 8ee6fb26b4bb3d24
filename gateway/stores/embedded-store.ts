/**
 * The embedded store: keys and counters in a local LMDB database (the `lmdb` package, whose
 * binary ships inside a registry package). LMDB serialises write transactions across processes
 * and survives crashes without a lock file that could wedge it, so any number of processes on one
 * host can share it exactly: gateway workers, a second gateway, and the `keys` commands.
 *
 * Durability: every count is a write transaction that has been committed before `increment`
 * resolves, so a call is counted before its 200 is sent. Transactions of one event-loop turn are
 * committed together (a group commit). With `sync: 'disk'` (the default) each commit is synced to
 * the disk before it resolves; with `sync: 'os'` it is written to the operating system's page cache
 * and synced by the kernel later: it survives the process dying, not a power cut, and counts about
 * twice as many calls a second (docs/benchmarks.md).
 *
 * A stalled process: LMDB has one write lock for all processes, so a gateway paused (SIGSTOP) or
 * wedged inside a write transaction holds up every other process's counts. A count therefore
 * waits at most `writeTimeoutMs` and then fails as unavailable (503, or passed over in fail-open
 * mode), and `/readyz` says 503 while a write cannot get through. A call answered 503 is never
 * counted later, on either sync mode:
 * - a count whose transaction only starts after its deadline (less a margin) writes nothing, as
 *   with Redis's late commands;
 * - a count that was written but whose commit resolves after the deadline (with `sync: 'disk'`,
 *   LMDB's overlapping sync can hold a committed count's resolution behind a stalled process) is
 *   taken back by a refund as soon as it resolves: its caller has already answered 503.
 *
 * Past windows: a count that starts a counter notes when its window ends (`expires:<ms>:<counter>`,
 * the seconds the quota step gave from the clock that named the window, as Redis's EXPIRE does),
 * and at most once a minute a count deletes, in the background, the counters whose end has passed.
 *
 * A state file of the earlier JSON format at the same path is migrated on open and kept beside
 * the database as `<file>.json-migrated`. The path is always the database file (state-path.ts).
 */
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import { open, type RootDatabase } from 'lmdb';
import { GatewayError } from '../errors.ts';
import { periodsOf } from '../periods.ts';
import type { StateSync } from '../config.ts';
import type { KeyRecord, KeyRegistry } from '../key-registry.ts';
import type { Counts, IncrementOutcome, QuotaCounter } from '../quota-counter.ts';
import { joinStore, type OpenedStore, type Store, StoreUnavailableError } from '../store.ts';
import { migrateJsonState } from './migrate-json-state.ts';
import { stateLayout } from './state-path.ts';

export interface EmbeddedStoreOptions {
  /** The database file (a `<file>-lock` file beside it holds LMDB's reader table). */
  readonly file: string;
  /** When commits reach the disk (see `StateSync`); default `disk`. */
  readonly sync?: StateSync;
  /**
   * Milliseconds a count (or the readiness probe's write) may wait for LMDB's write lock and its
   * commit before it fails as unavailable; default 2000. See "A stalled process" above.
   */
  readonly writeTimeoutMs?: number;
}

/** A write that started later than this before its deadline does nothing: its caller may already have answered 503. */
const DEADLINE_MARGIN_MS = 250;
/** What a write transaction returns when it started too late to be waited for. */
const LATE = Symbol('late');

/** How often counters of past windows are looked for (`prunePastWindows`). */
const PRUNE_INTERVAL_MS = 60_000;
const EXPIRY_PREFIX = 'expires:';

const keyOf = (hash: string) => `key:${hash}`;
/** The note that `counter` ends at `endMs` (Unix ms, zero-padded so that notes sort by time). */
const expiryOf = (endMs: number, counter: string) => `${EXPIRY_PREFIX}${String(Math.ceil(endMs)).padStart(15, '0')}:${counter}`;
const isAtLimit = (count: number, limit: number | null) => limit !== null && count >= limit;
const dayOf = (hash: string, day: string) => `day:${hash}:${day}`;
const monthOf = (hash: string, month: string) => `month:${hash}:${month}`;

/** Who may read the state: its owner only (LMDB itself would create the files 0664 less the umask). */
const STATE_FILE_MODE = 0o600;

/**
 * Creates each missing file empty with the owner-only mode (LMDB takes an empty file as a new
 * database), and narrows an existing one's mode, as a file an earlier version created may be wider.
 */
function restrictToOwner(files: readonly string[]): void {
  for (const path of files) {
    if (!existsSync(path)) closeSync(openSync(path, 'a', STATE_FILE_MODE));
    else {
      try {
        chmodSync(path, STATE_FILE_MODE);
      } catch (error) {
        // Another user's file that this one may write: its mode is its owner's to set.
        if ((error as NodeJS.ErrnoException).code !== 'EPERM') throw error;
      }
    }
  }
}

/** Opens (or creates) the database, as one object with both halves' methods (`store.ts`). */
export function createEmbeddedStore(options: EmbeddedStoreOptions): Store {
  return joinStore(openEmbeddedStore(options));
}

/** Opens (or creates) the database: its key registry and its quota counter. */
export function openEmbeddedStore(options: EmbeddedStoreOptions): OpenedStore {
  const { file } = options;
  let db: RootDatabase<unknown, string>;
  try {
    mkdirSync(dirname(file), { recursive: true });
    // One meaning for every command: the path is the database file, whatever it ends with (state-path.ts).
    const { isFile } = stateLayout(file);
    const legacy = isFile ? migrateJsonState(file) : undefined;
    if (isFile) restrictToOwner([file, `${file}-lock`]);
    db = open<unknown, string>({ path: file, noSubdir: isFile, encoding: 'json', compression: false, noSync: options.sync === 'os' });
    if (legacy !== undefined) {
      db.transactionSync(() => {
        for (const record of legacy.keys) db.putSync(keyOf(record.hash), record);
        for (const counter of legacy.counters) {
          const [day, month] = [dayOf(counter.hash, counter.day), monthOf(counter.hash, counter.month)];
          db.putSync(day, counter.dayCount);
          db.putSync(month, counter.monthCount);
          // Their windows end when the names say: a day after the day starts, at the next month's first.
          const [year, monthNumber] = counter.month.split('-').map(Number) as [number, number];
          db.putSync(expiryOf(Date.parse(`${counter.day}T00:00:00Z`) + 86_400_000, day), true);
          db.putSync(expiryOf(Date.UTC(year, monthNumber, 1), month), true);
        }
      });
    }
  } catch (error) {
    if (error instanceof GatewayError) throw error;
    throw new GatewayError('ERR_STATE_FILE', `cannot open the state database ${file}: ${(error as Error).message}`, { cause: error });
  }

  const writeTimeoutMs = options.writeTimeoutMs ?? 2000;
  /**
   * Runs `write` in a write transaction unless it starts after `deadline - DEADLINE_MARGIN_MS`;
   * rejects as unavailable when it has not committed by the deadline. A write that commits after
   * its caller was told it failed is handed to `undoLate`, so the caller's answer stays true.
   */
  const boundedWrite = <T>(operation: string, write: () => T, undoLate?: (result: T) => void): Promise<T> => {
    const deadline = Date.now() + writeTimeoutMs;
    let timedOut = false;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        timedOut = true;
        reject(new StoreUnavailableError(`the embedded store's write lock was not free within ${writeTimeoutMs} ms (${operation})`));
      }, writeTimeoutMs);
      db.transaction(() => (Date.now() > deadline - DEADLINE_MARGIN_MS ? LATE : write())).then(
        (result) => {
          clearTimeout(timer);
          if (result === LATE) reject(new StoreUnavailableError(`the embedded store's write came too late (${operation})`));
          else if (timedOut) undoLate?.(result);
          else resolve(result);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(new StoreUnavailableError(`the embedded store failed: ${(error as Error).message} (${operation})`, { cause: error }));
        },
      );
    });
  };

  const count = (key: string) => {
    const value = db.get(key);
    return typeof value === 'number' ? value : 0;
  };

  /** Takes one count back from each counter (never below zero), whenever the write lock comes free. */
  const decrement = (keys: readonly string[]) =>
    db.transaction(() => {
      for (const key of keys) {
        const value = count(key);
        if (value > 0) db.put(key, value - 1);
      }
    });

  let nextPruneAt = 0;
  /**
   * Deletes the counters whose window has ended, with their notes, in the background: at most once
   * per `PRUNE_INTERVAL_MS`, from the first count after it. A failure is left for the next time.
   */
  const prunePastWindows = () => {
    nextPruneAt = Date.now() + PRUNE_INTERVAL_MS;
    db.transaction(() => {
      const ended = [...db.getKeys({ start: EXPIRY_PREFIX, end: expiryOf(Date.now() + 1, '') })];
      for (const note of ended) {
        db.remove(note);
        db.remove(note.slice(note.indexOf(':', EXPIRY_PREFIX.length) + 1));
      }
    }).catch(() => undefined);
  };

  const registry: KeyRegistry = {
    async lookupKey(hash) {
      return db.get(keyOf(hash)) as KeyRecord | undefined;
    },
    async saveKey(record) {
      await db.put(keyOf(record.hash), { ...record });
    },
    async listKeys() {
      return [...db.getRange({ start: 'key:', end: 'key;' })].map(({ value }) => value as KeyRecord);
    },
    revoke(hash) {
      return db.transaction(() => {
        const record = db.get(keyOf(hash)) as KeyRecord | undefined;
        if (record === undefined) return false;
        db.put(keyOf(hash), { ...record, status: 'revoked' });
        return true;
      });
    },
  };

  const counter: QuotaCounter = {
    incrementUnlessOver(hash, windows) {
      const dayKey = dayOf(hash, windows.day.period);
      const monthKey = monthOf(hash, windows.month.period);
      if (Date.now() >= nextPruneAt) prunePastWindows();
      // Read, check and write inside one write transaction: exact whatever other processes do.
      return boundedWrite(
        'count',
        (): IncrementOutcome => {
          const counts = { day: count(dayKey), month: count(monthKey) };
          if (isAtLimit(counts.day, windows.day.limit) || isAtLimit(counts.month, windows.month.limit)) return { counted: false, counts };
          const after = { day: counts.day + 1, month: counts.month + 1 };
          db.put(dayKey, after.day);
          db.put(monthKey, after.month);
          // A new counter is noted with its window's end, as Redis's EXPIRE would end it (`prunePastWindows`).
          if (counts.day === 0) db.put(expiryOf(Date.now() + windows.day.ttlSeconds * 1000, dayKey), true);
          if (counts.month === 0) db.put(expiryOf(Date.now() + windows.month.ttlSeconds * 1000, monthKey), true);
          return { counted: true, counts: after };
        },
        // Answered 503 already: the count it made is not the caller's to pay.
        (late) => {
          // A refund that fails leaves the count as Redis's late commands would: nothing better to do.
          if (late.counted) decrement([dayKey, monthKey]).catch(() => undefined);
        },
      );
    },
    async refund(hash, now) {
      const periods = periodsOf(now);
      await decrement([dayOf(hash, periods.day), monthOf(hash, periods.month)]);
    },
    async usage(hash, now): Promise<Counts> {
      const periods = periodsOf(now);
      return { day: count(dayOf(hash, periods.day)), month: count(monthOf(hash, periods.month)) };
    },
  };

  return {
    kind: 'embedded',
    location: file,
    registry,
    counter,
    async warnings() {
      return [];
    },
    async ping() {
      // Readiness means a count can get through: a write, under the same deadline as a count.
      await boundedWrite('readiness probe', () => db.put('ready:probe', Date.now()));
    },
    async close() {
      await db.close();
    },
  };
}
