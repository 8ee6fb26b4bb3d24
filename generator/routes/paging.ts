/** Fixed-size pages of a list, one file per page, each saying where the next and previous are. */
import type { OutputDocument } from '../artefact.ts';

import { PAGE_SIZE } from '../../schemas/param-kinds.ts';

export { PAGE_SIZE };

export interface PagingTarget {
  /** File of page `n`. */
  readonly file: (page: number) => string;
  /** Request path of page `n` (for next/prev). */
  readonly link: (page: number) => string;
  readonly schema: object;
}

/** Splits `items` into pages; an empty list still has page 1. */
export function* pages<T>(items: readonly T[], target: PagingTarget): Iterable<OutputDocument> {
  const totalPages = Math.max(1, Math.ceil(items.length / PAGE_SIZE));
  for (let page = 1; page <= totalPages; page++) {
    yield {
      path: target.file(page),
      schema: target.schema,
      document: {
        data: items.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE),
        page,
        page_size: PAGE_SIZE,
        total: items.length,
        total_pages: totalPages,
        next: page < totalPages ? target.link(page + 1) : null,
        prev: page > 1 ? target.link(page - 1) : null,
      },
    };
  }
}

/** `path?query&page=n`, with page 1 written without the parameter. */
export function pageLink(path: string, query: Readonly<Record<string, string>> = {}): (page: number) => string {
  return (page) => {
    const parameters = new URLSearchParams({ ...query, ...(page > 1 ? { page: String(page) } : {}) }).toString();
    return parameters ? `${path}?${parameters}` : path;
  };
}

/** Groups items by a facet value, keys sorted. */
export function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const value = key(item);
    const list = groups.get(value) ?? [];
    list.push(item);
    groups.set(value, list);
  }
  return new Map([...groups].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
