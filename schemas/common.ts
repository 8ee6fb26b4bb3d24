/** Building blocks shared by the dataset and document schemas, so a slug or a date is defined once. */

export const slug = {
  type: 'string',
  pattern: '^[a-z0-9]+(-[a-z0-9]+)*$',
  description: 'a slug: lower-case a-z, 0-9 and single hyphens',
} as const;

export const mccCode = {
  type: 'string',
  pattern: '^[0-9]{4}$',
  description: 'a four-digit MCC code',
} as const;

export const isoDate = {
  type: 'string',
  format: 'date',
  description: 'a date as YYYY-MM-DD',
} as const;

export const optionalDate = { ...isoDate, type: ['string', 'null'] } as const;

export const url = {
  type: 'string',
  pattern: '^https?://[^\\s]+$',
  description: 'an http(s) URL',
} as const;

export const text = { type: 'string', minLength: 1, description: 'non-empty text' } as const;

export const optionalText = { type: ['string', 'null'] } as const;

export const nonNegative = { type: 'number', minimum: 0, description: 'a number, 0 or more' } as const;

export const optionalNonNegative = { type: ['number', 'null'], minimum: 0, description: 'a number, 0 or more, or empty' } as const;

export const optionalSlug = { ...slug, type: ['string', 'null'] } as const;

/** A registrable domain, lower case, without scheme, `www.` or port. */
export const domain = {
  type: 'string',
  pattern: '^(?!www\\.)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{2,59})$',
  description: 'a lower-case domain without www. (e.g. example.com)',
} as const;
