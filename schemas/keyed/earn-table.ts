/**
 * The earn table (issue 27): every active card's earning at one place, for choosing among a wallet's
 * cards on the device, and apart from them the cards closed to applicants that people still hold.
 */
import { cardSegment, condition, isoDate, mccCode, slug, text } from '../common.ts';
import { component, object, valuationBasis } from './internal.ts';
import { appliedRule } from './cards.ts';
import { networkAcceptance } from './merchants.ts';
import { cardRow } from '../dataset/cards.ts';

const cents = { type: 'number', minimum: 0 } as const;

/** What a card earns at a place: the fields of an entry that can differ between the tills and the merchant's web site. */
const earningFields = {
  category_name: {
    oneOf: [text, { type: 'null' }],
    description: "the display name of the rule's category, as the site's tables write it; null: the base rate",
  },
  conditional: { type: 'boolean', description: 'true when the rate needs something of the holder: the second key of the order' },
  conditions: { type: 'array', items: condition, description: 'what the rate needs of the holder, as in best-card' },
  rate: { type: 'number', minimum: 0, description: "the card's own multiplier: points per dollar or percent cash back" },
  rule: { oneOf: [appliedRule, { type: 'null' }], description: 'the bonus rule that applied; null: the base rate' },
  values: object(
    {
      pooled_basis: { ...valuationBasis, description: "where pooled_cents' point value comes from, as best-card's valuation_basis" },
      pooled_cents: { ...cents, description: "rate × the program's transfer value: US cents per dollar" },
      pooled_typical_cents: { ...cents, description: 'pooled_cents averaged over a typical month once the cap is spent' },
      pooled_with: { type: ['string', 'null'], description: 'the card the holder must also have for the pooled value' },
      standalone_basis: {
        ...valuationBasis,
        description: "where standalone_cents' point value comes from, as best-card's valuation_basis",
      },
      standalone_cents: { ...cents, description: 'rate × what a point is worth to a holder of only this card' },
      standalone_typical_cents: { ...cents, description: 'standalone_cents averaged over a typical month once the cap is spent' },
    },
    [
      'pooled_basis',
      'pooled_cents',
      'pooled_typical_cents',
      'pooled_with',
      'standalone_basis',
      'standalone_cents',
      'standalone_typical_cents',
    ],
  ),
} as const;

/** One active card at the table's place: what it earns under both valuations and what the order of docs/ranking.md reads. */
export const earnTableEntry = object(
  {
    annual_fee: { type: 'number', minimum: 0, description: 'US dollars a year: the fourth key of the order' },
    cash_back: { type: 'boolean', description: 'true: rate is percent cash back; false: points or miles per dollar' },
    ...earningFields,
    issuer_name: { ...text, description: "the card issuer's display name" },
    name: text,
    network: cardRow.properties.network,
    online: {
      oneOf: [object(earningFields, ['category_name', 'conditional', 'conditions', 'rate', 'rule', 'values']), { type: 'null' }],
      description:
        "what the card earns when the purchase is made online, where it differs (an online-only category such as online retail); null: the same as in store. A device ranking for the merchant's web site reads these fields instead",
    },
    segment: {
      ...cardSegment,
      description: 'personal or business: who the issuer offers the card to (filter by it for personal cards only)',
    },
    slug,
  },
  [
    'annual_fee',
    'cash_back',
    'category_name',
    'conditional',
    'conditions',
    'issuer_name',
    'name',
    'network',
    'online',
    'rate',
    'rule',
    'segment',
    'slug',
    'values',
  ],
);

export const earnTable = component(
  'EarnTable',
  object(
    {
      kind: {
        enum: ['mcc', 'merchant', 'everyday'],
        description:
          'mcc: a purchase with the code; merchant: a merchant that may rank apart from its MCC (merchant-scoped categories or networks it refuses); ' +
          'everyday: spending in no bonus category (the recommendation for a domain we do not know)',
      },
      mcc_code: { oneOf: [mccCode, { type: 'null' }] },
      merchant: { oneOf: [object({ slug, name: text }, ['slug', 'name']), { type: 'null' }] },
      evaluated_on: { ...isoDate, description: 'the build date: the rules in force on it' },
      acceptance: {
        type: 'array',
        items: networkAcceptance,
        description:
          'each channel on which the merchant takes only some networks, in_store first; a card whose network a channel does not list is not ranked ' +
          'for a purchase through that channel (best-card is in_store, the recommendation online). Empty: every network everywhere',
      },
      card_count: { type: 'integer', minimum: 0, description: 'how many active cards are listed: all of them' },
      earnings: {
        type: 'array',
        items: earnTableEntry,
        description:
          'every active card once, in the order of docs/ranking.md under the standalone valuation; re-sort by the other valuation with the same order',
      },
      closed_cards: {
        type: 'array',
        items: earnTableEntry,
        description:
          'the cards closed to applicants (discontinued) that their holders still use, in the same order: rank one only in a wallet that holds it, ' +
          'never as a card to get (no best-card answer, top list or page ranks them)',
      },
    },
    ['kind', 'mcc_code', 'merchant', 'evaluated_on', 'acceptance', 'card_count', 'earnings', 'closed_cards'],
  ),
);

/** Where a ranking answer's full earn table is: a public file, no key needed. */
export const earnTableLink = {
  type: ['string', 'null'],
  pattern: '^/api/earn-table/',
  description:
    'the public earn table of this place (every active card, both valuations) for choosing among the cards a person holds on their own device; null when there is none',
} as const;
