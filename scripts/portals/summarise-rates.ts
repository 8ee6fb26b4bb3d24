/**
 * Turns a store's dated observations on one portal into the one rate the dataset keeps:
 * - `typical` when the store was seen on at least MIN_TYPICAL_DAYS days within WINDOW_DAYS of its
 *   latest observation (a daily scrape): the median of one value per day, so a short bonus does
 *   not pass for the usual rate;
 * - otherwise `published`: the rate the latest snapshot showed.
 */
import type { RateUnit, StoreObservation } from './observation.ts';

export const WINDOW_DAYS = 90;
export const MIN_TYPICAL_DAYS = 14;

/** One row of `portal_rates.csv`. */
export interface PortalRate {
  readonly portal: string;
  readonly merchant: string;
  readonly storeName: string;
  readonly rate: number;
  readonly unit: RateUnit;
  readonly upTo: boolean;
  readonly basis: 'published' | 'typical';
  readonly windowFrom: string | null;
  readonly windowTo: string | null;
  /** Days the rate is computed from (1 for `published`). */
  readonly observations: number;
  readonly observedOn: string;
  readonly source: string;
}

/** Why a (portal, merchant) gave no row. */
export interface Unresolved {
  readonly portal: string;
  readonly merchant: string;
  readonly storeName: string;
  readonly observedOn: string;
  readonly source: string;
}

/** The rate of one merchant on one portal from its observations (all of that portal and merchant). */
export function summariseRates(merchant: string, observations: readonly StoreObservation[]): PortalRate | Unresolved {
  const byDay = new Map<string, StoreObservation>();
  for (const observation of [...observations].sort(byDayThenPreference)) byDay.set(observation.observedOn, observation);
  const days = [...byDay.keys()].sort();
  const latest = byDay.get(days[days.length - 1]!)!;
  const windowStart = addDays(latest.observedOn, -(WINDOW_DAYS - 1));
  const inWindow = days.filter((day) => day >= windowStart).map((day) => byDay.get(day)!);
  const sameUnit = inWindow.filter((observation) => observation.unit === latest.unit);
  if (sameUnit.length >= MIN_TYPICAL_DAYS) {
    const median = lowerMedian(sameUnit);
    if (median !== null) {
      return {
        ...common(merchant, latest),
        rate: median,
        basis: 'typical',
        windowFrom: sameUnit[0]!.observedOn,
        windowTo: latest.observedOn,
        observations: sameUnit.length,
      };
    }
  }
  const shown = [...days]
    .reverse()
    .map((day) => byDay.get(day)!)
    .find((observation) => observation.rate !== null);
  if (!shown || shown.rate === null)
    return { portal: latest.portal, merchant, storeName: latest.storeName, observedOn: latest.observedOn, source: latest.source };
  return { ...common(merchant, shown), rate: shown.rate, basis: 'published', windowFrom: null, windowTo: null, observations: 1 };
}

function common(merchant: string, observation: StoreObservation) {
  return {
    portal: observation.portal,
    merchant,
    storeName: observation.storeName,
    unit: observation.unit,
    upTo: observation.upTo,
    observedOn: observation.observedOn,
    source: observation.source,
  };
}

/**
 * The lower median (always a value the portal showed). A misread value is only known to be at
 * least `atLeast`; the median counts only when it is the same whether those values are as low or
 * as high as possible. Null when they decide it.
 */
export function lowerMedian(observations: readonly StoreObservation[]): number | null {
  const middle = Math.floor((observations.length - 1) / 2);
  const low = observations.map((o) => o.rate ?? o.atLeast ?? 0).sort((a, b) => a - b)[middle]!;
  const high = observations.map((o) => o.rate ?? Number.POSITIVE_INFINITY).sort((a, b) => a - b)[middle]!;
  const determinate = observations.some((o) => o.rate === low);
  return low === high && determinate ? low : null;
}

/** Within a day, the preferred observation comes last: a readable rate over a misread one, then the higher rate, then the name. */
function byDayThenPreference(a: StoreObservation, b: StoreObservation): number {
  const rank = (o: StoreObservation) => (o.rate === null ? 0 : 1);
  return (
    compare(a.observedOn, b.observedOn) ||
    rank(a) - rank(b) ||
    (a.rate ?? 0) - (b.rate ?? 0) ||
    compare(b.storeName, a.storeName) ||
    compare(b.source, a.source)
  );
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** `YYYY-MM-DD` plus `days` (negative for earlier), in UTC. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
