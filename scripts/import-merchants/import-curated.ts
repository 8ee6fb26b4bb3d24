/** Section 3 of dataset/sources/README.md: the hand-curated merchants (curated-merchants*.csv). */
import { compareStrings } from './internal/compare-strings.ts';
import { field, type Row } from './internal/csv-row.ts';
import { IMPORT_DATE, type Merchant } from './merchant.ts';
import { uniqueDomains } from './registrable-domain.ts';
import { slugify } from './slugify.ts';
import { RANK_TIERS } from './rank-tiers.ts';

/** The main curated file: read first, and its rows are the hand-picked head. */
const MAIN_FILE = 'curated-merchants.csv';

/** One curated file by name, with its rows. */
export interface CuratedFile {
  file: string;
  rows: readonly Row[];
}

/**
 * Reads the curated files: curated-merchants.csv first, then the others in file-name order; a slug
 * already read from an earlier file is skipped and reported in `skipped`.
 */
export function importCurated(files: readonly CuratedFile[], mccCodes: ReadonlySet<string>): { merchants: Merchant[]; skipped: string[] } {
  const ordered = [...files].sort((a, b) => (a.file === MAIN_FILE ? -1 : b.file === MAIN_FILE ? 1 : compareStrings(a.file, b.file)));
  const merchants: Merchant[] = [];
  const skipped: string[] = [];
  const seen = new Set<string>();
  for (const { file, rows } of ordered) {
    for (const row of rows) {
      const mcc = field(row, 'mcc');
      const slug = field(row, 'slug') || slugify(field(row, 'name'));
      if (seen.has(slug)) {
        skipped.push(`${file}: ${slug} already curated, skipped`);
        continue;
      }
      seen.add(slug);
      if (!mccCodes.has(mcc)) throw new Error(`${file}: ${slug} has unknown MCC ${mcc}`);
      const hint = field(row, 'rank_hint');
      merchants.push({
        slug,
        name: field(row, 'name'),
        mcc,
        domains: uniqueDomains(field(row, 'domains').split(';'), true),
        explicitDomains: true,
        source: 'curated',
        sourceRef: field(row, 'source_ref'),
        asOf: field(row, 'as_of') || IMPORT_DATE,
        rankHint: hint === '' ? undefined : Number(hint),
        tier: file === MAIN_FILE ? RANK_TIERS.curatedHead : RANK_TIERS.supplementaryCurated,
        itemCount: 0,
        areaCount: 0,
        siteCount: 0,
        slugSuffix: '',
      });
    }
  }
  return { merchants, skipped };
}
