/**
 * The search of the public search index (docs/api.md, "Search index"), in one place for the home
 * page's search (browser/search.ts) and the MCC widget (browser/mcc-widget.ts): both are bundled from
 * this module by scripts/generate-browser-scripts.ts. It reads only the entries' fields, no I/O.
 */
import type { SearchEntry } from './documents.ts';

/** A query of up to four digits looks up MCC codes rather than names. */
const CODE_QUERY = /^\d{1,4}$/;
/** Score bands, from best to worst: the exact name, a name that starts with the query, a name that contains it. */
const BAND = 1e6;
/** MCC codes come after every merchant of the same band (merchant ranks stay well under this). */
const MCC_OFFSET = 5e5;

/**
 * The entries the query finds, best first. Digits: the MCC with that code (zero-padded) first, then
 * the codes that start with them. Words: exact names, then names that start with the query, then
 * names that contain it; within each, merchants by popularity, then MCC codes in order.
 */
export function searchEntries<Entry extends SearchEntry>(entries: readonly Entry[], raw: string): Entry[] {
  const query = raw.trim().toLowerCase();
  if (query === '') return [];
  if (CODE_QUERY.test(query)) {
    const code = query.padStart(4, '0');
    return entries
      .filter((entry) => entry.type === 'mcc' && (entry.code === code || entry.code.startsWith(query)))
      .sort((a, b) => Number(b.type === 'mcc' && b.code === code) - Number(a.type === 'mcc' && a.code === code));
  }
  const scored: [number, Entry][] = [];
  for (const entry of entries) {
    const name = entry.name.toLowerCase();
    const at = name.indexOf(query);
    if (at < 0) continue;
    const band = name === query ? 0 : at === 0 ? 1 : 2;
    scored.push([band * BAND + (entry.type === 'merchant' ? entry.rank : MCC_OFFSET + Number(entry.code)), entry]);
  }
  return scored.sort((a, b) => a[0] - b[0]).map(([, entry]) => entry);
}
