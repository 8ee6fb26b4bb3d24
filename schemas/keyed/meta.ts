/** Keyed documents about the dataset itself, and the paged and unpaged list wrappers. */
import { isoDate, text } from '../common.ts';
import { count, named, object } from './internal.ts';

export const stats = object(
  {
    build_date: isoDate,
    dataset_date: isoDate,
    counts: { type: 'object', additionalProperties: count },
  },
  ['build_date', 'dataset_date', 'counts'],
);
export const change = object({ table: text, key: text, as_of: isoDate, source_url: { type: ['string', 'null'] } }, [
  'table',
  'key',
  'as_of',
  'source_url',
]);
export const snapshot = {
  type: 'object',
  description: 'every table of the dataset as arrays of rows',
  additionalProperties: { type: 'array' },
} as const;
/** A page of a list endpoint; `next` and `prev` are request paths or null. */
export function pageOf<T extends object>(item: T, name: string) {
  return named(
    name,
    () =>
      ({
        title: name,
        type: 'object',
        additionalProperties: false,
        required: ['data', 'page', 'page_size', 'total', 'total_pages', 'next', 'prev'],
        properties: {
          data: { type: 'array', items: item },
          page: { type: 'integer', minimum: 1 },
          page_size: { type: 'integer', minimum: 1 },
          total: count,
          total_pages: { type: 'integer', minimum: 1 },
          next: { type: ['string', 'null'] },
          prev: { type: ['string', 'null'] },
        },
      }) as const,
  );
}
/** A complete (unpaged) list. */
export function listOf<T extends object>(item: T, name: string) {
  return named(
    name,
    () =>
      ({
        title: name,
        type: 'object',
        additionalProperties: false,
        required: ['data', 'total'],
        properties: { data: { type: 'array', items: item }, total: count },
      }) as const,
  );
}
