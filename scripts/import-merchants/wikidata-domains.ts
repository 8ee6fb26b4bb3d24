import type { WikidataEntry } from './nsi-types.ts';
import { uniqueDomains } from './registrable-domain.ts';

/** A brand's domains from Wikidata: its website, else an official .com/.us site, else the first official site; plus a same-name .us site. */
export function wikidataDomains(entry: WikidataEntry | undefined): string[] {
  if (entry === undefined) return [];
  const primary = uniqueDomains([entry.identities?.website ?? '']);
  const official = uniqueDomains(entry.officialWebsites ?? []);
  const first = primary[0] ?? official.find((d) => d.endsWith('.com') || d.endsWith('.us')) ?? official[0];
  if (first === undefined) return [];
  // A same-name .us site is the only other domain taken: foreign country sites are left out.
  const label = first.split('.')[0] ?? '';
  const usSite = official.filter((d) => d !== first && d === `${label}.us`);
  return [first, ...usSite];
}
