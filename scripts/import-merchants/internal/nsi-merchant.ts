import { IMPORT_DATE, type Merchant } from '../merchant.ts';
import type { WikidataEntry } from '../nsi-types.ts';
import { slugify } from '../slugify.ts';
import { wikidataDomains } from '../wikidata-domains.ts';
import type { NsiBreadth } from './nsi-breadth.ts';

/** The merchant an NSI organisation becomes: `own` is what differs between brands and operators; source, id, domains and breadth come from NSI. */
export function nsiMerchant(
  qid: string,
  entry: WikidataEntry | undefined,
  breadth: NsiBreadth,
  own: Pick<Merchant, 'name' | 'mcc' | 'tier' | 'slugSuffix'>,
): Merchant {
  return {
    slug: slugify(own.name),
    name: own.name,
    mcc: own.mcc,
    domains: wikidataDomains(entry),
    explicitDomains: false,
    source: 'nsi',
    sourceRef: qid,
    asOf: IMPORT_DATE,
    rankHint: undefined,
    tier: own.tier,
    itemCount: breadth.itemCount(qid),
    areaCount: breadth.areaCount(qid),
    siteCount: entry?.officialWebsites?.length ?? 0,
    slugSuffix: own.slugSuffix,
  };
}
