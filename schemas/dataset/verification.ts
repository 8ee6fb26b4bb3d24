/** Dataset tables of second sources: which cards are the most popular, and which of their facts a second page confirms. */
import { isoDate, optionalDate } from '../common.ts';
import { note, optionalNote, optionalSlug, slug, url } from './limits.ts';

/**
 * A card fact a second source can confirm: a column of cards.csv, `rule` (a row of card_rewards.csv), or
 * `flat_rate` (the card has no bonus category: it earns its base rate everywhere, so it rightly has no rule).
 */
export const VERIFIED_FACTS = ['annual_fee', 'network', 'program', 'foreign_tx_fee', 'base_rate', 'rule', 'flat_rate'] as const;

export const popularCardRow = {
  type: 'object',
  additionalProperties: false,
  required: ['rank', 'card', 'mentions', 'basis', 'source_url', 'as_of'],
  properties: {
    rank: { type: 'integer', minimum: 1, description: 'a whole number, 1 or more (1 is the most popular)' },
    card: slug,
    mentions: {
      type: 'integer',
      minimum: 0,
      description: 'a whole number, 0 or more: the reviewer pages read that name the card among their best cards',
    },
    basis: note,
    source_url: { ...url, type: ['string', 'null'] },
    as_of: isoDate,
  },
} as const;

export const verificationRow = {
  type: 'object',
  additionalProperties: false,
  required: ['card', 'fact', 'category', 'valid_from', 'verified_by', 'verified_on', 'agrees', 'note'],
  properties: {
    card: slug,
    fact: { enum: [...VERIFIED_FACTS], description: `one of ${VERIFIED_FACTS.join(', ')}` },
    category: { ...optionalSlug, description: "the rule's category (a slug) when fact is rule, else empty" },
    valid_from: { ...optionalDate, description: "the rule's valid_from (YYYY-MM-DD), empty for a rule without one or a card fact" },
    verified_by: url,
    verified_on: isoDate,
    agrees: {
      enum: ['yes', 'no', 'unconfirmed'],
      description: 'yes, no, or unconfirmed (searched: no independent page states the fact; the note says what was searched)',
    },
    note: optionalNote,
  },
} as const;
