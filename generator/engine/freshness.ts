/**
 * When a portal rate or a card-linked offer stops being today's deal (docs/ranking.md, "Freshness").
 * Portals move a store's rate week to week around a level that holds for months; a year on, the
 * store may have left the portal or the level moved. Past the horizon a rate is history: shown
 * with its date, never added into a current total and never chosen over a fresher one.
 */
import { ageInDays, daysBefore } from '../internal/dates.ts';

/** Portal rates and offers observed more than this many days before the build date are historical. */
export const FRESHNESS_HORIZON_DAYS = 365;

export type Freshness = 'current' | 'historical';

/** `current` when `observedOn` is within the horizon before `buildDate`, else `historical`. */
export function freshnessOf(observedOn: string, buildDate: string): Freshness {
  return ageInDays(observedOn, buildDate) <= FRESHNESS_HORIZON_DAYS ? 'current' : 'historical';
}

/** The first day whose observations are still current on `buildDate` (`YYYY-MM-DD`). */
export function horizonStart(buildDate: string): string {
  return daysBefore(buildDate, FRESHNESS_HORIZON_DAYS);
}
