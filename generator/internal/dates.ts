/** The latest of some `YYYY-MM-DD` dates (they sort as text); `fallback` when there are none. */
export function latestDate(dates: Iterable<string | null | undefined>, fallback: string): string {
  let latest = '';
  for (const date of dates) if (date && date > latest) latest = date;
  return latest || fallback;
}

/** Whole days from `from` to `to` (both `YYYY-MM-DD`, UTC), never negative: how old a fact is on the build date. */
export function ageInDays(from: string, to: string): number {
  return Math.max(0, Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000));
}

/** The day `days` days before `date` (both `YYYY-MM-DD`, counted in UTC). */
export function daysBefore(date: string, days: number): string {
  const time = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(time)) throw new RangeError(`expected a YYYY-MM-DD date, got ${date}`);
  return new Date(time - days * 86_400_000).toISOString().slice(0, 10);
}
