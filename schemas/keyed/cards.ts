/** Keyed documents about cards: rankings, summaries, details, rewards, benefits, issuers and networks. */
import { cardValues, condition, isoDate, slug, text, url } from '../common.ts';
import { count, nullableDate, nullableNumber, nullableString, component, object, rankedCardFields, valuationBasis } from './internal.ts';
import { cardBenefitRow, cardRewardRow, cardRow } from '../dataset/cards.ts';

export const cap = object({ usd: { type: 'number' }, period: { enum: ['month', 'quarter', 'year'] }, rate_after: { type: 'number' } }, [
  'usd',
  'period',
  'rate_after',
]);
/** The rule that gave a card its rate in a ranking (its notes are in /api/cards/{id}/rewards). */
export const appliedRule = object(
  {
    category: slug,
    channel: cardRewardRow.properties.channel,
    selection: {
      enum: cardRewardRow.properties.selection.enum,
      description: 'chosen: the holder picks the category; auto: the card applies it to the top category each period',
    },
    cap: { oneOf: [cap, { type: 'null' }] },
    valid_from: nullableDate,
    valid_to: nullableDate,
  },
  ['category', 'channel', 'selection', 'cap', 'valid_from', 'valid_to'],
);
/** One card in a ranking, with why it earns what it earns. */
export const rankedCard = object(
  {
    ...rankedCardFields,
    rate: { type: 'number', minimum: 0, description: "the card's own multiplier: points per dollar or percent cash back" },
    value_cents: {
      type: 'number',
      minimum: 0,
      description: 'rate × cents per point under the valuation that ranked the list (values.ranked_by): US cents back per dollar spent',
    },
    typical_value_cents: {
      type: 'number',
      minimum: 0,
      description: 'value_cents averaged over a typical month ($500 in the category) once the cap is spent: what the list is ranked by',
    },
    valuation_basis: valuationBasis,
    values: cardValues,
    annual_fee: { type: 'number' },
    rule: { oneOf: [appliedRule, { type: 'null' }] },
    conditions: { type: 'array', items: condition, description: 'what the rate needs of the holder; empty for an unconditional rate' },
  },
  [
    'rank',
    'slug',
    'name',
    'issuer',
    'issuer_name',
    'segment',
    'rate',
    'value_cents',
    'typical_value_cents',
    'valuation_basis',
    'values',
    'annual_fee',
    'rule',
    'conditions',
  ],
);
export const cardSummary = object(
  {
    slug,
    name: text,
    issuer: slug,
    issuer_name: text,
    network: text,
    segment: text,
    program: slug,
    program_name: text,
    annual_fee: { type: 'number' },
    first_year_fee: nullableNumber,
    foreign_tx_fee: {
      type: ['number', 'null'],
      description: 'percent of each foreign purchase; null when no issuer or reviewer page read states it',
    },
    base_rate: {
      type: 'number',
      description: "earn rate on purchases no rule covers; with an all-purchases rule (in rewards), the rate once that rule's cap is spent",
    },
    status: cardRow.properties.status,
    bonus_categories: { type: 'array', items: slug },
    source_url: url,
    as_of: isoDate,
  },
  [
    'slug',
    'name',
    'issuer',
    'issuer_name',
    'network',
    'segment',
    'program',
    'program_name',
    'annual_fee',
    'first_year_fee',
    'foreign_tx_fee',
    'base_rate',
    'status',
    'bonus_categories',
    'source_url',
    'as_of',
  ],
);
export const reward = object(
  {
    category: slug,
    category_name: text,
    rate: { type: 'number' },
    value_cents: { type: 'number' },
    cap: { oneOf: [cap, { type: 'null' }] },
    channel: cardRewardRow.properties.channel,
    selection: cardRewardRow.properties.selection,
    valid_from: nullableDate,
    valid_to: nullableDate,
    in_force: { type: 'boolean', description: 'whether the rule is valid on the build date' },
    note: nullableString,
    source_url: url,
    as_of: isoDate,
  },
  [
    'category',
    'category_name',
    'rate',
    'value_cents',
    'cap',
    'channel',
    'selection',
    'valid_from',
    'valid_to',
    'in_force',
    'note',
    'source_url',
    'as_of',
  ],
);
export const benefit = object(
  {
    kind: cardBenefitRow.properties.kind,
    name: text,
    value_usd: nullableNumber,
    period: cardBenefitRow.properties.period,
    note: nullableString,
    source_url: url,
    as_of: isoDate,
  },
  ['kind', 'name', 'value_usd', 'period', 'note', 'source_url', 'as_of'],
);
export const signupBonus = object(
  { amount: { type: 'number' }, unit: { enum: ['points', 'usd'] }, spend_usd: nullableNumber, months: { type: ['integer', 'null'] } },
  ['amount', 'unit', 'spend_usd', 'months'],
);
export const cardDetail = component(
  'CardDetail',
  object(
    {
      ...cardSummary.properties,
      cents_per_point: { type: 'number', description: 'standalone: what one point is worth to a holder of only this card' },
      valuation_basis: valuationBasis,
      pooled_cents_per_point: { type: 'number', description: "pooled: one point at the program's transfer value" },
      pooled_with: {
        type: ['string', 'null'],
        description: 'the card the holder must also have for the pooled value; null when this card reaches it alone',
      },
      signup_bonus: { oneOf: [signupBonus, { type: 'null' }] },
      rewards: { type: 'array', items: reward },
      benefits: { type: 'array', items: benefit },
      annual_credits_usd: {
        type: 'number',
        description: 'face value of the statement credits per year (monthly × 12, quarterly × 4, …; one-off and 4-yearly credits excluded)',
      },
    },
    [
      ...cardSummary.required,
      'cents_per_point',
      'valuation_basis',
      'pooled_cents_per_point',
      'pooled_with',
      'signup_bonus',
      'rewards',
      'benefits',
      'annual_credits_usd',
    ],
  ),
);
export const issuer = component(
  'Issuer',
  object({ slug, name: text, website: url, card_count: count }, ['slug', 'name', 'website', 'card_count']),
);
export const network = object({ slug, card_count: count }, ['slug', 'card_count']);
