/** The latest of some `YYYY-MM-DD` dates (they sort as text); `fallback` when there are none. */
export function latestDate(dates: Iterable<string | null | undefined>, fallback: string): string {
  let latest = '';
  for (const date of dates) if (date && date > latest) latest = date;
  return latest || fallback;
}
