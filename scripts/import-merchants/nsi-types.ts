/** The shapes read from the name-suggestion-index package (nsi.json, wikidata.json, dissolved.json). */

/** One NSI entry: a brand or operator under one tag, with where it operates. */
export interface NsiItem {
  id: string;
  displayName: string;
  locationSet: { include?: unknown[]; exclude?: unknown[] };
  tags: Record<string, string>;
}

/** nsi.json's tree: path (`brands/shop/clothes`, `operators/power/line`, …) → its entries. */
export type NsiTree = Record<string, { items: NsiItem[] }>;

/** What NSI's Wikidata extract says about one organisation. */
export interface WikidataEntry {
  label?: string;
  identities?: { website?: string };
  officialWebsites?: string[];
  dissolutions?: { date: string }[];
}

/** wikidata.json: Wikidata id → entry. */
export type Wikidata = Record<string, WikidataEntry>;

/** dissolved.json: NSI entry id → the dates NSI knows the entry's brand was dissolved. */
export type Dissolutions = Record<string, { date: string }[]>;
