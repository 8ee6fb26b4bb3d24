/** The importer's files: `portal_rates.csv`, the report of stores not imported, and the inputs it reads from the dataset. */
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { toCsv } from '../../generator/dataset/csv.ts';
import { portalRateRow } from '../../schemas/dataset.ts';
import type { ReportLine } from './import-portal-rates.ts';
import type { MatchableMerchant, StoreException } from './match-stores.ts';
import type { RateUnit, StoreObservation } from './observation.ts';
import type { PortalRate } from './summarise-rates.ts';

/** The columns of `portal_rates.csv`, in order: the dataset schema's, the one definition of the table. */
export const PORTAL_RATE_COLUMNS = Object.keys(portalRateRow.properties) as (keyof typeof portalRateRow.properties)[];

/** `portal_rates.csv`, rows in the given (sorted) order. */
export function portalRatesCsv(rates: readonly PortalRate[]): string {
  return toCsv(
    PORTAL_RATE_COLUMNS,
    rates.map((r) => [
      r.portal,
      r.merchant,
      r.storeName,
      r.rate,
      r.unit,
      r.upTo ? 'true' : 'false',
      r.basis,
      r.windowFrom,
      r.windowTo,
      r.observations,
      r.observedOn,
      r.source,
    ]),
  );
}

/** The report of stores and entries that gave no rate, one line each, with why. */
export function reportCsv(lines: readonly ReportLine[]): string {
  return toCsv(
    ['portal', 'store_name', 'store_domain', 'outcome', 'detail', 'first_observed_on', 'last_observed_on', 'snapshots', 'last_source'],
    lines.map((l) => [
      l.portal,
      l.storeName,
      l.storeDomain,
      l.outcome,
      l.detail,
      l.firstObservedOn,
      l.lastObservedOn,
      l.snapshots,
      l.lastSource,
    ]),
  );
}

const readRows = (path: string) => parse(readFileSync(path, 'utf8'), { columns: true, skip_empty_lines: true }) as Record<string, string>[];

/** Our merchants from `merchants.csv`. */
export function readMerchants(path: string): MatchableMerchant[] {
  return readRows(path).map((row) => ({
    slug: row['slug'] ?? '',
    name: row['name'] ?? '',
    domains: (row['domains'] ?? '').split(';').filter((d) => d !== ''),
  }));
}

/** The reviewed exceptions (`portal,store_name,merchant,reason`). */
export function readExceptions(path: string): StoreException[] {
  return readRows(path).map((row) => ({
    portal: row['portal'] ?? '',
    storeName: row['store_name'] ?? '',
    merchant: row['merchant'] ?? '',
    reason: row['reason'] ?? '',
  }));
}

const UNITS: readonly RateUnit[] = ['percent', 'miles_per_dollar', 'points_per_dollar', 'usd_flat', 'miles_flat', 'points_flat'];

/** Rates read from other dated pages (`portal,store_name,store_domain,rate,unit,up_to,observed_on,source`). */
export function readReportedRates(path: string): StoreObservation[] {
  return readRows(path).map((row, index) => {
    const unit = UNITS.find((u) => u === row['unit']);
    const rate = Number(row['rate']);
    if (unit === undefined || !(rate > 0))
      throw new Error(`${path}:${index + 2}: rate and unit must be a positive number and one of ${UNITS.join(', ')}`);
    return {
      portal: row['portal'] ?? '',
      storeName: row['store_name'] ?? '',
      storeDomain: row['store_domain'] || null,
      rate,
      atLeast: null,
      unit,
      upTo: row['up_to'] === 'true',
      observedOn: row['observed_on'] ?? '',
      source: row['source'] ?? '',
    };
  });
}
