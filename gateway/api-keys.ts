/**
 * API keys: random, shown once, stored only as their SHA-256 hash. Keys look like `cr_` followed
 * by 32 random bytes in base64url; anything else is refused before any store lookup.
 */
import { hash, randomBytes } from 'node:crypto';
import { BoundedMap, REQUEST_MEMO_ENTRIES } from './bounded-map.ts';

const KEY_FORMAT = /^cr_[A-Za-z0-9_-]{43}$/;
/** Hex characters of the hash shown in lists and logs: enough to tell keys apart, useless to an attacker. */
export const HASH_PREFIX_LENGTH = 12;

/** A new random key. */
export function generateKey(): string {
  return `cr_${randomBytes(32).toString('base64url')}`;
}

/** Lower-case hex SHA-256 of the key (the one-shot `hash`: every keyed call pays it, and a Hash object costs several times more). */
export function hashKey(key: string): string {
  return hash('sha256', key, 'hex');
}

/** True for strings shaped like a key of ours (cheap filter before hashing and lookups). */
export function isWellFormedKey(value: string): boolean {
  return KEY_FORMAT.test(value);
}

/**
 * `hashKey` for the values a gateway is sent as keys, remembered for the `limit` most recent distinct keys:
 * a keyed call then costs one Map look-up instead of a format check and a SHA-256 (together about 1 µs, the
 * largest single item of the gateway's own work on a keyed call). The memo holds raw keys in the process's
 * memory only, where each passes with every request anyway; never on disk or in a log. Undefined for a value
 * that is not shaped like a key (not remembered).
 */
export function createKeyHasher(limit = REQUEST_MEMO_ENTRIES): (value: string) => string | undefined {
  const hashes = new BoundedMap<string, string>(limit);
  return (value) => {
    let hashed = hashes.get(value);
    if (hashed === undefined) {
      if (!isWellFormedKey(value)) return undefined;
      hashed = hashKey(value);
      hashes.set(value, hashed);
    }
    return hashed;
  };
}

/** The loggable short form of a hash. */
export function hashPrefix(hash: string): string {
  return hash.slice(0, HASH_PREFIX_LENGTH);
}
