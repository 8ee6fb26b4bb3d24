/**
 * The one narrow interface between the gateway and where keys and counters live. The Redis
 * adapter (`stores/redis-store.ts`) and the embedded state-file store (`stores/embedded-store.ts`)
 * both implement it and pass the same conformance tests.
 */
import type { Tier } from './manifest.ts';

export type KeyStatus = 'active' | 'revoked';

/** What is stored for a key: never the key itself, only its SHA-256 hash. */
export interface KeyRecord {
  /** Lower-case hex SHA-256 of the key. */
  readonly hash: string;
  readonly tier: Tier;
  readonly name: string;
  readonly status: KeyStatus;
  /** ISO timestamp. */
  readonly created: string;
}

/** Calls allowed per calendar UTC day and month; `null` is unlimited. */
export interface Limits {
  readonly daily: number | null;
  readonly monthly: number | null;
}

export interface Counts {
  readonly day: number;
  readonly month: number;
}

export interface IncrementResult {
  /** False when either limit was already reached; the call was then not counted. */
  readonly allowed: boolean;
  /** The counters after this call (unchanged when refused). */
  readonly counts: Counts;
  /** Seconds until the current UTC day and month end. */
  readonly resetSeconds: { readonly day: number; readonly month: number };
}

export interface Store {
  /** `embedded` or `redis`, for start-up messages. */
  readonly kind: 'embedded' | 'redis';
  /** Human-readable location (state file path or masked Redis URL). */
  readonly location: string;
  lookupKey(hash: string): Promise<KeyRecord | undefined>;
  saveKey(record: KeyRecord): Promise<void>;
  listKeys(): Promise<KeyRecord[]>;
  /** Marks the key revoked; false when no such key exists. */
  revoke(hash: string): Promise<boolean>;
  /** Atomically counts one call against the day and month windows of `now`, unless a limit is reached. */
  increment(hash: string, limits: Limits, now: Date): Promise<IncrementResult>;
  /** The counters of the windows of `now`, without counting. */
  usage(hash: string, now: Date): Promise<Counts>;
  /** Resolves when the store answers; rejects otherwise (for /readyz). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** A store operation failed for reasons outside the request (Redis unreachable, timeout, disk). */
export class StoreUnavailableError extends Error {
  override readonly name = 'StoreUnavailableError';
  readonly code = 'ERR_STORE_UNAVAILABLE';
}
