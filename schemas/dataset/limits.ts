/**
 * How long a dataset cell may be: the one definition of the limits docs/input-limits.md lists.
 * Every text column of every table takes one of these pieces, so no cell can be longer than its
 * `maxLength`; the loader checks lengths (and refuses control characters) before the schema runs,
 * so a hostile 10 MB cell costs one comparison, never a regex or a copy into every answer.
 * Lengths are in characters (Unicode code points), as JSON Schema counts them.
 */
import { domain, optionalSlug as anyOptionalSlug, slug as anySlug, text, url as anyUrl } from '../common.ts';

/** The limits by kind of text; docs/input-limits.md states them and a test keeps the two equal. */
export const TEXT_LIMITS = {
  /** Identifiers: slugs such as `chase-sapphire-preferred`. */
  slug: 80,
  /** Names of cards, programs, benefits, stores, owners; short labels. */
  name: 120,
  /** Notes, descriptions and stated sources: a sentence or a short paragraph. */
  note: 1000,
  /** Source and website addresses. */
  url: 500,
  /** A reference to where a row came from (`owner/repo@commit:path`, a Wikidata id). */
  reference: 300,
  /** One domain name (the DNS limit). */
  domain: 253,
  /** Items of a `;`-separated list. */
  listItems: 20,
  /** Any cell of a column that is not text (a number, a date, a choice): a number is never this long. */
  other: 40,
  /** The dataset's README.md and LICENSE, which travel in the download: a long README is a fifth of this. */
  document: 100_000,
} as const;

export const slug = { ...anySlug, maxLength: TEXT_LIMITS.slug } as const;
export const optionalSlug = { ...anyOptionalSlug, maxLength: TEXT_LIMITS.slug } as const;
export const url = { ...anyUrl, maxLength: TEXT_LIMITS.url } as const;
export const name = {
  ...text,
  maxLength: TEXT_LIMITS.name,
  description: `non-empty text of at most ${TEXT_LIMITS.name} characters`,
} as const;
export const optionalName = { type: ['string', 'null'], maxLength: TEXT_LIMITS.name } as const;
export const note = {
  ...text,
  maxLength: TEXT_LIMITS.note,
  description: `non-empty text of at most ${TEXT_LIMITS.note} characters`,
} as const;
export const optionalNote = { type: ['string', 'null'], maxLength: TEXT_LIMITS.note } as const;
export const reference = {
  ...text,
  maxLength: TEXT_LIMITS.reference,
  description: `non-empty text of at most ${TEXT_LIMITS.reference} characters`,
} as const;
export const boundedDomain = { ...domain, maxLength: TEXT_LIMITS.domain } as const;
export const domainList = { type: 'array', items: boundedDomain, uniqueItems: true, maxItems: TEXT_LIMITS.listItems } as const;
