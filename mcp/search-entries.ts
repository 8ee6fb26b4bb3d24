/**
 * What the `search` tool looks through: the static search index (`/api/search.json`, merchants and
 * MCCs) and every card of the paged card list, each with the lower-case text it matches on.
 */
import type { AnswerRequest } from './route-answer.ts';
import { PUBLIC_FILES } from '../schemas/public-files.ts';

/** One search result: an MCC, a merchant or a card, with the id the other tools take. */
export interface SearchEntry {
  readonly type: 'mcc' | 'merchant' | 'card';
  readonly id: string;
  readonly name: string;
  readonly path: string;
  readonly terms: string;
}

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
  for (const item of JSON.parse(index.bytes.toString('utf8')) as {
    type: string;
    code?: string;
    slug?: string;
    name: string;
    path: string;
  }[]) {
    const id = item.type === 'mcc' ? (item.code ?? '') : (item.slug ?? '');
    entries.push({
      type: item.type === 'mcc' ? 'mcc' : 'merchant',
      id,
      name: item.name,
      path: item.path,
      terms: `${id} ${item.name}`.toLowerCase(),
    });
  }
  // The card list is paged; follow it to its last page.
  for (let page = 1; ; page += 1) {
    const reply = await answer(`/api/cards?page=${page}`);
    if (reply.kind !== 'document') break;
    const doc = JSON.parse(reply.bytes.toString('utf8')) as {
      data: { slug: string; name: string; issuer_name?: string }[];
      total_pages: number;
    };
    for (const card of doc.data)
      entries.push({
        type: 'card',
        id: card.slug,
        name: card.name,
        path: `/api/cards/${card.slug}`,
        terms: `${card.slug} ${card.name} ${card.issuer_name ?? ''}`.toLowerCase(),
      });
    if (page >= doc.total_pages) break;
  }
  return entries;
}
