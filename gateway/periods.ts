/** Calendar UTC day and month windows of the quotas. */

export interface Periods {
  /** `YYYY-MM-DD` */
  readonly day: string;
  /** `YYYY-MM` */
  readonly month: string;
  readonly resetSeconds: { readonly day: number; readonly month: number };
}

/** The last answer, by whole second: every counted call asks, and the answer changes once a second. */
let cached: { second: number; periods: Periods } | undefined;

/** The windows containing `now`. */
export function periodsOf(now: Date): Periods {
  const second = Math.floor(now.getTime() / 1000);
  if (cached?.second !== second) cached = { second, periods: computePeriods(now) };
  return cached.periods;
}

function computePeriods(now: Date): Periods {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const d = now.getUTCDate();
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const dayEnd = Date.UTC(y, m, d + 1) / 1000;
  const monthEnd = Date.UTC(y, m + 1, 1) / 1000;
  const iso = now.toISOString();
  return {
    day: iso.slice(0, 10),
    month: iso.slice(0, 7),
    resetSeconds: { day: Math.max(1, dayEnd - nowSeconds), month: Math.max(1, monthEnd - nowSeconds) },
  };
}
