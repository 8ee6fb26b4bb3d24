/** Step 6: the key from X-API-Key, looked up by its hash; missing, malformed, unknown or revoked → 401. */
import { createKeyHasher } from '../api-keys.ts';
import { HttpError } from '../http-error.ts';
import type { KeyCache } from '../key-cache.ts';
import type { KeyRecord } from '../key-registry.ts';
import type { Exchange } from './exchange.ts';
import type { Step } from './step.ts';
import { type StoreFailurePolicy, storeUnavailable } from './store-failure.ts';

/** The authentication step over the key cache; sets `exchange.key`. Synchronous while the key's record is fresh in the cache. */
export function createAuthenticate(keys: KeyCache, failures: StoreFailurePolicy): Step {
  const hashOf = createKeyHasher();
  return (exchange) => {
    const header = exchange.request.headers['x-api-key'];
    const value = Array.isArray(header) ? undefined : header?.trim();
    if (value === undefined || value.length === 0)
      throw unauthorized('key-missing', 'This endpoint needs an API key in the X-API-Key header.');
    const hash = hashOf(value);
    if (hash === undefined) throw unauthorized('key-invalid', 'The API key is not valid.');
    let found: KeyRecord | undefined | Promise<KeyRecord | undefined>;
    try {
      found = keys.lookup(hash);
    } catch (error) {
      return failed(error, exchange, keys, failures, hash);
    }
    if (!(found instanceof Promise)) return accept(exchange, found, hash);
    return found.then(
      (record) => {
        failures.succeeded();
        accept(exchange, record, hash);
      },
      (error: unknown) => failed(error, exchange, keys, failures, hash),
    );
  };
}

/** With the store down: the last known record in fail-open mode, else 503. */
function failed(error: unknown, exchange: Exchange, keys: KeyCache, failures: StoreFailurePolicy, hash: string): void {
  const record = failures.passOver(error, 'key lookup', hash) ? keys.lastKnown(hash) : undefined;
  if (record === undefined) throw storeUnavailable(error);
  accept(exchange, record, hash);
}

function accept(exchange: Exchange, record: KeyRecord | undefined, hash: string): void {
  // The record was looked up by this very hash: the comparison only guards against a registry that
  // answers for another key. Both sides are the looked-up hash, nothing secret, so a plain
  // comparison leaks nothing that a constant-time one (two buffers a call) would hide.
  if (record === undefined || record.hash !== hash || record.status !== 'active') {
    throw record?.status === 'revoked'
      ? unauthorized('key-revoked', 'The API key has been revoked.')
      : unauthorized('key-invalid', 'The API key is not valid.');
  }
  exchange.key = record;
}

function unauthorized(code: 'key-missing' | 'key-invalid' | 'key-revoked', detail: string): HttpError {
  return new HttpError(code, detail, { headers: { 'WWW-Authenticate': 'APIKey header="X-API-Key"' } });
}
