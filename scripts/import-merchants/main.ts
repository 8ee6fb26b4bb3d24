/**
 * Builds dataset/merchants.csv from the name-suggestion-index (NSI) brands and operators (utilities,
 * transit agencies, hospitals, …), the brand names in the MCC list, and the hand-curated merchant files;
 * dataset/sources/README.md describes every step. Deterministic: the same inputs always give the same bytes.
 * Run: npm run import:merchants. DUMP=file.tsv writes the rows before overrides; VERBOSE=1 lists the
 * shared domains given to nobody.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { applyOverrides } from './apply-overrides.ts';
import { assignSlugs } from './assign-slugs.ts';
import { dropKnownOperators } from './drop-known-operators.ts';
import { importCurated } from './import-curated.ts';
import { importMccList } from './import-mcc-list.ts';
import { importNsi } from './import-nsi.ts';
import { importOperators } from './import-operators.ts';
import type { Merchant } from './merchant.ts';
import { merchantsCsv } from './merchants-csv.ts';
import { rankMerchants } from './rank-merchants.ts';
import { readSources } from './read-sources.ts';
import { resolveDomains } from './resolve-domains.ts';
import { validateMerchants } from './validate-merchants.ts';

/** The repository root: two levels above this folder. */
const ROOT = join(import.meta.dirname, '..', '..');

/** Runs the whole import under `root` and writes `root`/dataset/merchants.csv. */
export function main(root = ROOT, env: NodeJS.ProcessEnv = process.env): void {
  const sources = readSources(root);
  const { wikidata, mccCodes } = sources;
  const nsi = importNsi(sources.nsi, sources.dissolved, sources.tagRules, wikidata);
  const mccList = importMccList(sources.mccListNames, nsi, wikidata, mccCodes);
  const curated = importCurated(sources.curatedFiles, mccCodes);
  for (const line of curated.skipped) console.log(line);
  const operators = importOperators(sources, new Set(nsi.keys()), mccCodes);
  const known = dropKnownOperators(operators, [...nsi.values(), ...mccList, ...curated.merchants]);
  console.log(`operators: ${operators.size} kept, ${known} already in the table under another record`);
  const slugged = assignSlugs(curated.merchants, [...nsi.values(), ...mccList, ...operators.values()]);
  const dump = env['DUMP'];
  if (dump !== undefined) writeFileSync(dump, dumpTsv(slugged.values()));
  const merchants = [...applyOverrides(slugged, sources.overrides, mccCodes).values()];
  const dropped = resolveDomains(merchants);
  validateMerchants(merchants, mccCodes);
  writeFileSync(join(root, 'dataset', 'merchants.csv'), merchantsCsv(merchants, rankMerchants(merchants)));
  report(merchants, dropped, env['VERBOSE'] !== undefined);
}

/** The rows before overrides, one per line, to look up the slug an override must name. */
function dumpTsv(merchants: Iterable<Merchant>): string {
  return [...merchants]
    .map((m) => [m.slug, m.name, m.mcc, m.source, m.sourceRef, m.tier, m.itemCount, m.domains.join(';')].join('\t'))
    .sort()
    .join('\n');
}

function report(merchants: readonly Merchant[], dropped: readonly string[], verbose: boolean): void {
  const bySource = new Map<string, number>();
  for (const m of merchants) bySource.set(m.source, (bySource.get(m.source) ?? 0) + 1);
  console.log(`merchants.csv: ${merchants.length} rows`, Object.fromEntries([...bySource.entries()].sort()));
  console.log(`with domains: ${merchants.filter((m) => m.domains.length > 0).length}`);
  console.log(`shared domains given to no merchant: ${dropped.length}`);
  if (verbose) for (const d of dropped) console.log(`  ${d}`);
}

// Only when run as a script: importing this module (tests, other importers) runs nothing.
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) main();
