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

/** Who the issuer offers a card to: the one definition for the dataset's column and every answer that names it. */
export const cardSegment = {
  enum: ['personal', 'business'],
  description: 'personal or business: who the issuer offers the card to',
} as const;

/** What a ranked card's rate needs of the holder (docs/ranking.md, "Conditions"). */
export const condition = {
  type: 'object',
  additionalProperties: false,
  required: ['kind', 'note'],
  properties: {
    kind: {
      enum: [
        'membership',
        'payment_method',
        'activation',
        'chosen_category',
        'auto_category',
        'cap',
        'channel',
        'rotation_unknown',
        'acceptance',
      ],
      description:
        'membership: the card or the rate is for members of a paid program (its fee and link in the note); ' +
        'payment_method: the rate needs a way of paying (Apple Pay, a mobile wallet); ' +
        'activation: a rotating quarter the holder must activate; chosen_category: the holder must pick the category; ' +
        'auto_category: the card applies the rate to its top category of the period; cap: the rate stops at a spend cap; channel: booked directly only; ' +
        "rotation_unknown: the card's rotating categories for the build date are not in the dataset, so the rate may leave out this quarter's bonus; " +
        'acceptance: the merchant does not take this card on the channel asked about (a static record whose merchant takes no credit card in store)',
    },
    note: { type: 'string', minLength: 1, description: 'the condition in plain words' },
  },
} as const;

/** The valuations, the default first (docs/ranking.md): standalone (a holder of only this card) and pooled (with the program's premium card). */
export const VALUATIONS = ['standalone', 'pooled'] as const;

/** A card's value on a purchase under both valuations, and which one ranked the list. */
export const cardValues = {
  type: 'object',
  additionalProperties: false,
  required: ['ranked_by', 'standalone_cents', 'pooled_cents', 'pooled_with'],
  properties: {
    ranked_by: { enum: VALUATIONS, description: 'the valuation this list is ranked by' },
    standalone_cents: { type: 'number', minimum: 0, description: 'US cents per dollar to a holder of only this card' },
    pooled_cents: { type: 'number', minimum: 0, description: "US cents per dollar at the program's transfer value" },
    pooled_with: {
      type: ['string', 'null'],
      description: 'the card the holder must also have for the pooled value; null when this card reaches it alone',
    },
  },
} as const;
