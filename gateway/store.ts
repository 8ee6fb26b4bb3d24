/**
 * Where keys and counters live: one object that is both a key registry and a quota counter. The
 * Redis adapter (`stores/redis-store.ts`) and the embedded state-file store
 * (`stores/embedded-store.ts`) both implement it and pass the same conformance tests; each
 * gateway step takes only the half it needs.
 */
import type { KeyRegistry } from './key-registry.ts';
import type { QuotaCounter } from './quota-counter.ts';

export type { KeyRecord, KeyRegistry, KeyStatus } from './key-registry.ts';
export type { Counts, IncrementResult, Limits, QuotaCounter } from './quota-counter.ts';

export interface Store extends KeyRegistry, QuotaCounter {
  /** `embedded` or `redis`, for start-up messages. */
  readonly kind: 'embedded' | 'redis';
  /** Human-readable location (state file path or masked Redis URL). */
  readonly location: string;
  /** Resolves when the store answers; rejects otherwise (for /readyz). */
  ping(): Promise<void>;
  /** What an operator should know about the store's set-up (start-up and /readyz), e.g. a Redis that persists nothing. */
  warnings(): Promise<string[]>;
  close(): Promise<void>;
}

/** A store operation failed for reasons outside the request (Redis unreachable, timeout, disk). */
export class StoreUnavailableError extends Error {
  override readonly name = 'StoreUnavailableError';
  readonly code = 'ERR_STORE_UNAVAILABLE';
}
