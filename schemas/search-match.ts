/**
 * The one search of the service (docs/api.md, "Search index"): the home page's box (browser/search.ts),
 * the MCC widget (browser/mcc-widget.ts), both bundled from this module by
 * scripts/generate-browser-scripts.ts, and the MCP `search` tool (mcp/search-entries.ts). It reads
 * only the entries' fields, no I/O.
 *
 * A query matches, from best to worst: a word of the search vocabulary (dataset/search_terms.csv:
 * "gas" means the gas stations, not a utility whose name says "Gas") or a merchant's web domain
 * ("https://www.walmart.com/ip/1" is Walmart); the exact name; the start of a vocabulary word; the
 * start of a name; a word of a name; every word of the query somewhere in the entry; the name
 * containing it. Within a band: merchants by popularity, then MCC codes in order, then categories
 * and cards by name.
 */

/** What the search reads of an entry: the search index's entries (schemas/documents.ts) and MCP's cards. */
export type SearchTarget =
  | { readonly type: 'mcc'; readonly code: string; readonly name: string; readonly terms?: readonly string[] }
  | {
      readonly type: 'merchant';
      readonly slug: string;
      readonly name: string;
      readonly rank: number;
      readonly terms?: readonly string[];
      readonly domains?: readonly string[];
    }
  | { readonly type: 'category'; readonly slug: string; readonly name: string; readonly terms?: readonly string[] }
  | { readonly type: 'card'; readonly slug: string; readonly name: string; readonly issuer?: string };

/**
 * Whether an index entry's JSON record is a static file (an MCC, one of the 1,540 static merchants)
 * rather than a keyed route (a category, a merchant outside them): what a keyless reader can open.
 */
export function isStaticRecordEntry<Entry extends { readonly type: string; readonly path: string }>(
  entry: Entry,
): entry is Entry & { readonly type: 'mcc' | 'merchant' } {
  return (entry.type === 'mcc' || entry.type === 'merchant') && entry.path.endsWith('.json');
}

