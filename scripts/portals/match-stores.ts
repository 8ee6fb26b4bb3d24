/**
 * Decides which of our merchants a portal's store is: the reviewed exceptions first, then the
 * store's domain (the portal's own link, or a name that is itself a domain such as
 * "1800Flowers.com"), then the normalised name against our merchants' names and domain labels.
 * A name that fits several merchants is not guessed: it goes to the report as ambiguous.
 */
import { getDomain } from 'tldts';

/** The merchant facts matching needs. */
export interface MatchableMerchant {
  readonly slug: string;
  readonly name: string;
  readonly domains: readonly string[];
}

/** A reviewed decision (`dataset/sources/portal-store-matches.csv`); an empty merchant means "none of ours". */
export interface StoreException {
  /** Portal slug, or '' for every portal. */
  readonly portal: string;
  readonly storeName: string;
  readonly merchant: string;
  readonly reason: string;
}

/** How a store was matched, or why not. */
export type MatchResult =
  | { readonly kind: 'matched'; readonly merchant: string; readonly by: 'exception' | 'domain' | 'name' | 'domain-label' }
  | { readonly kind: 'excluded'; readonly reason: string }
  | { readonly kind: 'ambiguous'; readonly candidates: readonly string[] }
  | { readonly kind: 'unmatched' };

/** A store as matching sees it. */
export interface StoreKey {
  readonly portal: string;
  readonly storeName: string;
  readonly storeDomain: string | null;
}

/**
 * A name reduced to letters and digits: Unicode NFKD without diacritics, lower case, `&` read as
 * "and", apostrophes and every other character dropped ("Macy's" → "macys", "Bed Bath & Beyond" →
 * "bedbathandbeyond").
 */
export function compactName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&|\s\+\s/g, ' and ')
    .replace(/[^a-z0-9]/g, '');
}

/**
 * Words that qualify a brand without naming another business: a trailing "USA", "Online",
 * "Store", "Co.", "Inc.", "LLC", "Rent A Car" (also "Rent-A-Car"), "Hotels & Resorts", "by Choice
 * Hotels", after a space, a comma or a dash ("Brand - US", "Brand, Inc."); a leading "The".
 * Dropped only for the second, looser pass.
 */
const QUALIFIERS =
  /(([\s,]+|\s*[-–]\s*)(by\s+(choice\s+hotels|wyndham|marriott|hilton|ihg|radisson|hyatt)|us|usa|online|store|shop|official\s+site|inc\.?|co\.?|company|corp\.?|llc|ltd\.?|rent[\s-]+a[\s-]+car|car\s+rental|hotels?(\s*(&|and)\s*resorts)?|resorts?|cosmetics))+$/i;

/** A name without its qualifiers ("Alamo Rent A Car" → "Alamo", "The Home Depot" → "Home Depot"). */
export function looseName(name: string): string {
  return name
    .replace(/\.(com|net|org|us|co)$/i, '')
    .replace(/^the\s+/i, '')
    .replace(QUALIFIERS, '')
    .trim();
}

/** A matcher over our merchants and the reviewed exceptions. */
export function createStoreMatcher(merchants: readonly MatchableMerchant[], exceptions: readonly StoreException[]) {
  const known = new Set(merchants.map((m) => m.slug));
  for (const exception of exceptions) {
    if (exception.merchant !== '' && !known.has(exception.merchant)) {
      throw new Error(`portal store exception for "${exception.storeName}" names an unknown merchant ${exception.merchant}`);
    }
  }
  const byDomain = new Map<string, string>();
  const byName = new Map<string, Set<string>>();
  const byLabel = new Map<string, Set<string>>();
  const byLooseName = new Map<string, Set<string>>();
  const add = (index: Map<string, Set<string>>, key: string, slug: string) => {
    if (key === '') return;
    index.set(key, (index.get(key) ?? new Set()).add(slug));
  };
  for (const merchant of merchants) {
    add(byName, compactName(merchant.name), merchant.slug);
    add(byLooseName, compactName(looseName(merchant.name)), merchant.slug);
    for (const domain of merchant.domains) {
      byDomain.set(domain, merchant.slug);
      add(byLabel, compactName(domain.split('.')[0] ?? ''), merchant.slug);
    }
  }
  const exceptionFor = (store: StoreKey) =>
    exceptions.find((e) => e.portal === store.portal && e.storeName === store.storeName) ??
    exceptions.find((e) => e.portal === '' && e.storeName === store.storeName);

  /** The merchant a store is, or why there is none. */
  return function matchStore(store: StoreKey): MatchResult {
    const exception = exceptionFor(store);
    if (exception) {
      return exception.merchant === ''
        ? { kind: 'excluded', reason: exception.reason }
        : { kind: 'matched', merchant: exception.merchant, by: 'exception' };
    }
    for (const domain of [store.storeDomain, domainInName(store.storeName)]) {
      const slug = domain === null ? undefined : byDomain.get(domain);
      if (slug !== undefined) return { kind: 'matched', merchant: slug, by: 'domain' };
    }
    const key = compactName(store.storeName.replace(/\.(com|net|org|us|co)$/i, ''));
    const loose = compactName(looseName(store.storeName));
    for (const [index, by, name] of [
      [byName, 'name', key],
      [byLabel, 'domain-label', key],
      [byLooseName, 'name', loose],
      [byLabel, 'domain-label', loose],
    ] as const) {
      const candidates = [...(index.get(name) ?? [])].sort();
      if (candidates.length === 1) return { kind: 'matched', merchant: candidates[0]!, by };
      if (candidates.length > 1) return { kind: 'ambiguous', candidates };
    }
    return { kind: 'unmatched' };
  };
}

/** "1800Flowers.com" → "1800flowers.com"; a name that is not a domain gives null. */
function domainInName(name: string): string | null {
  const candidate = name.trim().toLowerCase();
  return /^[a-z0-9][a-z0-9.-]*\.[a-z]{2,}$/.test(candidate) ? getDomain(candidate) : null;
}
