/**
 * JSON Schemas of the keyed API's documents. The route catalogue names one of these per route;
 * the generator validates every document against it and the OpenAPI document embeds them.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { cardValues, condition, isoDate, mccCode, slug, text, url } from './common.ts';

const nullableNumber = { type: ['number', 'null'] } as const;
const nullableString = { type: ['string', 'null'] } as const;
const nullableDate = { type: ['string', 'null'], format: 'date' } as const;
const count = { type: 'integer', minimum: 0 } as const;
const valuationBasis = {
  enum: ['published', 'derived', 'redemption', 'assumed'],
  description:
    'published: a published valuation (publisher and date in the program); derived: a documented rule (a shared currency, a fixed redemption value); redemption: a fixed-value redemption the card offers on its own (docs/ranking.md, standalone valuation); assumed: none found, ranked at 1 cent per point',
} as const;
const ageDays = {
  type: 'integer',
  minimum: 0,
  description: 'days from observed_on to the build date (not the time of the request)',
} as const;
const basis = { enum: ['published', 'typical'] } as const;

const object = <const P extends Record<string, unknown>, const R extends readonly (keyof P & string)[]>(properties: P, required: R) =>
  ({ type: 'object', additionalProperties: false, required, properties }) as const;

export const cap = object({ usd: { type: 'number' }, period: { enum: ['month', 'quarter', 'year'] }, rate_after: { type: 'number' } }, [
  'usd',
  'period',
  'rate_after',
]);

/** The rule that gave a card its rate in a ranking (its notes are in /api/cards/{id}/rewards). */
export const appliedRule = object(
  {
    category: slug,
    channel: { enum: ['any', 'direct', 'portal'] },
    selection: {
      enum: ['fixed', 'chosen', 'auto', 'rotating'],
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
    rank: { type: 'integer', minimum: 1 },
    slug,
    name: text,
    issuer: slug,
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
    foreign_tx_fee: { type: 'number' },
    base_rate: { type: 'number' },
    status: { enum: ['active', 'discontinued'] },
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
    channel: { enum: ['any', 'direct', 'portal'] },
    selection: { enum: ['fixed', 'chosen', 'auto', 'rotating'] },
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
    kind: { enum: ['benefit', 'credit'] },
    name: text,
    value_usd: nullableNumber,
    period: { enum: ['once', 'month', 'quarter', 'half_year', 'year', 'four_years', 'ongoing'] },
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

export const cardDetail = object(
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
);

export const mccSummary = object({ code: mccCode, description: text, category_group: text, merchant_count: count }, [
  'code',
  'description',
  'category_group',
  'merchant_count',
]);

const coverageIssuers = {
  oneOf: [{ type: 'array', items: slug }, { type: 'null' }],
  description: 'null: the generic definition, for every issuer except excluded_issuers',
} as const;
const excludedIssuers = {
  type: 'array',
  items: slug,
  description: 'issuers whose own definition of the category replaces the generic one and leaves this code out',
} as const;

export const categoryCoverage = object(
  { category: slug, category_name: text, issuers: coverageIssuers, excluded_issuers: excludedIssuers },
  ['category', 'category_name', 'issuers', 'excluded_issuers'],
);

export const mccDetail = object(
  {
    ...mccSummary.properties,
    top_cards: { type: 'array', items: rankedCard, maxItems: 10 },
    categories: { type: 'array', items: categoryCoverage },
  },
  [...mccSummary.required, 'top_cards', 'categories'],
);

export const merchantSummary = object(
  {
    slug,
    name: text,
    mcc_code: mccCode,
    mcc_description: text,
    domains: { type: 'array', items: { type: 'string' } },
    popularity_rank: { type: 'integer', minimum: 1 },
    has_static_file: { type: 'boolean' },
  },
  ['slug', 'name', 'mcc_code', 'mcc_description', 'domains', 'popularity_rank', 'has_static_file'],
);

export const storeRate = object(
  {
    portal: slug,
    portal_name: text,
    merchant: slug,
    merchant_name: text,
    store_name: { ...text, description: "the store's name as the portal wrote it" },
    rate: { type: 'number' },
    unit: { enum: ['percent', 'miles_per_dollar', 'points_per_dollar', 'usd_flat', 'miles_flat', 'points_flat'] },
    up_to: { type: 'boolean', description: 'the portal wrote "Up to": a ceiling over the store\'s categories' },
    program: slug,
    cents_per_point: { type: 'number', description: "value of one point of the portal's program (1 for cash)" },
    valuation_basis: valuationBasis,
    value_percent: {
      type: ['number', 'null'],
      description:
        'cents back per dollar in cash value (rate × cents per point); null for a flat amount, whose value depends on the purchase',
    },
    basis,
    window_from: nullableDate,
    window_to: nullableDate,
    observations: { type: 'integer', minimum: 1 },
    observed_on: isoDate,
    age_days: ageDays,
    source: text,
  },
  [
    'portal',
    'portal_name',
    'merchant',
    'merchant_name',
    'store_name',
    'rate',
    'unit',
    'up_to',
    'program',
    'cents_per_point',
    'valuation_basis',
    'value_percent',
    'basis',
    'window_from',
    'window_to',
    'observations',
    'observed_on',
    'age_days',
    'source',
  ],
);

export const offer = object(
  {
    slug,
    issuer: slug,
    card: { type: ['string', 'null'] },
    merchant: slug,
    merchant_name: text,
    kind: { enum: ['percent', 'amount'] },
    value: { type: 'number' },
    min_spend: nullableNumber,
    max_reward: nullableNumber,
    valid_from: nullableDate,
    valid_to: nullableDate,
    expired: { type: 'boolean', description: 'valid_to is before the build date' },
    basis,
    source_url: url,
    observed_on: isoDate,
    age_days: ageDays,
  },
  [
    'slug',
    'issuer',
    'card',
    'merchant',
    'merchant_name',
    'kind',
    'value',
    'min_spend',
    'max_reward',
    'valid_from',
    'valid_to',
    'expired',
    'basis',
    'source_url',
    'observed_on',
    'age_days',
  ],
);

export const merchantDetail = object(
  {
    ...merchantSummary.properties,
    category_group: text,
    source: text,
    source_ref: text,
    as_of: isoDate,
    merchant_categories: { type: 'array', items: slug },
    top_cards: { type: 'array', items: rankedCard, maxItems: 10 },
    portals: { type: 'array', items: storeRate },
    offers: { type: 'array', items: offer },
  },
  [...merchantSummary.required, 'category_group', 'source', 'source_ref', 'as_of', 'merchant_categories', 'top_cards', 'portals', 'offers'],
);

export const issuer = object({ slug, name: text, website: url, card_count: count }, ['slug', 'name', 'website', 'card_count']);
export const network = object({ slug, card_count: count }, ['slug', 'card_count']);
export const categoryGroup = object(
  { slug, name: text, first_code: mccCode, last_code: mccCode, mcc_count: count, merchant_count: count },
  ['slug', 'name', 'first_code', 'last_code', 'mcc_count', 'merchant_count'],
);

export const category = object({ slug, name: text, description: text, card_count: count }, ['slug', 'name', 'description', 'card_count']);
export const categoryMcc = object({ code: mccCode, description: text, issuers: coverageIssuers, excluded_issuers: excludedIssuers }, [
  'code',
  'description',
  'issuers',
  'excluded_issuers',
]);
export const categoryDetail = object(
  {
    ...category.properties,
    mccs: { type: 'array', items: categoryMcc },
    merchants: { type: 'array', items: object({ slug, name: text }, ['slug', 'name']) },
  },
  [...category.required, 'mccs', 'merchants'],
);
export const categoryCard = object(
  {
    rank: { type: 'integer', minimum: 1 },
    slug,
    name: text,
    issuer: slug,
    rate: { type: 'number' },
    value_cents: { type: 'number' },
    valuation_basis: valuationBasis,
    annual_fee: { type: 'number' },
    cap: { oneOf: [cap, { type: 'null' }] },
    channel: { enum: ['any', 'direct', 'portal'] },
    selection: { enum: ['fixed', 'chosen', 'auto', 'rotating'] },
    valid_from: nullableDate,
    valid_to: nullableDate,
    in_force: { type: 'boolean' },
  },
  [
    'rank',
    'slug',
    'name',
    'issuer',
    'rate',
    'value_cents',
    'valuation_basis',
    'annual_fee',
    'cap',
    'channel',
    'selection',
    'valid_from',
    'valid_to',
    'in_force',
  ],
);

export const transfer = object(
  {
    from: slug,
    from_name: text,
    to: slug,
    to_name: text,
    ratio_from: { type: 'number' },
    ratio_to: { type: 'number' },
    min_transfer: { type: ['integer', 'null'] },
    transfer_time: nullableString,
    cents_per_point_after: {
      type: ['number', 'null'],
      description: "value of one source point once transferred, at the partner's valuation; null when the partner has none",
    },
    source_url: url,
    as_of: isoDate,
  },
  [
    'from',
    'from_name',
    'to',
    'to_name',
    'ratio_from',
    'ratio_to',
    'min_transfer',
    'transfer_time',
    'cents_per_point_after',
    'source_url',
    'as_of',
  ],
);

export const program = object(
  {
    slug,
    name: text,
    kind: { enum: ['bank_points', 'airline_miles', 'hotel_points', 'cash_back'] },
    owner: text,
    cents_per_point: nullableNumber,
    valuation_basis: valuationBasis,
    valuation_source: text,
    card_count: count,
    source_url: url,
    as_of: isoDate,
  },
  ['slug', 'name', 'kind', 'owner', 'cents_per_point', 'valuation_basis', 'valuation_source', 'card_count', 'source_url', 'as_of'],
);
export const programDetail = object(
  { ...program.properties, partners: { type: 'array', items: transfer }, sources: { type: 'array', items: transfer } },
  [...program.required, 'partners', 'sources'],
);

export const portal = object(
  {
    slug,
    name: text,
    program: slug,
    url,
    store_count: { ...count, description: 'stores with a rate on this portal in the dataset' },
    latest_observed_on: { ...nullableDate, description: 'the newest observed_on of its rates; null when it has none' },
    age_days: { type: ['integer', 'null'], minimum: 0, description: 'days from latest_observed_on to the build date' },
    source_url: url,
    as_of: isoDate,
  },
  ['slug', 'name', 'program', 'url', 'store_count', 'latest_observed_on', 'age_days', 'source_url', 'as_of'],
);
export const store = object({ slug, name: text, portal_count: count, best_value_percent: { type: 'number' } }, [
  'slug',
  'name',
  'portal_count',
  'best_value_percent',
]);

export const recommendation = object(
  {
    merchant_name: { type: ['string', 'null'] },
    merchant_slug: { type: ['string', 'null'] },
    mcc_code: { type: ['string', 'null'] },
    matched_domain: { type: ['string', 'null'] },
    fallback: { type: 'boolean', description: 'true when the domain matched no merchant: best everyday cards are returned' },
    best_cards: { type: 'array', items: rankedCard, minItems: 1, maxItems: 5 },
  },
  ['merchant_name', 'merchant_slug', 'mcc_code', 'matched_domain', 'fallback', 'best_cards'],
);

export const bestCard = object(
  {
    query: object(
      { mcc: { type: ['string', 'null'] }, merchant: { type: ['string', 'null'] }, valuation: { enum: ['standalone', 'pooled'] } },
      ['mcc', 'merchant', 'valuation'],
    ),
    mcc: mccSummary,
    merchant: { oneOf: [object({ slug, name: text }, ['slug', 'name']), { type: 'null' }] },
    evaluated_on: isoDate,
    cards: { type: 'array', items: rankedCard, maxItems: 50, description: 'the 50 best cards, best first' },
    card_count: { type: 'integer', minimum: 0, description: 'how many active cards were ranked (the list shows the best 50)' },
  },
  ['query', 'mcc', 'merchant', 'evaluated_on', 'cards', 'card_count'],
);

const stackPart = { type: 'number', description: 'US cents back per dollar of the assumed purchase' } as const;

export const tripleStack = object(
  {
    merchant: object({ slug, name: text, mcc_code: mccCode }, ['slug', 'name', 'mcc_code']),
    evaluated_on: { ...isoDate, description: 'the build date: offers ending before it do not count' },
    purchase_usd: { type: 'number', description: 'the purchase the amounts are computed for (flat rates and amount offers depend on it)' },
    card: rankedCard,
    portal: { oneOf: [storeRate, { type: 'null' }] },
    offer: { oneOf: [offer, { type: 'null' }] },
    known: object(
      {
        portal: { enum: ['rate', 'none known'] },
        offer: { enum: ['in force', 'expired or not started', 'none known'] },
      },
      ['portal', 'offer'],
    ),
    card_cents: stackPart,
    portal_cents: stackPart,
    offer_cents: stackPart,
    total_cents: { type: 'number', description: 'card + portal + offer, cents per dollar (= percent back) in cash value' },
    as_of: { ...nullableDate, description: 'the oldest observed_on of the portal rate and offer used; null when only the card is used' },
    age_days: { type: ['integer', 'null'], minimum: 0, description: 'days from as_of to the build date' },
    assumptions: { type: 'array', items: text },
  },
  [
    'merchant',
    'evaluated_on',
    'purchase_usd',
    'card',
    'portal',
    'offer',
    'known',
    'card_cents',
    'portal_cents',
    'offer_cents',
    'total_cents',
    'as_of',
    'age_days',
    'assumptions',
  ],
);

export const transferQuote = object(
  {
    ...transfer.properties,
    example: object({ points: count, partner_points: { type: 'number' }, value_usd: { type: ['number', 'null'] } }, [
      'points',
      'partner_points',
      'value_usd',
    ]),
  },
  [...transfer.required, 'example'],
);

export const stats = object(
  {
    build_date: isoDate,
    dataset_date: isoDate,
    counts: { type: 'object', additionalProperties: count },
  },
  ['build_date', 'dataset_date', 'counts'],
);

export const change = object({ table: text, key: text, as_of: isoDate, source_url: { type: ['string', 'null'] } }, [
  'table',
  'key',
  'as_of',
  'source_url',
]);

export const snapshot = {
  type: 'object',
  description: 'every table of the dataset as arrays of rows',
  additionalProperties: { type: 'array' },
} as const;

const listSchemas = new Map<string, object>();

/** Memoised by name, so every document of a route shares one schema object (and one compiled validator). */
function named<T extends object>(name: string, build: () => T): T {
  const known = listSchemas.get(name);
  if (known) return known as T;
  const schema = build();
  listSchemas.set(name, schema);
  return schema;
}

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

export type RankedCard = FromSchema<typeof rankedCard>;
export type AppliedRule = FromSchema<typeof appliedRule>;
export type CardSummary = FromSchema<typeof cardSummary>;
export type CardDetail = FromSchema<typeof cardDetail>;
export type Reward = FromSchema<typeof reward>;
export type Benefit = FromSchema<typeof benefit>;
export type MccSummary = FromSchema<typeof mccSummary>;
export type MerchantSummary = FromSchema<typeof merchantSummary>;
export type StoreRate = FromSchema<typeof storeRate>;
export type Offer = FromSchema<typeof offer>;
export type Transfer = FromSchema<typeof transfer>;
export type Program = FromSchema<typeof program>;
export type Recommendation = FromSchema<typeof recommendation>;
export type TripleStack = FromSchema<typeof tripleStack>;

const profileCategories = ['groceries', 'dining', 'gas', 'airfare', 'hotels', 'drugstores', 'streaming', 'other'] as const;

/** One card's net yearly value for a spend profile. */
export const netValueCard = object(
  {
    rank: { type: 'integer', minimum: 1 },
    slug,
    name: text,
    issuer: slug,
    annual_fee: { type: 'number' },
    rewards_usd: { type: 'number', description: "a year of the profile's spending, valued under the list's valuation" },
    credits_usd: { type: 'number', description: 'statement credits marked easy to use (easy_credits.csv), per year' },
    net_usd: { type: 'number', description: 'rewards_usd + credits_usd − annual_fee' },
    pooled_with: { type: ['string', 'null'], description: 'with valuation=pooled: the card the holder must also have' },
    categories: {
      type: 'array',
      items: object(
        {
          category: { enum: profileCategories },
          mcc: mccCode,
          monthly_usd: { type: 'number' },
          rate: { type: 'number', description: 'the rate averaged over the year after caps' },
          bonus_category: { type: ['string', 'null'], description: 'the bonus category counted; null: the base rate' },
          value_usd: { type: 'number' },
        },
        ['category', 'mcc', 'monthly_usd', 'rate', 'bonus_category', 'value_usd'],
      ),
    },
    credits: { type: 'array', items: object({ name: text, value_usd: { type: 'number' } }, ['name', 'value_usd']) },
  },
  ['rank', 'slug', 'name', 'issuer', 'annual_fee', 'rewards_usd', 'credits_usd', 'net_usd', 'pooled_with', 'categories', 'credits'],
);

/** Cards ranked by net yearly value for one spend profile. */
export const spendProfileRanking = object(
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
    valuation: { enum: ['standalone', 'pooled'] },
    evaluated_on: isoDate,
    cards: { type: 'array', items: netValueCard },
  },
  ['profile', 'valuation', 'evaluated_on', 'cards'],
);
