/** Keyed documents about the dataset itself, the change history of the builds, and the paged and unpaged list wrappers. */
import { isoDate } from '../common.ts';
import { component, count, named, nullableString, object } from './internal.ts';

export const stats = component(
  'Stats',
  object(
    {
      build_date: isoDate,
      dataset_date: isoDate,
      counts: { type: 'object', additionalProperties: count },
    },
    ['build_date', 'dataset_date', 'counts'],
  ),
);
/** How many builds a history keeps, newest first (older entries fall off). */
export const HISTORY_LIMIT = 50;
/** Semantic changes kept per build; `changes_total` counts them all (`cardrewards diff` lists every one). */
export const CHANGES_PER_BUILD_LIMIT = 100;

const buildId = {
  type: 'string',
  pattern: '^[0-9a-f]{16}$',
  description: "a build id: 16 hex digits, a hash of the build's answers",
} as const;
export const semanticChange = object(
  {
    kind: {
      type: 'string',
      minLength: 1,
      description:
        'which answer changed: mcc top card, merchant top card, recommendation winner, annual fee, valuation (cents per point), portal rates',
    },
    subject: { type: 'string', minLength: 1, description: 'which one: an MCC code, a merchant slug, a domain, a card or program slug' },
    before: { ...nullableString, description: 'the answer in the previous build; null: it had none' },
    after: { ...nullableString, description: 'the answer in this build; null: it has none' },
  },
  ['kind', 'subject', 'before', 'after'],
);
export const familyCounts = object(
  {
    family: { type: 'string', minLength: 1, description: 'a keyed route path, or a folder of the public tree' },
    added: count,
    removed: count,
    changed: count,
  },
  ['family', 'added', 'removed', 'changed'],
);
/** One published build and what it changed against the build before it. */
export const change = object(
  {
    sequence: { type: 'integer', minimum: 1, description: "the build's number in this history, 1 for the first" },
    build: buildId,
    previous_build: { ...buildId, type: ['string', 'null'], description: 'the build this one is compared with; null: the first build' },
    date: { ...isoDate, description: 'the dataset date of the build (the latest as_of of any row), never the clock' },
    dataset_commit: {
      type: ['string', 'null'],
      pattern: '^[0-9a-f]{7,64}$',
      description: 'the commit of the dataset the build was made from, when the build was told it; else null',
    },
    summary: {
      type: 'string',
      minLength: 1,
      description: 'one line for people: files changed, added and removed, and how many answers of each kind changed',
    },
    files: { type: 'array', items: familyCounts, description: 'files added, removed and changed per route family' },
    changes: {
      type: 'array',
      items: semanticChange,
      maxItems: CHANGES_PER_BUILD_LIMIT,
      description: `the answers users see that changed, at most ${CHANGES_PER_BUILD_LIMIT}`,
    },
    changes_total: { ...count, description: `how many answers changed in all (changes lists the first ${CHANGES_PER_BUILD_LIMIT})` },
  },
  ['sequence', 'build', 'previous_build', 'date', 'dataset_commit', 'summary', 'files', 'changes', 'changes_total'],
);
/** `keyed/history.json`: the history a build carries forward to the next one. */
export const changeHistory = object({ builds: { type: 'array', items: change, maxItems: HISTORY_LIMIT } }, ['builds']);
export const snapshot = component('Snapshot', {
  type: 'object',
  description: 'every table of the dataset as arrays of rows',
  additionalProperties: { type: 'array' },
} as const);
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
