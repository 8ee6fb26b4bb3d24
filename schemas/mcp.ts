/**
 * The assistants' endpoint and what its tools answer (docs/api.md, "Assistants: `/mcp`"). A tool
 * that answers a route's document declares that document's own schema (schemas/keyed/); the
 * answers only the tools give (a wallet ranked at a place, a comparison, search results) are built
 * here from the same pieces, so each shape has one definition.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { cardSegment, isoDate, slug, text, VALUATIONS } from './common.ts';
import { channel } from './dataset/acceptance.ts';
import { bestCard, cardDetail, earnTable, earnTableEntry, networkAcceptance, recommendation, tripleStack } from './keyed.ts';
import { PROBLEM_SCHEMA } from './problem-types.ts';
import { type KeyedRouteId, keyedRoute } from './keyed-routes.ts';

/** The path of the assistants' endpoint, which the gateway serves (`serve --mcp`) and the OpenAPI document describes. */
export const MCP_PATH = '/mcp';

/** The `_meta` key of a tool result carrying the caller's quota after the call (only where a gateway counts: not offline). */
export const RATE_LIMIT_META = 'cardrewards/rate_limit';

const table = earnTable.properties;
const entry = earnTableEntry.properties;

/** One quota window of a key, as the `RateLimit-Policy` and `RateLimit` headers state it. */
export const rateLimitWindow = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'limit', 'remaining', 'reset_seconds'],
  properties: {
    name: { enum: ['monthly', 'daily'] },
    limit: { type: 'integer', minimum: 0 },
    remaining: { type: 'integer', minimum: 0, description: 'calls left in the window after this one' },
    reset_seconds: { type: 'integer', minimum: 0, description: 'seconds until the window starts again' },
  },
} as const;

/** One quota window of a key as the RateLimit headers state it. */
export type RateLimitWindow = FromSchema<typeof rateLimitWindow>;

/** A tool error's `structuredContent`: the route's problem document, with what the HTTP answer's headers said. */
export const toolProblem = {
  ...PROBLEM_SCHEMA,
  properties: {
    ...PROBLEM_SCHEMA.properties,
    required_tier: { type: 'string', description: '403: the tier the route needs' },
    rate_limit: {
      type: 'object',
      additionalProperties: false,
      required: ['windows', 'retry_after_seconds'],
      properties: {
        windows: { type: 'array', items: rateLimitWindow },
        retry_after_seconds: { type: 'integer', minimum: 0, description: 'as Retry-After' },
      },
      description: "429: the key's windows and when to retry",
    },
  },
} as const;

/** One card of a place's ranking from its earn table: the entry's fields on the channel asked, its place and the value that ranked it. */
const placeCard = {
  type: 'object',
  additionalProperties: false,
  required: ['rank', 'slug', 'name', 'rate', 'value_cents', 'typical_value_cents', 'values', 'rule', 'conditions', 'open_to_applicants'],
  properties: {
    rank: { type: 'integer', minimum: 1, description: '1 for the card to use' },
    slug,
    name: text,
    rate: entry.rate,
    value_cents: { type: 'number', minimum: 0, description: 'US cents back per dollar under the valuation asked for' },
    typical_value_cents: {
      type: 'number',
      minimum: 0,
      description: 'value_cents averaged over a typical month once the cap is spent: what ranks',
    },
    values: entry.values,
    rule: entry.rule,
    conditions: entry.conditions,
    open_to_applicants: {
      type: 'boolean',
      description: 'false: the card is closed to applicants; its holder still uses it, and only a wallet that names it ranks it',
    },
  },
} as const;

/** A card of the wallet the place does not take on the channel, with its network (acceptance says what the place takes). */
const refusedCard = {
  type: 'object',
  additionalProperties: false,
  required: ['slug', 'name', 'network'],
  properties: { slug, name: text, network: entry.network },
} as const;

/**
 * Cards ranked at one place from its earn table, on one channel: a wallet's cards (`best_of_my_cards`,
 * `compare_cards` online) or the best cards one can get there online (`best_card` with channel online).
 */
