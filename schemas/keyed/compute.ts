/** Keyed documents of the compute routes: recommendation, best card, triple-stack and spend profiles. */
import { cardSegment, isoDate, mccCode, slug, text, VALUATIONS } from '../common.ts';
import { nullableDate, component, object, rankedCardFields } from './internal.ts';
import { rankedCard } from './cards.ts';
import { mccSummary } from './catalogue.ts';
import { networkAcceptance, offer, storeRate } from './merchants.ts';
import { channel } from '../dataset/acceptance.ts';
import { earnTableLink } from './earn-table.ts';

/** How many ranked cards every merchant answer carries inline, at least (design.md §6). */
export const INLINE_CARDS = 10;

/** The segment a ranking was limited to (`segment=`), or null when it ranks every card. */
const askedSegment = {
  enum: [...cardSegment.enum, null],
  description:
    'personal or business when the request limited the ranking to cards offered to people or to businesses (segment=); null: every card',
} as const;

const acceptanceOrNull = {
  oneOf: [networkAcceptance, { type: 'null' }],
  description: 'the networks the merchant takes on this channel when it does not take them all; null: no restriction known',
} as const;

export const recommendation = component(
  'Recommendation',
  object(
    {
      merchant_name: { type: ['string', 'null'] },
      merchant: { type: ['string', 'null'], description: "the merchant's slug; null when the domain is not a merchant we know" },
      mcc_code: { type: ['string', 'null'] },
      matched_domain: { type: ['string', 'null'] },
      fallback: { type: 'boolean', description: 'true when the domain matched no merchant: best everyday cards are returned' },
      channel: { const: 'online', description: 'a web domain is a purchase online: the cards are those the merchant takes online' },
      segment: askedSegment,
      acceptance: acceptanceOrNull,
      best_cards: {
        type: 'array',
        items: rankedCard,
        maxItems: INLINE_CARDS,
        description:
          'the 10 best cards the merchant takes online, best first; empty only when it takes no credit card online (acceptance says so)',
      },
      earn_table: earnTableLink,
    },
    ['merchant_name', 'merchant', 'mcc_code', 'matched_domain', 'fallback', 'channel', 'segment', 'acceptance', 'best_cards', 'earn_table'],
  ),
);
export const bestCard = component(
  'BestCard',
  object(
    {
      query: object(
        {
          mcc: { type: ['string', 'null'] },
          merchant: { type: ['string', 'null'] },
          valuation: { enum: VALUATIONS },
          segment: askedSegment,
        },
        ['mcc', 'merchant', 'valuation', 'segment'],
      ),
      mcc: mccSummary,
      merchant: { oneOf: [object({ slug, name: text }, ['slug', 'name']), { type: 'null' }] },
      evaluated_on: isoDate,
      channel: {
        oneOf: [channel, { type: 'null' }],
        description: 'for a merchant: the channel ranked for, in_store (at the till); null for an MCC, which names no merchant',
      },
      acceptance: acceptanceOrNull,
      best_cards: {
        type: 'array',
        items: rankedCard,
        maxItems: 50,
        description:
          'empty only when the merchant takes no credit card in store (acceptance says so); otherwise the best cards, best first: 50 for an MCC and for a merchant with a ranking of its own; the best 10 for a merchant that ranks as its MCC does, whose full list best_cards_from names',
      },
      best_cards_from: {
        oneOf: [
          object(
            {
              mcc_code: mccCode,
              href: { type: 'string', pattern: '^/api/compute/best-card\\?', description: 'the request that answers the list' },
            },
            ['mcc_code', 'href'],
          ),
          { type: 'null' },
        ],
        description:
          "null when best_cards is this answer's whole list. For a merchant whose own rules and networks do not change the ranking of its MCC (most of them), " +
          'the MCC answer that continues best_cards to 50 cards, with the same valuation and segment: best_cards holds the first 10 either way.',
      },
      card_count: {
        type: 'integer',
        minimum: 0,
        description: 'how many active cards were ranked, those of the segment asked for (the list shows the best 50)',
      },
      earn_table: earnTableLink,
    },
    ['query', 'mcc', 'merchant', 'evaluated_on', 'channel', 'acceptance', 'best_cards', 'best_cards_from', 'card_count', 'earn_table'],
  ),
);
const stackPart = { type: 'number', description: 'US cents back per dollar of the assumed purchase' } as const;
export const tripleStack = component(
  'TripleStack',
  object(
    {
      merchant: object({ slug, name: text, mcc_code: mccCode }, ['slug', 'name', 'mcc_code']),
      evaluated_on: { ...isoDate, description: 'the build date: offers ending before it do not count' },
      purchase_usd: {
        type: 'number',
        description: 'the purchase the amounts are computed for (flat rates and amount offers depend on it)',
      },
      channel: { const: 'online', description: "a shopping portal is used online: the stack is for a purchase on the merchant's web site" },
      segment: askedSegment,
      acceptance: acceptanceOrNull,
      card: {
        oneOf: [rankedCard, { type: 'null' }],
        description:
          'the best card the merchant takes online, the first of best_cards; null when it takes no credit card online (acceptance says so)',
      },
      best_cards: {
        type: 'array',
        items: rankedCard,
        maxItems: INLINE_CARDS,
        description: 'the 10 best cards the merchant takes online, best first',
      },
      portal: {
        oneOf: [storeRate, { type: 'null' }],
        description: 'the best current portal rate (observed within freshness_horizon_days); null when none is current',
      },
      portal_historical: {
        oneOf: [storeRate, { type: 'null' }],
        description: 'with no current rate: the newest rate older than the horizon, shown for its date and never added into total_cents',
      },
      offer: { oneOf: [offer, { type: 'null' }] },
      basis: object(
        {
          card: { const: 'current', description: "the card's rules in force on the build date" },
          portal: {
            enum: ['current', 'historical', 'unknown'],
            description: 'current: counted; historical: too old to count; unknown: no rate known',
          },
          offer: {
            enum: ['current', 'historical', 'unknown', 'not_accepted'],
            description:
              'current: in force and counted; historical: ended, not started or too old; unknown: none known; ' +
              'not_accepted: the offers in force are for cards on networks the merchant does not take online',
          },
        },
        ['card', 'portal', 'offer'],
      ),
      freshness_horizon_days: {
        type: 'integer',
        minimum: 1,
        description: 'portal rates and offers observed longer ago than this are history',
      },
      known: object(
        {
          portal: { enum: ['rate', 'historical only', 'none known'] },
          offer: { enum: ['in force', 'expired or not started', 'none known', 'not accepted'] },
        },
        ['portal', 'offer'],
      ),
      card_cents: stackPart,
      portal_cents: {
        ...stackPart,
        description: 'what the portal surely adds, cents per dollar; 0 for a rate written "up to", whose floor is not known',
      },
      portal_cents_up_to: {
        ...stackPart,
        description: 'the most the portal adds: its rate even when written "up to"; equal to portal_cents otherwise',
      },
      offer_cents: stackPart,
      total_cents: {
        type: 'number',
        description: 'card + portal + offer, cents per dollar (= percent back) in cash value: what the stack surely gives',
      },
      total_cents_up_to: {
        type: 'number',
        description:
          'card + portal at its "up to" ceiling + offer: the most the stack gives; equal to total_cents when the portal rate is not "up to"',
      },
      as_of: { ...nullableDate, description: 'the oldest observed_on of the portal rate and offer used; null when only the card is used' },
      age_days: { type: ['integer', 'null'], minimum: 0, description: 'days from as_of to the build date' },
      assumptions: { type: 'array', items: text },
    },
    [
      'merchant',
      'evaluated_on',
      'purchase_usd',
      'channel',
      'segment',
      'acceptance',
      'card',
      'best_cards',
      'portal',
      'portal_historical',
      'offer',
      'basis',
      'freshness_horizon_days',
      'known',
      'card_cents',
      'portal_cents',
      'portal_cents_up_to',
      'offer_cents',
      'total_cents',
      'total_cents_up_to',
      'as_of',
      'age_days',
      'assumptions',
    ],
  ),
);
const profileCategories = ['groceries', 'dining', 'gas', 'airfare', 'hotels', 'drugstores', 'streaming', 'other'] as const;
/** One card's net yearly value for a spend profile. */
export const netValueCard = object(
  {
    ...rankedCardFields,
    annual_fee: { type: 'number' },
    rewards_usd: { type: 'number', description: "a year of the profile's spending, valued under the list's valuation" },
    credits_usd: { type: 'number', description: 'statement credits marked easy to use (easy_credits.csv), per year' },
    membership_fees_usd: {
      type: 'number',
      minimum: 0,
      description: 'the yearly price of the paid memberships the card or the rates counted need (a Costco membership, Walmart+), each once',
    },
    net_usd: { type: 'number', description: 'rewards_usd + credits_usd − annual_fee − membership_fees_usd' },
    pooled_with: { type: ['string', 'null'], description: 'with valuation=pooled: the card the holder must also have' },
    categories: {
      type: 'array',
      items: object(
        {
          category: { enum: profileCategories },
          mcc_code: mccCode,
          monthly_usd: { type: 'number' },
          rate: { type: 'number', description: 'the rate averaged over the year after caps' },
          bonus_category: {
            type: ['string', 'null'],
            description:
              "the bonus category counted (all-purchases: the card's capped rate on purchases outside its bonus categories); null: the base rate",
          },
          value_usd: { type: 'number' },
        },
        ['category', 'mcc_code', 'monthly_usd', 'rate', 'bonus_category', 'value_usd'],
      ),
    },
    credits: { type: 'array', items: object({ name: text, value_usd: { type: 'number' } }, ['name', 'value_usd']) },
  },
  [
    'rank',
    'slug',
    'name',
    'issuer',
    'issuer_name',
    'segment',
    'annual_fee',
    'rewards_usd',
    'credits_usd',
    'membership_fees_usd',
    'net_usd',
    'pooled_with',
    'categories',
    'credits',
  ],
);
/** Cards ranked by net yearly value for one spend profile. */
export const spendProfileRanking = component(
  'SpendProfileRanking',
  object(
    {
      profile: object(
        {
          slug,
          name: text,
          monthly_usd: object(
            Object.fromEntries(profileCategories.map((c) => [c, { type: 'number' }])) as Record<
              (typeof profileCategories)[number],
              { type: 'number' }
            >,
            profileCategories,
          ),
        },
        ['slug', 'name', 'monthly_usd'],
      ),
      valuation: { enum: VALUATIONS },
      evaluated_on: isoDate,
      best_cards: { type: 'array', items: netValueCard, description: 'every active card, highest net yearly value first' },
    },
    ['profile', 'valuation', 'evaluated_on', 'best_cards'],
  ),
);
