/** Step 3: the key from X-API-Key, looked up by its hash; missing, malformed, unknown or revoked → 401. */
import { hashesEqual, hashKey, isWellFormedKey } from '../api-keys.ts';
import { HttpError } from '../http-error.ts';
import type { KeyRecord, KeyRegistry } from '../key-registry.ts';
import type { Exchange } from './exchange.ts';
import { type StoreFailurePolicy, storeUnavailable } from './store-failure.ts';

/** How many recently valid keys are remembered, only to fail open while the store is unreachable. */
const KNOWN_KEYS_LIMIT = 10_000;

export type Authenticate = (exchange: Exchange) => Promise<KeyRecord>;

/** The authentication step over `registry`; sets `exchange.key`. */
export function createAuthenticate(registry: KeyRegistry, failures: StoreFailurePolicy): Authenticate {
  const knownKeys = new Map<string, KeyRecord>();
  const remember = (hash: string, record: KeyRecord) => {
    knownKeys.delete(hash);
    knownKeys.set(hash, record);
    if (knownKeys.size > KNOWN_KEYS_LIMIT) knownKeys.delete(knownKeys.keys().next().value as string);
  };

  return async (exchange) => {
    const header = exchange.request.headers['x-api-key'];
    const value = Array.isArray(header) ? undefined : header?.trim();
    if (value === undefined || value.length === 0) throw unauthorized('This endpoint needs an API key in the X-API-Key header.');
    if (!isWellFormedKey(value)) throw unauthorized('The API key is not valid.');
    const hash = hashKey(value);
    let record: KeyRecord | undefined;
    try {
      record = await registry.lookupKey(hash);
      if (record !== undefined) remember(hash, record);
    } catch (error) {
      record = failures.passOver(error, 'key lookup', hash) ? knownKeys.get(hash) : undefined;
      if (record === undefined) throw storeUnavailable(error);
    }
    if (record === undefined || !hashesEqual(record.hash, hash) || record.status !== 'active') {
      throw unauthorized(record?.status === 'revoked' ? 'The API key has been revoked.' : 'The API key is not valid.');
    }
    exchange.key = record;
    return record;
  };
}

function unauthorized(detail: string): HttpError {
  return new HttpError(401, detail, { headers: { 'WWW-Authenticate': 'APIKey header="X-API-Key"' } });
}
