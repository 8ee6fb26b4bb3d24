/** What the portal importers read from one store-list snapshot, before any matching or summarising. */

/** How a portal states a store's rate. */
export type RateUnit = 'percent' | 'miles_per_dollar' | 'points_per_dollar' | 'usd_flat' | 'miles_flat' | 'points_flat';

/** One store's rate as one snapshot shows it. */
export interface StoreObservation {
  /** Portal slug (`portals.csv`). */
  readonly portal: string;
  /** The store's name as the portal writes it. */
  readonly storeName: string;
  /** The store's registrable domain when the portal's own page names it (Rakuten does), else null. */
  readonly storeDomain: string | null;
  /**
   * The rate, or null when the snapshot shows it ambiguously (the trakstr scraper dropped the
   * integer part of decimals); then `atLeast` bounds it from below.
   */
  readonly rate: number | null;
  readonly atLeast: number | null;
  readonly unit: RateUnit;
  /** The portal wrote "Up to" in front of the rate: a ceiling over the store's categories. */
  readonly upTo: boolean;
  readonly observedOn: string;
  /** `owner/repo@commit:path` or the page's URL. */
  readonly source: string;
}

/** A rate the page states plainly (no lower bound), as one snapshot shows it for one store. */
export function statedRate(
  context: SnapshotContext,
  storeName: string,
  storeDomain: string | null,
  rate: { readonly rate: number; readonly unit: RateUnit; readonly upTo: boolean },
): StoreObservation {
  return {
    portal: context.portal,
    storeName,
    storeDomain,
    rate: rate.rate,
    atLeast: null,
    unit: rate.unit,
    upTo: rate.upTo,
    observedOn: context.observedOn,
    source: context.source,
  };
}

/** A store entry a snapshot lists without a usable online rate, kept for the report. */
export interface SkippedEntry {
  readonly portal: string;
  readonly storeName: string;
  readonly reason: 'no rate shown' | 'in-store only' | 'no discount' | 'coupons only' | 'unreadable rate';
  readonly observedOn: string;
  readonly source: string;
}

/** Everything one snapshot gave. */
export interface ParsedSnapshot {
  readonly observations: readonly StoreObservation[];
  readonly skipped: readonly SkippedEntry[];
}

/** Where a snapshot came from: enough to parse it and to cite it. */
export interface SnapshotContext {
  readonly portal: string;
  readonly observedOn: string;
  readonly source: string;
}
