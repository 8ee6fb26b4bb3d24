/**
 * Key records kept in the process for a short while, so a counted call costs one store round trip
 * (the count) instead of two. An entry is trusted for `ttlMs` (1 s by default): a key revoked in
 * the store, by any process, is refused by every gateway process within that time. Unknown keys
 * are remembered as unknown for the same time, so a flood of made-up keys cannot flood the store.
 * Concurrent look-ups of one key share one store call.
 */
import { BoundedMap } from './bounded-map.ts';
import type { KeyRecord, KeyRegistry } from './key-registry.ts';
import { performance } from 'node:perf_hooks';

export interface KeyCache {
  /** The record (or undefined for an unknown key): at once from memory when fresh, else a promise of the registry's answer. */
  lookup(hash: string): KeyRecord | undefined | Promise<KeyRecord | undefined>;
  /** The last record seen for `hash`, however old: only for failing open while the store is unreachable. */
  lastKnown(hash: string): KeyRecord | undefined;
}

export interface KeyCacheOptions {
  readonly ttlMs?: number;
  readonly maxEntries?: number;
  /** The clock in milliseconds, for tests. */
  readonly nowMs?: () => number;
}

interface Entry {
  readonly record: KeyRecord | undefined;
  readonly fetchedAt: number;
}

/** A cache in front of `registry.lookupKey`. */
export function createKeyCache(registry: Pick<KeyRegistry, 'lookupKey'>, options: KeyCacheOptions = {}): KeyCache {
  const ttlMs = options.ttlMs ?? 1000;
  const maxEntries = options.maxEntries ?? 10_000;
  const nowMs = options.nowMs ?? (() => performance.now());
  // Beyond `maxEntries`, the least recently refreshed record goes.
  const entries = new BoundedMap<string, Entry>(maxEntries);
  const inFlight = new Map<string, Promise<KeyRecord | undefined>>();

  return {
    lookup(hash) {
      const entry = entries.get(hash);
      if (entry !== undefined && nowMs() - entry.fetchedAt < ttlMs) return entry.record;
      const pending = inFlight.get(hash);
      if (pending !== undefined) return pending;
      const fetchedAt = nowMs();
      const lookup = registry
        .lookupKey(hash)
        .then((record) => {
          entries.set(hash, { record, fetchedAt });
          return record;
        })
        .finally(() => inFlight.delete(hash));
      inFlight.set(hash, lookup);
      return lookup;
    },
    lastKnown: (hash) => entries.get(hash)?.record,
  };
}
