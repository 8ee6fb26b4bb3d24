/**
 * What the `search` tool looks through: the static search index (`/api/search.json`: MCCs, merchants
 * and bonus categories, with the vocabulary words and web domains that find them) and every card of
 * the paged card list. The matching is the site's own (schemas/search-match.ts).
 */
import { keyedTarget } from '../schemas/keyed-routes.ts';
import type { AnswerRequest } from './route-answer.ts';
import type { SearchIndexEntry } from '../schemas/documents.ts';
import { PUBLIC_FILES } from '../schemas/public-files.ts';
import { type SearchTarget, searchEntries as matchEntries } from '../schemas/search-match.ts';

/** One search result: an MCC, a merchant, a bonus category or a card, with the id the other tools take. */
export interface SearchResult {
  readonly type: 'mcc' | 'merchant' | 'category' | 'card';
  readonly id: string;
  readonly name: string;
  /** Its JSON record: a static file (MCCs, the 1,540 static merchants) or a keyed route. */
  readonly path: string;
}

/** A result with what the search matches it on. */
export type SearchEntry = SearchResult & { readonly target: SearchTarget };

/** Read once per build (the key the caller names): a build never changes under it. */
const read = new WeakMap<object, Promise<SearchEntry[] | undefined>>();

/**
 * Every entry of the build `build` names, read through `answer` the first time and kept: a search
 * or a resource listing reuses them. Undefined when the build has no search index.
 */
export function searchEntries(build: object, answer: AnswerRequest): Promise<SearchEntry[] | undefined> {
  let entries = read.get(build);
  if (entries === undefined) {
    entries = readSearchEntries(answer);
    read.set(build, entries);
    // A read that failed (a store outage refusing the card list, say) is not kept: the next search tries again.
    entries.catch(() => read.delete(build));
  }
  return entries;
}

async function readSearchEntries(answer: AnswerRequest): Promise<SearchEntry[] | undefined> {
  const index = await answer(PUBLIC_FILES.searchIndex);
  if (index.kind !== 'document') return undefined;
  const entries: SearchEntry[] = [];
  for (const target of JSON.parse(index.bytes.toString('utf8')) as SearchIndexEntry[]) {
    const id = target.type === 'mcc' ? target.code : target.slug;
    entries.push({ type: target.type, id, name: target.name, path: target.path, target });
  }
  // The card list is paged; follow it to its last page.
  for (let page = 1; ; page += 1) {
    const reply = await answer(keyedTarget('cards-list', {}, { page: String(page) }));
    if (reply.kind !== 'document') break;
    const doc = JSON.parse(reply.bytes.toString('utf8')) as {
      data: { slug: string; name: string; issuer_name?: string }[];
      total_pages: number;
    };
    for (const card of doc.data) {
      const target: SearchTarget = { type: 'card', slug: card.slug, name: card.name, issuer: card.issuer_name ?? '' };
      entries.push({ type: 'card', id: card.slug, name: card.name, path: keyedTarget('cards-detail', { id: card.slug }), target });
    }
    if (page >= doc.total_pages) break;
  }
  return entries;
}

/** The targets the scorer reads, and the entry of each: made once per build's entries, not per search. */
const lookups = new WeakMap<readonly SearchEntry[], { targets: SearchTarget[]; byTarget: Map<SearchTarget, SearchEntry> }>();

/** The first `limit` results for `query`, best first: the site's search over the index and the cards. */
export function findEntries(entries: readonly SearchEntry[], query: string, limit: number): SearchResult[] {
  let lookup = lookups.get(entries);
  if (lookup === undefined) {
    lookup = { targets: entries.map((entry) => entry.target), byTarget: new Map(entries.map((entry) => [entry.target, entry])) };
    lookups.set(entries, lookup);
  }
  const { byTarget } = lookup;
  return matchEntries(lookup.targets, query)
    .slice(0, limit)
    .map((target) => {
      const { type, id, name, path } = byTarget.get(target)!;
      return { type, id, name, path };
    });
}
