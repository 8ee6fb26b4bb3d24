import { IMPORT_DATE } from './merchant.ts';
import type { WikidataEntry } from './nsi-types.ts';

/** Whether NSI (dissolved.json) or Wikidata dates the organisation's end on or before the import date. */
export function isDissolved(itemDissolutions: { date: string }[] | undefined, entry: WikidataEntry | undefined): boolean {
  const dates = [...(itemDissolutions ?? []), ...(entry?.dissolutions ?? [])].map((d) => d.date.slice(0, 10));
  return dates.some((d) => d <= IMPORT_DATE);
}
