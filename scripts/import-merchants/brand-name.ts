/** The display name of an NSI brand or operator. */
import type { NsiItem, WikidataEntry } from './nsi-types.ts';

/** Country qualifiers NSI adds to tell a US brand from a same-named foreign one. */
const US_QUALIFIER = /\s*\((USA|US|United States|North America)\)$/;

/** NSI's display name (it disambiguates same-named brands); the English brand when the display name is not in Latin script. */
export function brandName(item: NsiItem): string {
  const english = item.tags['brand:en'] ?? item.tags['name:en'] ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the range starts at U+0000 to mean "any Latin character"
  if (english !== '' && /[^\u0000-\u024f\u2019]/.test(item.displayName)) return english;
  return item.displayName.replace(US_QUALIFIER, '');
}

/** An operator's name: its Wikidata label (NSI display names of operators are often abbreviations), else NSI's. */
export function operatorName(item: NsiItem, entry: WikidataEntry | undefined): string {
  const label = (entry?.label ?? '').replace(US_QUALIFIER, '').trim();
  return label !== '' ? label : brandName(item);
}

/** A name without a trailing parenthesised qualifier, lower case: to compare an NSI name with a Wikidata label. */
export function plainName(name: string): string {
  return name
    .replace(/\s*\([^)]*\)\s*$/, '')
    .trim()
    .toLowerCase();
}
