/**
 * Parses one trakstr scrape of MileagePlus Shopping's store list (a JSON array of
 * `{merchName, link, price, unit, instoreIcon}`). The scraper read the price with
 * `(\d+)\s(miles?/?\$?)`, so a decimal lost its integer part: "0.5 mile/$" and "1.5 miles/$" were
 * both saved as "5". What the raw data still tells apart:
 * - a singular unit ("mile", "mile/$") is only written for a value of at most 1, so "5" there was 0.5;
 * - a plural unit with "5" was 5, or any n.5 from 1.5 up: unknown, bounded below by 1.5.
 * Every other value has no decimal point and was read whole.
 */
import type { ParsedSnapshot, RateUnit, SkippedEntry, SnapshotContext, StoreObservation } from './observation.ts';

interface ScrapedStore {
  readonly merchName?: unknown;
  readonly price?: unknown;
  readonly unit?: unknown;
  readonly instoreIcon?: unknown;
}

/** The stores and rates of one scrape file. */
export function parseTrakstrScrape(json: string, context: SnapshotContext): ParsedSnapshot {
  const observations = new Map<string, StoreObservation>();
  const skipped = new Map<string, SkippedEntry>();
  const dated = { observedOn: context.observedOn, source: context.source };
  for (const entry of readEntries(json)) {
    if (typeof entry.merchName !== 'string') continue; // the hand-added {"date": …} entry
    const storeName = entry.merchName.trim();
    if (entry.instoreIcon === true) {
      skipped.set(storeName, { portal: context.portal, storeName, reason: 'in-store only', ...dated });
      continue;
    }
    const unit = unitOf(entry.unit);
    if (typeof entry.price !== 'string' || unit === null) {
      skipped.set(storeName, { portal: context.portal, storeName, reason: 'no rate shown', ...dated });
      continue;
    }
    const singular = /^mile(\/\$)?$/.test(String(entry.unit));
    const misread = entry.price === '5';
    const rate = misread ? (singular ? 0.5 : null) : Number(entry.price);
    observations.set(storeName, {
      portal: context.portal,
      storeName,
      storeDomain: null,
      rate,
      atLeast: rate === null ? 1.5 : null,
      unit,
      upTo: false,
      ...dated,
    });
  }
  return { observations: [...observations.values()], skipped: [...skipped.values()] };
}

function unitOf(unit: unknown): RateUnit | null {
  if (unit === 'mile/$' || unit === 'miles/$') return 'miles_per_dollar';
  if (unit === 'mile' || unit === 'miles') return 'miles_flat';
  return null;
}

/**
 * The scrape's entries. A few files were edited by hand: some keep a trailing comma, one is
 * written as a JavaScript literal (bare keys, single quotes). Both are read as the JSON they mean.
 */
function readEntries(text: string): ScrapedStore[] {
  const value: unknown = JSON.parse(toJson(text));
  if (!Array.isArray(value)) throw new Error('a trakstr scrape is a JSON array');
  return value as ScrapedStore[];
}

/** Rewrites strings in either quote as JSON strings, quotes bare keys and drops trailing commas; JSON passes unchanged. */
function toJson(text: string): string {
  return text
    .replace(
      /'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"|([{,]\s*)([A-Za-z_$][\w$]*)(\s*:)/g,
      (whole, single?: string, double?: string, before?: string, key?: string, colon?: string) => {
        if (single !== undefined) return JSON.stringify(single.replace(/\\'/g, "'"));
        if (double !== undefined) return whole;
        return `${before}"${key}"${colon}`;
      },
    )
    .replace(/,(\s*[\]}])/g, '$1');
}