export const placeRanking = {
  type: 'object',
  additionalProperties: false,
  required: [
    'channel',
    'earn_table',
    'evaluated_on',
    'kind',
    'mcc_code',
    'merchant',
    'valuation',
    'segment',
    'acceptance',
    'ranked',
    'not_accepted',
    'unknown',
  ],
  properties: {
    channel: { ...channel, description: 'in_store: paying at the till; online: on the merchant’s web site or app' },
    earn_table: { type: 'string', pattern: '^/api/earn-table/', description: 'the public earn table the ranking was made from' },
    evaluated_on: isoDate,
    kind: table.kind,
    mcc_code: table.mcc_code,
    merchant: table.merchant,
    valuation: { enum: VALUATIONS },
    segment: { enum: [...cardSegment.enum, null], description: 'the segment the ranking was limited to; null: every card' },
    acceptance: {
      oneOf: [networkAcceptance, { type: 'null' }],
      description:
        'the networks the place takes on this channel when it does not take them all (with its note and source); null: every network',
    },
    ranked: { type: 'array', items: placeCard, description: 'best first; empty when none of the cards is taken here' },
    not_accepted: {
      type: 'array',
      items: refusedCard,
      description: "the wallet's cards the place does not take on this channel (acceptance says why)",
    },
    unknown: { type: 'array', items: slug, description: 'slugs that name no card of the service' },
  },
} as const;

/** `compare_cards` in store: best-card's answer, keeping the compared cards, and those not in its ranking. */
export const comparison = {
  ...bestCard,
  required: [...bestCard.required, 'not_ranked'],
  properties: {
    ...bestCard.properties,
    not_ranked: { type: 'array', items: slug, description: 'compared cards the ranking does not list (unknown, refused here or closed)' },
  },
} as const;

/** `search`: the entries the site's search finds for the query, best first, with the id the other tools take. */
export const searchAnswer = {
  type: 'object',
  additionalProperties: false,
  required: ['query', 'results'],
  properties: {
    query: { type: 'string' },
    results: {
      type: 'array',
      items: {
        type: 'object',
        required: ['type', 'id', 'name', 'path'],
        properties: {
          type: { enum: ['mcc', 'merchant', 'category', 'card'] },
          id: { type: 'string', description: 'an MCC code, a merchant slug, a bonus category slug or a card slug' },
          name: text,
          path: { type: 'string', description: 'where its record is' },
        },
      },
    },
  },
} as const;

/** Each tool's answers, as the schemas of the documents it returns (the output schema adds the problem of a tool error). */
export const TOOL_ANSWERS = {
  best_card: [bestCard, recommendation, placeRanking],
  recommend_for_domain: [recommendation],
  triple_stack: [tripleStack],
  card_details: [cardDetail],
  search: [searchAnswer],
  compare_cards: [comparison, placeRanking],
  best_of_my_cards: [placeRanking],
} as const satisfies Readonly<Record<string, readonly object[]>>;

export type ToolName = keyof typeof TOOL_ANSWERS;

/**
 * The routes each tool may be charged as, one call per tool call (docs/api.md, "Assistants"): the
 * tools check it when they answer, and the API document's text on `/mcp` is written from it.
 */
export const TOOL_CHARGES: Readonly<Record<ToolName, readonly KeyedRouteId[]>> = {
  best_card: ['compute-best-card', 'extension-recommend', 'compute-earn-table'],
  recommend_for_domain: ['extension-recommend'],
  triple_stack: ['compute-triple-stack'],
  card_details: ['cards-detail'],
  search: ['cards-list'],
  compare_cards: ['compute-best-card', 'compute-earn-table'],
  best_of_my_cards: ['compute-earn-table', 'extension-recommend'],
};

/** What each tool is charged as, in words: `best_card: /api/compute/best-card, /api/extension/recommend or …; …`. */
export function toolChargesText(): string {
  return Object.entries(TOOL_CHARGES)
    .map(([name, ids]) => {
      const paths = ids.map((id) => keyedRoute(id).path);
      const last = paths.pop() as string;
      return `${name}: ${paths.length === 0 ? last : `${paths.join(', ')} or ${last}`}`;
    })
    .join('; ');
}

/** The tools' names, which the gateway's metrics label tool calls by (any other name is `other`). */
export const TOOL_NAMES: ReadonlySet<string> = new Set(Object.keys(TOOL_ANSWERS));

/**
 * A tool's `outputSchema`: one of its answers, or the problem of a tool error. The SDK's client
 * (1.32) validates any `structuredContent` it is given, an error's too, so the problem is part of
 * the schema rather than left out of it.
 */
export function toolOutputSchema(name: ToolName): object {
  return { type: 'object', anyOf: [...TOOL_ANSWERS[name], toolProblem] };
}
