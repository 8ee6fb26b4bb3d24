/** Small real inputs for the merchant import's unit tests (test/import-merchants.test.ts). */
import { IMPORT_DATE, type Merchant } from '../../scripts/import-merchants/merchant.ts';
import type { BrandEntry } from '../../scripts/import-merchants/choose-entry.ts';
import type { NsiItem, WikidataEntry } from '../../scripts/import-merchants/nsi-types.ts';
import { parseTagRules, type TagRule } from '../../scripts/import-merchants/tag-rules.ts';
import { RANK_TIERS } from '../../scripts/import-merchants/rank-tiers.ts';

/** A merchant with neutral defaults: only what a test names matters. */
export function merchant(slug: string, fields: Partial<Merchant> = {}): Merchant {
  const identity = { slug, name: slug, mcc: '5999', domains: [], explicitDomains: false, source: 'nsi', sourceRef: `Q-${slug}` } as const;
  const rank = {
    asOf: IMPORT_DATE,
    rankHint: undefined,
    tier: RANK_TIERS.nationalBrand,
    itemCount: 1,
    areaCount: 1,
    siteCount: 1,
    slugSuffix: '',
  };
  return { ...identity, domains: [], ...rank, ...fields };
}

/** Rows of dataset/sources/osm-tag-mcc.csv as committed (note column left out). */
export const TAG_RULES = parseTagRules([
  { tag: 'amenity=car_wash', mcc: '7542', priority: '40', rank: '' },
  { tag: 'amenity=fuel', mcc: '5541', priority: '35', rank: '' },
  { tag: 'shop=clothes', mcc: '5651', priority: '30', rank: '' },
  { tag: 'shop=clothes+clothes=women', mcc: '5621', priority: '30', rank: '' },
  { tag: 'shop=convenience', mcc: '5499', priority: '40', rank: '' },
  { tag: 'shop=wholesale', mcc: '5300', priority: '10', rank: '' },
]);
export const rule = (tag: string): TagRule => TAG_RULES.find((r) => `${r.key}=${r.value}` === tag.split('+')[0] && r.subKey === '')!;

/** Costco's entries in NSI 8.0.20260918 (brand:wikidata Q715583), trimmed to the fields the import reads. */
function costco(id: string, displayName: string, include: string[], tags: Record<string, string> = {}): NsiItem {
  return { id, displayName, locationSet: { include }, tags: { brand: 'Costco', 'brand:wikidata': 'Q715583', ...tags } };
}
/** Costco's entries in NSI and its Wikidata entry. */
export const COSTCO = {
  store: costco('costco-69a5bf', 'Costco', ['au', 'ca', 'es', 'fr', 'gb', 'is', 'kr', 'mx', 'nz', 'se', 'us']),
  businessCenter: costco('costcobusinesscenter-98b10d', 'Costco Business Center', ['us']),
  gasoline: costco('costcogasoline-53e77b', 'Costco Gasoline', ['au', 'ca', 'gb', 'us']),
  carWash: costco('costco-244496', 'Costco', ['us']),
  japan: costco('costco-db891f', 'コストコ', ['jp'], { 'brand:en': 'Costco' }),
  wikidata: {
    label: 'Costco',
    identities: { website: 'https://www.costco.com/' },
    officialWebsites: ['https://www.costco.com/', 'https://www.costco.co.uk/', 'https://www.costco.ca/', 'https://tires.costco.com/'],
  } satisfies WikidataEntry,
};

/** A US brand entry of Costco's under `tag`; named like the Wikidata label when its display name is "Costco". */
export function costcoEntry(item: NsiItem, tag: string, presence = 2): BrandEntry {
  return { item, rule: rule(tag), tag, presence, labelMatch: item.displayName === 'Costco' };
}

/** Amazon's row in dataset/sources/curated-merchants.csv (note column left out). */
export const AMAZON_CURATED_ROW = {
  slug: 'amazon',
  name: 'Amazon',
  mcc: '5942',
  domains: 'amazon.com',
  source: 'curated',
  source_ref: 'https://everydaysolver.com/audit/what-is-amzn-mktp-us-charge',
  as_of: '2026-11-22',
  rank_hint: '1',
};
