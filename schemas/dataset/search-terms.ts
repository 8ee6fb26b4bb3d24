/**
 * The search vocabulary (issue 41): the everyday words people type ("groceries", "gas station",
 * "rideshare") and what each one means in the catalogue, a bonus category and/or MCC codes, or one
 * merchant. The search (schemas/search-match.ts) ranks what a word names before a name that merely
 * contains it.
 */
import { mccCode } from '../common.ts';
import { optionalSlug, TEXT_LIMITS } from './limits.ts';
import { sourced } from './shared.ts';

/** A term as the search compares it: lower-case words of a-z and 0-9, one space between them. */
export const SEARCH_TERM = /^[a-z0-9]+( [a-z0-9]+)*$/;

export const searchTermRow = {
  type: 'object',
  additionalProperties: false,
  required: ['term', 'mccs', 'category', 'merchant', 'source_url', 'as_of'],
  properties: {
    term: {
      type: 'string',
      pattern: SEARCH_TERM.source,
      maxLength: TEXT_LIMITS.name,
      description: 'lower-case words of a-z and 0-9 with one space between them (e.g. gas station)',
    },
    mccs: {
      type: 'array',
      items: { ...mccCode, maxLength: 4 },
      uniqueItems: true,
      maxItems: TEXT_LIMITS.listItems,
      description: 'the MCC codes the word means, ;-separated, or empty',
    },
    category: { ...optionalSlug, description: 'the bonus category the word means (a slug), or empty' },
    merchant: { ...optionalSlug, description: 'the one merchant the word means (a slug), or empty' },
    ...sourced,
  },
} as const;
