/**
 * Where keys and counters live. A store adapter (`stores/redis-store.ts`, `stores/embedded-store.ts`)
 * opens two objects over one connection: a key registry, which holds keys, and a quota counter,
 * which counts (STYLE.md: a store counts; a registry holds keys). Each gateway step takes only the
 * half it needs. Both adapters pass the same conformance tests.
 */
import type { KeyRegistry } from './key-registry.ts';
import { countCall, type IncrementResult, type Limits, type QuotaCounter } from './quota-counter.ts';

export type { KeyRecord, KeyRegistry, KeyStatus } from './key-registry.ts';
export type { Counts, IncrementOutcome, IncrementResult, Limits, QuotaCounter, Window, Windows } from './quota-counter.ts';

/** The connection both halves share: what it is, whether it answers, and its end. */
export interface StoreConnection {
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

/** What an adapter opens: the registry and the counter, separate objects, over one connection. */
export interface OpenedStore extends StoreConnection {
  readonly registry: KeyRegistry;
  readonly counter: QuotaCounter;
}

/**
 * Both halves on one object as well, for callers that take one store (the gateway's options, the
 * `keys` commands, tests): each method hands over to the registry or the counter.
 */
export interface Store extends KeyRegistry, QuotaCounter, OpenedStore {
  /** Counts one call at `now` under `limits` (`countCall`): the windows and the verdict as the quota step makes them. */
  increment(hash: string, limits: Limits, now: Date): Promise<IncrementResult>;
}

/** `opened` with the registry's and the counter's methods on it, each handing over to its half. */
export function joinStore(opened: OpenedStore): Store {
  const { registry, counter } = opened;
  return {
    kind: opened.kind,
    location: opened.location,
    registry,
    counter,
    lookupKey: (hash) => registry.lookupKey(hash),
    saveKey: (record) => registry.saveKey(record),
    listKeys: () => registry.listKeys(),
    revoke: (hash) => registry.revoke(hash),
    incrementUnlessOver: (hash, windows) => counter.incrementUnlessOver(hash, windows),
    increment: (hash, limits, now) => countCall(counter, hash, limits, now),
    usage: (hash, now) => counter.usage(hash, now),
    refund: (hash, now) => counter.refund(hash, now),
    ping: () => opened.ping(),
    warnings: () => opened.warnings(),
    close: () => opened.close(),
  };
}

/** A store operation failed for reasons outside the request (Redis unreachable, timeout, disk). */
export class StoreUnavailableError extends Error {
  override readonly name = 'StoreUnavailableError';
  readonly code = 'ERR_STORE_UNAVAILABLE';
}
