/**
 * API keys: random, shown once, stored only as their SHA-256 hash. Keys look like `cr_` followed
 * by 32 random bytes in base64url; anything else is refused before any store lookup.
 */
import { hash, randomBytes } from 'node:crypto';

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

/** The loggable short form of a hash. */
export function hashPrefix(hash: string): string {
  return hash.slice(0, HASH_PREFIX_LENGTH);
}
