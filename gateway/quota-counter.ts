/**
 * Counting calls against calendar UTC day and month windows. The quota step decides what to count
 * against (`windowsOf`: each window's counter, limit and remaining life); a store only adds one call
 * to both counters unless either is at its limit, atomically (`QuotaCounter.incrementUnlessOver`).
 */
import { type Periods, periodsOf } from './periods.ts';

/** Calls allowed per calendar UTC day and month; `null` is unlimited. */
export interface Limits {
  readonly daily: number | null;
  readonly monthly: number | null;
}

export interface Counts {
  readonly day: number;
  readonly month: number;
}

/** One window a call is counted in. */
export interface Window {
  /** The window's name (`YYYY-MM-DD` or `YYYY-MM`), part of its counter's key. */
  readonly period: string;
  /** The most calls its counter may hold; `null` is unlimited. */
  readonly limit: number | null;
  /** Seconds until the window ends: its counter is not needed after that. */
  readonly ttlSeconds: number;
}

/** The two windows every counted call is counted in. */
export interface Windows {
  readonly day: Window;
  readonly month: Window;
}

/** What a store says of one increment. */
export interface IncrementOutcome {
  /** False when either counter was at its limit; nothing was counted then. */
  readonly counted: boolean;
  /** The counters after this call (unchanged when not counted). */
  readonly counts: Counts;
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
  /** Atomically adds one call to both windows' counters, unless either is already at its limit. */
  incrementUnlessOver(hash: string, windows: Windows): Promise<IncrementOutcome>;
  /** The counters of the windows of `now`, without counting. */
  usage(hash: string, now: Date): Promise<Counts>;
  /** Takes back one call counted at `now` (a counted call whose answer failed); never below zero. */
  refund(hash: string, now: Date): Promise<void>;
}

/** The last windows made for each limits object: periods change once a second, so most calls reuse them. */
const recentWindows = new WeakMap<Limits, { periods: Periods; windows: Windows }>();

/** The day and month windows of `now` under `limits`. */
export function windowsOf(limits: Limits, now: Date): Windows {
  const periods = periodsOf(now);
  const recent = recentWindows.get(limits);
  if (recent?.periods === periods) return recent.windows;
  const windows: Windows = {
    day: { period: periods.day, limit: limits.daily, ttlSeconds: periods.resetSeconds.day },
    month: { period: periods.month, limit: limits.monthly, ttlSeconds: periods.resetSeconds.month },
  };
  recentWindows.set(limits, { periods, windows });
  return windows;
}

/** Counts one call of `hash` at `now` under `limits` in `counter`: allowed, or refused at a limit with nothing counted. */
export function countCall(counter: QuotaCounter, hash: string, limits: Limits, now: Date): Promise<IncrementResult> {
  const windows = windowsOf(limits, now);
  const resetSeconds = { day: windows.day.ttlSeconds, month: windows.month.ttlSeconds };
  return counter.incrementUnlessOver(hash, windows).then(({ counted, counts }) => ({ allowed: counted, counts, resetSeconds }));
}
