/** Section 2 of dataset/sources/README.md: the airline, car rental and hotel chains the MCC list names. */
import { field, type Row } from './internal/csv-row.ts';
import { IMPORT_DATE, type Merchant } from './merchant.ts';
import type { Wikidata } from './nsi-types.ts';
import { uniqueDomains } from './registrable-domain.ts';
import { slugify } from './slugify.ts';
import { RANK_TIERS } from './rank-tiers.ts';
import { wikidataDomains } from './wikidata-domains.ts';

/**
 * Applies the committed cleaning table of brand names in the MCC list (rows of mcc-list-names.csv):
 * merges with NSI brands by Wikidata id (updating them in place) or returns them as new rows.
 */
export function importMccList(
  rows: readonly Row[],
  nsiByQid: ReadonlyMap<string, Merchant>,
  wikidata: Wikidata,
  mccCodes: ReadonlySet<string>,
): Merchant[] {
  const added: Merchant[] = [];
  for (const row of rows) {
    if (field(row, 'action') !== 'keep') continue;
    const code = field(row, 'code');
    if (!mccCodes.has(code)) throw new Error(`mcc-list-names.csv: unknown MCC ${code}`);
    const qid = field(row, 'wikidata');
    const tableDomains = uniqueDomains(field(row, 'domains').split(';'), true);
    const name = field(row, 'name');
    const nsiMerchant = qid !== '' ? nsiByQid.get(qid) : undefined;
    if (nsiMerchant !== undefined) {
      // Same brand as an NSI row: the chain's own MCC and the cleaned name win, the NSI identity stays.
      nsiMerchant.mcc = code;
      nsiMerchant.name = name;
      nsiMerchant.slug = slugify(name);
      if (tableDomains.length > 0) {
        nsiMerchant.domains = tableDomains;
        nsiMerchant.explicitDomains = true;
      }
      continue;
    }
    const fromWikidata = qid !== '' ? wikidataDomains(wikidata[qid]) : [];
    const domains = tableDomains.length > 0 ? tableDomains : fromWikidata;
    added.push({
      slug: slugify(name),
      name,
      mcc: code,
      domains,
      explicitDomains: tableDomains.length > 0,
      source: 'mcc-list',
      sourceRef: code,
      asOf: IMPORT_DATE,
      rankHint: undefined,
      tier: domains.length > 0 ? RANK_TIERS.mccListWithDomain : RANK_TIERS.mccListWithoutDomain,
      itemCount: 0,
      areaCount: 0,
      siteCount: 0,
      slugSuffix: code,
    });
  }
  return added;
}
