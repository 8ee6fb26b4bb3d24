/**
 * Who may start on `/mcp`: a key's free messages come out of a bucket that refills with time (a
 * token bucket per key), and the process works on a bounded number of requests at once.
 */
import { BoundedMap } from '../bounded-map.ts';
import type { McpLimits } from './mcp-limits.ts';

/** Keys whose buckets are kept: one forgotten starts full again, and keys are few (the operator issues them). */
const KEYS_TRACKED = 10_000;

interface Bucket {
  tokens: number;
  /** `nowMs` when `tokens` was worked out. */
  at: number;
}

/** One process's admission of `/mcp` requests. */
export interface Admission {
  /**
   * Takes `count` free messages from the bucket of the key hashed `keyHash` at `nowMs` (a monotonic
   * clock): 0 when they were taken, else the whole seconds until there are enough (nothing taken).
   */
  takeFree(keyHash: string, count: number, nowMs: number): number;
  /** A slot for one request, with the function that gives it back (safe to call twice); undefined when all are taken. */
  enter(): (() => void) | undefined;
}

/** The admission of one process, with `limits`' burst, refill rate and slots. */
export function createAdmission(limits: Pick<McpLimits, 'freeBurst' | 'freePerSecond' | 'inFlight'>): Admission {
  const buckets = new BoundedMap<string, Bucket>(KEYS_TRACKED);
  let working = 0;
  return {
    takeFree(keyHash, count, nowMs) {
      const bucket = buckets.get(keyHash) ?? { tokens: limits.freeBurst, at: nowMs };
      bucket.tokens = Math.min(limits.freeBurst, bucket.tokens + ((nowMs - bucket.at) / 1000) * limits.freePerSecond);
      bucket.at = nowMs;
      buckets.set(keyHash, bucket);
      if (bucket.tokens < count) return Math.ceil((count - bucket.tokens) / limits.freePerSecond);
      bucket.tokens -= count;
      return 0;
    },
    enter() {
      if (working >= limits.inFlight) return undefined;
      working++;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        working--;
      };
    },
  };
}
