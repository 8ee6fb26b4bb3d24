/** Counting calls against calendar UTC day and month windows: the only thing the quota step asks of a store. */

/** Calls allowed per calendar UTC day and month; `null` is unlimited. */
export interface Limits {
  readonly daily: number | null;
  readonly monthly: number | null;
}

export interface Counts {
  readonly day: number;
  readonly month: number;
}

export interface IncrementResult {
  /** False when either limit was already reached; the call was then not counted. */
  readonly allowed: boolean;
  /** The counters after this call (unchanged when refused). */
  readonly counts: Counts;
  /** Seconds until the current UTC day and month end. */
  readonly resetSeconds: { readonly day: number; readonly month: number };
}

export interface QuotaCounter {
  /** Atomically counts one call against the day and month windows of `now`, unless a limit is reached. */
  increment(hash: string, limits: Limits, now: Date): Promise<IncrementResult>;
  /** The counters of the windows of `now`, without counting. */
  usage(hash: string, now: Date): Promise<Counts>;
  /** Takes back one call counted at `now` (a counted call whose answer failed); never below zero. */
  refund(hash: string, now: Date): Promise<void>;
}
