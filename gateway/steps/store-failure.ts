/**
 * What a step does when the store cannot answer: fail closed with 503 (the default) or, by option,
 * pass over it. An outage is logged quietly, whatever the traffic: one line when it starts, a
 * summary each interval while it lasts (failures, seconds), one line when the store answers again;
 * never a line, let alone a stack trace, per refused request.
 */
import { hashPrefix } from '../api-keys.ts';
import type { FailMode } from '../config.ts';
import { HttpError } from '../http-error.ts';
import type { Logger } from '../logger.ts';
import { StoreUnavailableError } from '../store.ts';
import { RETRY_AFTER_UNAVAILABLE } from './respond.ts';

export interface StoreFailurePolicy {
  /** True when the failure may be passed over (fail-open mode); rethrows anything that is not a store outage. */
  passOver(error: unknown, operation: string, hash: string): boolean;
  /** The store answered: ends an outage in progress (cheap when there is none). */
  succeeded(): void;
}

export interface StoreFailureOptions {
  /** Milliseconds between two summaries of an outage in progress; default 10 s. */
  readonly summaryMs?: number;
  /** Told each failed operation, for metrics. */
  readonly observeStoreError?: (operation: string) => void;
  readonly nowMs?: () => number;
}

interface Outage {
  readonly started: number;
  failures: number;
  sinceSummary: number;
  lastSummary: number;
}

/** The policy of `failMode`, logging each outage once, in summaries, and at its end. */
export function createStoreFailurePolicy(
  failMode: FailMode,
  logger: Logger,
  { summaryMs = 10_000, observeStoreError, nowMs = () => Date.now() }: StoreFailureOptions = {},
): StoreFailurePolicy {
  let outage: Outage | undefined;
  const open = failMode === 'open';
  return {
    passOver(error, operation, hash) {
      if (!(error instanceof StoreUnavailableError)) throw error;
      observeStoreError?.(operation);
      const now = nowMs();
      if (outage === undefined) {
        outage = { started: now, failures: 1, sinceSummary: 0, lastSummary: now };
        logger.warn(
          { err: error.message, operation, key: hashPrefix(hash), failMode },
          open ? 'store unavailable: failing open until it answers again' : 'store unavailable: answering 503 until it answers again',
        );
        return open;
      }
      outage.failures++;
      outage.sinceSummary++;
      if (now - outage.lastSummary >= summaryMs) {
        logger.warn(
          { err: error.message, failures: outage.sinceSummary, seconds: Math.round((now - outage.started) / 1000), failMode },
          'store still unavailable',
        );
        outage.sinceSummary = 0;
        outage.lastSummary = now;
      }
      return open;
    },
    succeeded() {
      if (outage === undefined) return;
      const { started, failures } = outage;
      outage = undefined;
      logger.warn({ failures, seconds: Math.round((nowMs() - started) / 1000) }, 'store available again');
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
