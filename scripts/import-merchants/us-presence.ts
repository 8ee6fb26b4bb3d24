/** Where an NSI entry operates, read from its location set: the US-only rule of dataset/sources/README.md. */
import type { NsiItem } from './nsi-types.ts';

/** NSI region codes (UN M49) whose area contains the United States. */
const US_REGIONS = new Set(['001', '019', '021', '003']);
/** US territories, which NSI writes as their own ISO codes. */
const US_TERRITORIES = new Set(['pr', 'gu', 'vi', 'as', 'mp', 'um']);

/** 2 = whole US (us, or a region containing it without excluding us), 1 = US states or territories only, 0 = not in the US. */
export function usPresence(locationSet: NsiItem['locationSet']): number {
  const include = locationCodes(locationSet.include);
  const exclude = locationCodes(locationSet.exclude);
  if (exclude.includes('us')) return include.some(isUsStateOrTerritory) ? 1 : 0;
  if (include.includes('us') || include.some((c) => US_REGIONS.has(c))) return 2;
  return include.some(isUsStateOrTerritory) ? 1 : 0;
}

/** The country, region and area-file codes of a location list, lower case and without `.geojson`; point-and-radius locations are skipped. */
export function locationCodes(list: unknown[] | undefined): string[] {
  return (list ?? []).filter((x): x is string => typeof x === 'string').map((x) => x.toLowerCase().replace(/\.geojson$/, ''));
}

function isUsStateOrTerritory(code: string): boolean {
  return code.startsWith('us-') || US_TERRITORIES.has(code);
}
