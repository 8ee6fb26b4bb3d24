/** What a step does when the store cannot answer: fail closed with 503 (the default) or, by option, pass over it; logged either way. */
import { hashPrefix } from '../api-keys.ts';
import type { FailMode } from '../config.ts';
import { HttpError } from '../http-error.ts';
import type { Logger } from '../logger.ts';
import { StoreUnavailableError } from '../store.ts';
import { RETRY_AFTER_UNAVAILABLE } from './respond.ts';

export interface StoreFailurePolicy {
  /** True when the failure may be passed over (fail-open mode); rethrows anything that is not a store outage. */
  passOver(error: unknown, operation: string, hash: string): boolean;
}

/** The policy of `failMode`, logging each outage with the operation and the key's hash prefix. */
export function createStoreFailurePolicy(failMode: FailMode, logger: Logger): StoreFailurePolicy {
  return {
    passOver(error, operation, hash) {
      if (!(error instanceof StoreUnavailableError)) throw error;
      const open = failMode === 'open';
      logger.warn(
        { err: error.message, operation, key: hashPrefix(hash), failMode },
        open ? 'store unavailable: failing open' : 'store unavailable: failing closed',
      );
      return open;
    },
  };
}

/** 503 with Retry-After: the key and quota store is unreachable. */
export function storeUnavailable(cause: unknown): HttpError {
  return new HttpError('store-unavailable', 'The key and quota store is unreachable; retry shortly.', {
    headers: { 'Retry-After': RETRY_AFTER_UNAVAILABLE },
    cause,
  });
}
