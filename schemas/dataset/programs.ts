/** Dataset tables of loyalty programs: programs, transfer partners and fixed redemptions. */
import { name, note, optionalName, optionalNote, slug } from './limits.ts';
import { sourced } from './shared.ts';

export const programRow = {
  type: 'object',
  additionalProperties: false,
  required: ['slug', 'name', 'kind', 'owner', 'cents_per_point', 'valuation_basis', 'valuation_source', 'source_url', 'as_of'],
  properties: {
    slug,
    name,
    kind: { enum: ['bank_points', 'airline_miles', 'hotel_points', 'cash_back'] },
    owner: name,
    cents_per_point: {
      type: ['number', 'null'],
      exclusiveMinimum: 0,
      maximum: 5,
      description: 'cents per point, above 0 and at most 5, or empty when the valuation is assumed',
    },
    valuation_basis: {
      enum: ['published', 'derived', 'assumed'],
      description:
        'published (a publisher and a date in valuation_source), derived (a documented rule in valuation_source) or assumed (no value found; cents_per_point empty)',
    },
    valuation_source: note,
    ...sourced,
  },
} as const;
export const transferPartnerRow = {
  type: 'object',
  additionalProperties: false,
  required: ['from_program', 'to_program', 'ratio_from', 'ratio_to', 'min_transfer', 'transfer_time', 'source_url', 'as_of'],
  properties: {
    from_program: slug,
    to_program: slug,
    ratio_from: { type: 'number', exclusiveMinimum: 0 },
    ratio_to: { type: 'number', exclusiveMinimum: 0 },
    min_transfer: { type: ['integer', 'null'], minimum: 1 },
    transfer_time: optionalName,
    ...sourced,
  },
} as const;
/** Per program: a redemption every card of the program offers, at a fixed value (its floor). */
export const programRedemptionRow = {
  type: 'object',
  additionalProperties: false,
  required: ['program', 'kind', 'cents_per_point', 'note', 'source_url', 'as_of'],
  properties: {
    program: slug,
    kind: { enum: ['cash', 'statement_credit', 'travel', 'gift_card'] },
    cents_per_point: { type: 'number', exclusiveMinimum: 0, maximum: 5, description: 'cents per point, above 0 and at most 5' },
    note: optionalNote,
    ...sourced,
  },
} as const;