/** A query of up to four digits looks up MCC codes rather than names. */
const CODE_QUERY = /^\d{1,4}$/;
/** A query that is a web address or a host name: a scheme, or one word with a dot before letters. */
const ADDRESS_QUERY = /^[a-z][a-z0-9+.-]*:\/\/|^[^\s/]+\.[a-z]{2,}(?::\d+)?(?:[/?#]|$)/i;
/** Vocabulary words are matched by their start only from this many characters ("ga" is too short to mean gas). */
const TERM_PREFIX_MIN = 3;

/** The bands, best first. */
const Band = { Term: 0, Name: 1, TermStart: 2, NameStart: 3, NameWord: 4, AllWords: 5, Contains: 6 } as const;
type Band = (typeof Band)[keyof typeof Band];

const TYPE_ORDER: Readonly<Record<SearchTarget['type'], number>> = { merchant: 0, mcc: 1, category: 2, card: 3 };

/**
 * Text as the search compares it, the way a slug is made (dataset/README.md) but with spaces:
 * diacritics dropped, lower case, `&` as "and", apostrophes dropped, anything else but a-z and 0-9 a space.
 */
export function searchText(raw: string): string {
  return raw
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/**
 * The merchant's web host a query names, or undefined: the host of a URL or of `www.host/path`,
 * lower case, without `www.`, a port or a trailing dot.
 */
export function queryHost(raw: string): string | undefined {
  const query = raw.trim();
  if (!ADDRESS_QUERY.test(query)) return undefined;
  try {
    const host = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(query) ? query : `http://${query}`).hostname;
    return (
      host
        .toLowerCase()
        .replace(/\.$/, '')
        .replace(/^www\./, '') || undefined
    );
  } catch {
    return undefined;
  }
}

/** What an entry is matched on, worked out once per entry object (an index is searched at every keystroke). */
interface Prepared {
  readonly name: string;
  readonly compactName: string;
  readonly terms: readonly string[];
  readonly words: readonly string[];
}
const prepared = new WeakMap<SearchTarget, Prepared>();

function prepare(entry: SearchTarget): Prepared {
  let known = prepared.get(entry);
  if (known === undefined) {
    const name = searchText(entry.name);
    const terms = 'terms' in entry && entry.terms ? entry.terms.map(searchText) : [];
    const also = [entry.type === 'mcc' ? entry.code : entry.slug, entry.type === 'card' ? (entry.issuer ?? '') : '', ...terms];
    const words = [...new Set([name, ...also].flatMap((text) => searchText(text).split(' ')).filter(Boolean))];
    known = { name, compactName: name.replace(/ /g, ''), terms, words };
    prepared.set(entry, known);
  }
  return known;
}

/** The host and its parent domains down to two labels: `shop.example.co` → itself, `example.co`. */
function hostAndParents(host: string): string[] {
  const labels = host.split('.');
  return labels.slice(0, -1).map((_, index) => labels.slice(index).join('.'));
}

function bandOf(entry: SearchTarget, query: string, words: readonly string[]): Band | undefined {
  const { name, compactName, terms, words: known } = prepare(entry);
  const compactQuery = query.replace(/ /g, '');
  if (terms.includes(query)) return Band.Term;
  if (name === query || compactName === compactQuery) return Band.Name;
  if (query.length >= TERM_PREFIX_MIN && terms.some((term) => term.startsWith(query))) return Band.TermStart;
  if (name.startsWith(query)) return Band.NameStart;
  if (` ${name}`.includes(` ${query}`)) return Band.NameWord;
  if (words.length > 1 && words.every((word) => known.some((candidate) => candidate.startsWith(word)))) return Band.AllWords;
  if (compactName.includes(compactQuery)) return Band.Contains;
  return undefined;
}

/**
 * Within a band: merchants by popularity, MCC codes in order, then categories and cards, the shorter
 * name first (the query is more of it: "amex gold" is the Gold Card before the Business Gold Card), then by name.
 */
function compareWithinBand(a: SearchTarget, b: SearchTarget): number {
  if (a.type !== b.type) return TYPE_ORDER[a.type] - TYPE_ORDER[b.type];
  if (a.type === 'merchant' && b.type === 'merchant') return a.rank - b.rank;
  if (a.type === 'mcc' && b.type === 'mcc') return a.code < b.code ? -1 : a.code > b.code ? 1 : 0;
  return a.name.length - b.name.length || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
}

function ranked<Entry extends SearchTarget>(scored: [Band, Entry][]): Entry[] {
  return scored.sort((a, b) => a[0] - b[0] || compareWithinBand(a[1], b[1])).map(([, entry]) => entry);
}

/**
 * The entries the query finds, best first (the bands above). Digits: the MCC with that code
 * (zero-padded) first, then the codes that start with them. A web address: the merchant whose
 * domain is its host or a parent of it; without one, the address's name is searched ("walmart.ca" as
 * "walmart").
 */
export function searchEntries<Entry extends SearchTarget>(entries: readonly Entry[], raw: string): Entry[] {
  const trimmed = raw.trim();
  if (CODE_QUERY.test(trimmed)) {
    const code = trimmed.padStart(4, '0');
    return entries
      .filter((entry) => entry.type === 'mcc' && (entry.code === code || entry.code.startsWith(trimmed)))
      .sort((a, b) => Number(b.type === 'mcc' && b.code === code) - Number(a.type === 'mcc' && a.code === code));
  }
  const host = queryHost(trimmed);
  if (host !== undefined) {
    const candidates = hostAndParents(host);
    const owners = entries.filter((entry) => entry.type === 'merchant' && entry.domains?.some((domain) => candidates.includes(domain)));
    if (owners.length > 0) return ranked(owners.map((entry): [Band, Entry] => [Band.Term, entry]));
    // No merchant owns the host: search the name the address is made of (its label before the top-level domain).
    return searchEntries(entries, host.split('.').at(-2) ?? host);
  }
  const query = searchText(trimmed);
  if (query === '') return [];
  const words = query.split(' ');
  const scored: [Band, Entry][] = [];
  for (const entry of entries) {
    const band = bandOf(entry, query, words);
    if (band !== undefined) scored.push([band, entry]);
  }
  return ranked(scored);
}
