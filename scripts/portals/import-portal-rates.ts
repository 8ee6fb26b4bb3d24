/**
 * The importer's core: snapshots in, `portal_rates.csv` rows and the report of everything not
 * imported out. Reads snapshots through their `read()`, touches nothing else.
 */
import type { SkippedEntry, StoreObservation } from './observation.ts';
import { createStoreMatcher, type MatchableMerchant, type MatchResult, type StoreException } from './match-stores.ts';
import { parseSnapshot, type Snapshot } from './snapshot.ts';
import { summariseRates, type PortalRate } from './summarise-rates.ts';

/** One line of the report: a store (or store entry) that gave no rate, and why. */
export interface ReportLine {
  readonly portal: string;
  readonly storeName: string;
  readonly storeDomain: string;
  readonly outcome: 'unmatched' | 'ambiguous' | 'excluded' | SkippedEntry['reason'] | 'rate undetermined';
  readonly detail: string;
  readonly firstObservedOn: string;
  readonly lastObservedOn: string;
  readonly snapshots: number;
  readonly lastSource: string;
}

/** Counts for the summary line and the docs. */
export interface ImportStats {
  readonly snapshots: number;
  readonly observations: number;
  /** Distinct (portal, store name) pairs with at least one readable rate. */
  readonly stores: number;
  readonly matchedStores: number;
  readonly matchedBy: Readonly<Record<string, number>>;
  readonly rates: number;
  readonly merchants: number;
  readonly ratesByPortal: Readonly<Record<string, number>>;
}

export interface ImportResult {
  readonly rates: readonly PortalRate[];
  readonly report: readonly ReportLine[];
  readonly stats: ImportStats;
}

export interface ImportInput {
  readonly snapshots: readonly Snapshot[];
  /** Rates read from other dated pages (reviewers' articles), already as observations. */
  readonly reported: readonly StoreObservation[];
  readonly merchants: readonly MatchableMerchant[];
  readonly exceptions: readonly StoreException[];
}

/** Imports every snapshot: parse, match, summarise. Deterministic for the same input. */
export function importPortalRates(input: ImportInput): ImportResult {
  const observations: StoreObservation[] = [...input.reported];
  const skipped: SkippedEntry[] = [];
  for (const snapshot of input.snapshots) {
    const parsed = parseSnapshot(snapshot);
    observations.push(...parsed.observations);
    skipped.push(...parsed.skipped);
  }
  const matchStore = createStoreMatcher(input.merchants, input.exceptions);
  const byStore = groupBy(observations, (o) => `${o.portal}\u0000${o.storeName}`);
  const byMerchant = new Map<string, StoreObservation[]>();
  const report: ReportLine[] = [];
  const matchedBy: Record<string, number> = {};
  for (const [, list] of byStore) {
    const first = list[0]!;
    const domain = list.find((o) => o.storeDomain !== null)?.storeDomain ?? null;
    const result = matchStore({ portal: first.portal, storeName: first.storeName, storeDomain: domain });
    if (result.kind === 'matched') {
      matchedBy[result.by] = (matchedBy[result.by] ?? 0) + 1;
      const key = `${first.portal}\u0000${result.merchant}`;
      const merged = byMerchant.get(key);
      if (merged) merged.push(...list);
      else byMerchant.set(key, [...list]);
      continue;
    }
    report.push(reportLine(list, domain, result.kind, detailOf(result)));
  }
  const rates: PortalRate[] = [];
  for (const [key, list] of byMerchant) {
    const merchant = key.split('\u0000')[1]!;
    const summary = summariseRates(merchant, list);
    if ('rate' in summary) rates.push(summary);
    else {
      const stores = list.filter((o) => o.storeName === summary.storeName);
      report.push(reportLine(stores, null, 'rate undetermined', `matched ${merchant}; every value the scrape kept is a misread "5"`));
    }
  }
  // Entries without a usable rate: reported unless the same store has a rate somewhere in the sources.
  const rated = new Set(byStore.keys());
  for (const [key, list] of groupBy(skipped, (s) => `${s.portal}\u0000${s.storeName}\u0000${s.reason}`)) {
    if (rated.has(key.split('\u0000').slice(0, 2).join('\u0000'))) continue;
    report.push(reportLine(list, null, list[0]!.reason, ''));
  }
  rates.sort((a, b) => compare(a.portal, b.portal) || compare(a.merchant, b.merchant));
  report.sort((a, b) => compare(a.portal, b.portal) || compare(a.storeName, b.storeName) || compare(a.outcome, b.outcome));
  const ratesByPortal: Record<string, number> = {};
  for (const rate of rates) ratesByPortal[rate.portal] = (ratesByPortal[rate.portal] ?? 0) + 1;
  const matchedStores = Object.values(matchedBy).reduce((sum, n) => sum + n, 0);
  return {
    rates,
    report,
    stats: {
      snapshots: input.snapshots.length,
      observations: observations.length,
      stores: byStore.size,
      matchedStores,
      matchedBy,
      rates: rates.length,
      merchants: new Set(rates.map((r) => r.merchant)).size,
      ratesByPortal,
    },
  };
}

function detailOf(result: Exclude<MatchResult, { kind: 'matched' }>): string {
  if (result.kind === 'ambiguous') return `fits ${result.candidates.join(' ')}`;
  if (result.kind === 'excluded') return result.reason;
  return '';
}

function reportLine(
  list: readonly { portal: string; storeName: string; observedOn: string; source: string }[],
  domain: string | null,
  outcome: ReportLine['outcome'],
  detail: string,
): ReportLine {
  const sorted = [...list].sort((a, b) => compare(a.observedOn, b.observedOn) || compare(a.source, b.source));
  const last = sorted[sorted.length - 1]!;
  return {
    portal: last.portal,
    storeName: last.storeName,
    storeDomain: domain ?? '',
    outcome,
    detail,
    firstObservedOn: sorted[0]!.observedOn,
    lastObservedOn: last.observedOn,
    snapshots: new Set(sorted.map((o) => o.source)).size,
    lastSource: last.source,
  };
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = groups.get(k);
    if (list) list.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
