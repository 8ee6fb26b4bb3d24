/**
 * The embedded `Store`: keys and counters in one local JSON state file, for trying the service
 * out and for a single gateway process on one host. Every change to the file is a read-modify-write
 * under a lock file, written to a temporary file and renamed over the old one, so a reader never
 * sees half a file and `cardrewards keys create` in one process and `serve` in another do not lose
 * each other's changes. The serving process owns the counters: it counts in memory (exact, since
 * JavaScript runs one increment at a time) and writes them out within `flushDelayMs` and on close.
 */
import { closeSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { GatewayError } from '../errors.ts';
import { periodsOf } from '../periods.ts';
import type { Counts, IncrementResult, KeyRecord, Store } from '../store.ts';

interface Counter {
  day: string;
  dayCount: number;
  month: string;
  monthCount: number;
}

interface StateFile {
  version: 1;
  keys: Record<string, KeyRecord>;
  counters: Record<string, Counter>;
}

export interface EmbeddedStoreOptions {
  readonly file: string;
  /** How long counter changes may wait before they are written (they are always written on close). */
  readonly flushDelayMs?: number;
}

const LOCK_STALE_MS = 10_000;
const LOCK_WAIT_MS = 5_000;

/** Opens (or starts) the state file. */
export function createEmbeddedStore(options: EmbeddedStoreOptions): Store {
  const file = options.file;
  const flushDelayMs = options.flushDelayMs ?? 100;
  let state = readState(file);
  let stamp = stampOf(file);
  const dirty = new Set<string>();
  let timer: NodeJS.Timeout | undefined;

  /** Picks up keys another process created or revoked. */
  const refresh = () => {
    const now = stampOf(file);
    if (now === stamp) return;
    const fresh = readState(file);
    state = { ...fresh, counters: { ...fresh.counters, ...pick(state.counters, dirty) } };
    stamp = now;
  };

  const update = (change: (disk: StateFile) => void) => {
    withLock(file, () => {
      const disk = readState(file);
      change(disk);
      writeState(file, disk);
      state = { ...disk, counters: { ...disk.counters, ...pick(state.counters, dirty) } };
      stamp = stampOf(file);
    });
  };

  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (dirty.size === 0) return;
    const written = pick(state.counters, dirty);
    dirty.clear();
    update((disk) => Object.assign(disk.counters, written));
  };

  const counterOf = (hash: string, now: Date): Counter => {
    const periods = periodsOf(now);
    const counter = state.counters[hash] ?? { day: periods.day, dayCount: 0, month: periods.month, monthCount: 0 };
    if (counter.day !== periods.day) Object.assign(counter, { day: periods.day, dayCount: 0 });
    if (counter.month !== periods.month) Object.assign(counter, { month: periods.month, monthCount: 0 });
    return counter;
  };

  return {
    kind: 'embedded',
    location: file,
    async lookupKey(hash) {
      refresh();
      return Object.hasOwn(state.keys, hash) ? state.keys[hash] : undefined;
    },
    async saveKey(record) {
      update((disk) => {
        disk.keys[record.hash] = record;
      });
    },
    async listKeys() {
      refresh();
      return Object.values(state.keys);
    },
    async revoke(hash) {
      let found = false;
      update((disk) => {
        const record = disk.keys[hash];
        found = record !== undefined;
        if (record) disk.keys[hash] = { ...record, status: 'revoked' };
      });
      return found;
    },
    async increment(hash, limits, now): Promise<IncrementResult> {
      const counter = counterOf(hash, now);
      const { resetSeconds } = periodsOf(now);
      const refused =
        (limits.daily !== null && counter.dayCount >= limits.daily) || (limits.monthly !== null && counter.monthCount >= limits.monthly);
      if (!refused) {
        counter.dayCount++;
        counter.monthCount++;
        state.counters[hash] = counter;
        dirty.add(hash);
        timer ??= setTimeout(flush, flushDelayMs);
      }
      return { allowed: !refused, counts: { day: counter.dayCount, month: counter.monthCount }, resetSeconds };
    },
    async usage(hash, now): Promise<Counts> {
      refresh();
      const periods = periodsOf(now);
      const counter = state.counters[hash];
      return {
        day: counter?.day === periods.day ? counter.dayCount : 0,
        month: counter?.month === periods.month ? counter.monthCount : 0,
      };
    },
    async ping() {},
    async close() {
      flush();
    },
  };
}

function pick(counters: Record<string, Counter>, hashes: Set<string>): Record<string, Counter> {
  const picked: Record<string, Counter> = {};
  for (const hash of hashes) {
    const counter = counters[hash];
    if (counter) picked[hash] = { ...counter };
  }
  return picked;
}

function emptyState(): StateFile {
  return { version: 1, keys: {}, counters: {} };
}

function readState(file: string): StateFile {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return emptyState();
    throw new GatewayError('ERR_STATE_FILE', `cannot read the state file ${file}: ${(error as Error).message}`, { cause: error });
  }
  try {
    const parsed = JSON.parse(text) as Partial<StateFile>;
    return { version: 1, keys: { ...parsed.keys }, counters: { ...parsed.counters } };
  } catch (error) {
    throw new GatewayError('ERR_STATE_FILE', `the state file ${file} is not valid JSON; fix or remove it`, { cause: error });
  }
}

/** Writes a temporary file beside the target and renames it over: atomic on POSIX file systems. */
function writeState(file: string, state: StateFile): void {
  const temporary = `${file}.tmp-${process.pid}`;
  writeFileSync(temporary, `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
  renameSync(temporary, file);
}

/** Changes whenever the file is replaced (a rename gives a new inode) or rewritten. */
function stampOf(file: string): string {
  const stat = statSync(file, { throwIfNoEntry: false });
  return stat ? `${stat.ino}:${stat.mtimeMs}:${stat.size}` : 'missing';
}

/** Runs `action` holding `<file>.lock` (created exclusively); a lock older than LOCK_STALE_MS is taken over. */
function withLock(file: string, action: () => void): void {
  mkdirSync(dirname(file), { recursive: true });
  const lock = `${file}.lock`;
  const deadline = Date.now() + LOCK_WAIT_MS;
  const sleeper = new Int32Array(new SharedArrayBuffer(4));
  for (;;) {
    try {
      closeSync(openSync(lock, 'wx'));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw new GatewayError('ERR_STATE_FILE', `cannot lock the state file ${file}: ${(error as Error).message}`, { cause: error });
      }
      const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > LOCK_STALE_MS) rmSync(lock, { force: true });
      else if (Date.now() > deadline)
        throw new GatewayError('ERR_STATE_FILE', `the state file ${file} stays locked by another process (${lock})`);
      else Atomics.wait(sleeper, 0, 0, 5);
    }
  }
  try {
    action();
  } finally {
    rmSync(lock, { force: true });
  }
}
