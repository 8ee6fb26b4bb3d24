/**
 * Imports shopping-portal store rates from the portals' own pages into dataset/portal_rates.csv,
 * and lists every store it could not use in dataset/sources/portal-stores-report.csv.
 *
 *   npm run import:portals -- --git hdg-utd/Myles=PATH --git jakeguillory/trakstr-scraper=PATH [--folder DIR]… [--out DIR]
 *
 * `--git` takes a clone or bare mirror of a public repository whose layout is known
 * (scripts/portals/known-layouts.ts); `--folder` a folder of freshly saved pages with an
 * `index.csv` (see dataset/sources/portals.md). Same inputs, same bytes.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { folderSnapshots } from './portals/folder-snapshots.ts';
import { gitSnapshots } from './portals/git-snapshots.ts';
import { importPortalRates } from './portals/import-portal-rates.ts';
import { portalRatesCsv, readExceptions, readMerchants, readReportedRates, reportCsv } from './portals/portal-csv.ts';
import type { Snapshot } from './portals/snapshot.ts';

function main(): void {
  const { values } = parseArgs({
    options: {
      git: { type: 'string', multiple: true, default: [] },
      folder: { type: 'string', multiple: true, default: [] },
      dataset: { type: 'string', default: 'dataset' },
      out: { type: 'string' },
    },
  });
  const snapshots: Snapshot[] = [];
  for (const spec of values.git) {
    const [repo, dir] = spec.split('=') as [string, string | undefined];
    if (!dir) throw new Error(`--git wants owner/name=PATH, got ${spec}`);
    snapshots.push(...gitSnapshots(repo, dir));
  }
  for (const folder of values.folder) snapshots.push(...folderSnapshots(folder));
  if (snapshots.length === 0) throw new Error('nothing to import: give --git owner/name=PATH or --folder DIR');
  const dataset = resolve(values.dataset);
  const result = importPortalRates({
    snapshots,
    reported: readReportedRates(join(dataset, 'sources/portal-rates-reported.csv')),
    merchants: readMerchants(join(dataset, 'merchants.csv')),
    exceptions: readExceptions(join(dataset, 'sources/portal-store-matches.csv')),
  });
  // --out sends both files elsewhere (tests, a dry run); by default they replace the dataset's.
  const out = values.out === undefined ? dataset : resolve(values.out);
  mkdirSync(join(out, 'sources'), { recursive: true });
  writeFileSync(join(out, 'portal_rates.csv'), portalRatesCsv(result.rates));
  writeFileSync(join(out, 'sources/portal-stores-report.csv'), reportCsv(result.report));
  const { stats } = result;
  const percent = ((100 * stats.matchedStores) / stats.stores).toFixed(1);
  console.log(`${stats.snapshots} snapshots, ${stats.observations} observations of ${stats.stores} (portal, store) pairs`);
  console.log(`matched ${stats.matchedStores} of ${stats.stores} stores (${percent} %): ${JSON.stringify(stats.matchedBy)}`);
  console.log(`portal_rates.csv: ${stats.rates} rates for ${stats.merchants} merchants; by portal ${JSON.stringify(stats.ratesByPortal)}`);
  console.log(`portal-stores-report.csv: ${result.report.length} lines`);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) main();
