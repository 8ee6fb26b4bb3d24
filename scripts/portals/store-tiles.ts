/**
 * Turns the store tiles of a portal page (a name and the texts shown with it) into observations:
 * the first text that reads as a rate is the store's rate; a tile with none goes to the report.
 * A store shown twice on one page counts once, as first shown.
 */
import { type ParsedSnapshot, type SkippedEntry, type SnapshotContext, type StoreObservation, statedRate } from './observation.ts';
import { parseRateText } from './parse-rate-text.ts';

/** One store as a page shows it. */
export interface StoreTile {
  readonly storeName: string;
  /** The texts shown with the store, in page order. */
  readonly wordings: readonly string[];
}

export function tileObservations(tiles: readonly StoreTile[], context: SnapshotContext): ParsedSnapshot {
  const observations = new Map<string, StoreObservation>();
  const skipped = new Map<string, SkippedEntry>();
  const dated = { observedOn: context.observedOn, source: context.source };
  for (const { storeName, wordings } of tiles) {
    if (storeName === '' || observations.has(storeName)) continue;
    const rate = wordings.map(parseRateText).find((candidate) => candidate !== null);
    if (!rate) {
      if (!skipped.has(storeName)) skipped.set(storeName, { portal: context.portal, storeName, reason: 'no rate shown', ...dated });
      continue;
    }
    skipped.delete(storeName);
    observations.set(storeName, statedRate(context, storeName, null, rate));
  }
  return { observations: [...observations.values()], skipped: [...skipped.values()] };
}
