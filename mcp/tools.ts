/**
 * The MCP tools, one entry each in `TOOLS`: each maps its arguments to a request path and answers
 * through the request steps of whoever serves it (offline as `cardrewards get`, or the gateway with
 * the caller's key), so the JSON is the same bytes and a refusal the same problem. Input schemas
 * are zod shapes, which the SDK publishes as JSON Schema; output schemas are those of the answers
 * (schemas/mcp.ts), and every answer is also the result's `structuredContent`.
 *
 * A tool is charged once, as the route its `answer` names; what else it reads to present that
 * answer (a `best_cards_from` link, the search index, an earn table) goes through `follow`:
 * authorised, not counted again.
 *
 * Every answer is for one channel: a merchant's or an MCC's for paying in store unless `channel`
 * says online; a domain's, a recommendation's and a triple stack's online.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { defineTool, type Tool, type ToolContext, type ToolRun } from './define-tool.ts';
import type { EarnTablePlace } from './read-earn-table.ts';
import { rankAtPlace } from './place-ranking.ts';
import { withRankedList } from './ranked-list.ts';
import { CHANNELS } from '../schemas/dataset/acceptance.ts';
import { SEGMENTS, VALUATIONS } from '../schemas/ranking-choices.ts';
import { type RankedCard, summariseCard, summariseComparison, summariseRanking, summariseTripleStack } from './summaries.ts';
import { answerResult, toolAnswer, toolError } from './tool-result.ts';
import { findEntries } from './search-entries.ts';

export type { ToolContext } from './define-tool.ts';

const slug = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[a-z0-9-]+$/, 'a lower-case slug such as costco or amex-gold');
const mcc = z.string().regex(/^[0-9]{1,4}$/, 'a merchant category code of up to four digits, such as 5411');
const valuation = z
  .enum(VALUATIONS)
  .optional()
  .describe('standalone: points at their own value (default); pooled: as if moved to the best program the issuer pools them with');
const channel = z
  .enum(CHANNELS)
  .optional()
  .describe("in_store: paying at the till (the default for a merchant or an MCC); online: on the merchant's web site or app");
const segment = z
  .enum(SEGMENTS)
  .optional()
  .describe('personal: only cards offered to people; business: only cards offered to businesses; leave out to rank every card');

/** Summary of a ranking answer, from the whole list its `best_cards_from` names. */
function ranking(context: ToolRun): (doc: Record<string, unknown>) => Promise<string> {
  return async (doc) => summariseRanking(await withRankedList(doc, context.follow), context.buildDate);
}

/** The one place among merchant, mcc and domain, or undefined when not exactly one is given. */
function placeOf(args: {
  merchant?: string | undefined;
  mcc?: string | undefined;
  domain?: string | undefined;
}): EarnTablePlace | undefined {
  const places: EarnTablePlace[] = [
    ...(args.mcc === undefined ? [] : [{ mcc: args.mcc }]),
    ...(args.merchant === undefined ? [] : [{ merchant: args.merchant }]),
    ...(args.domain === undefined ? [] : [{ domain: args.domain }]),
  ];
  return places.length === 1 ? places[0] : undefined;
}

/** How many cards `best_card` lists online, as the recommendation lists. */
const ONLINE_LIST = 10;

const bestCard = defineTool({
  name: 'best_card',
  description:
    'The best credit cards to pay with for one purchase, ranked by value per dollar: give exactly one of merchant (slug, e.g. costco), mcc (merchant category code, e.g. 5411) or domain (a web address). ' +
    "A merchant or MCC answer is for paying in store (at the till) unless channel=online, which ranks the 10 best for paying on the merchant's web site or app from the place's earn table; a domain answer is always online (no valuation). " +
    'segment=personal for a person who cannot hold business cards. Cards closed to applicants are never ranked here (best_of_my_cards ranks them for their holders).',
  inputSchema: {
    merchant: slug.optional(),
    mcc: mcc.optional(),
    domain: z.string().min(1).max(253).optional(),
    channel,
    valuation,
    segment,
  },
  run: async (args, context) => {
    const place = placeOf(args);
    if (place === undefined) return toolError('Give exactly one of merchant, mcc or domain.');
    if ('domain' in place) {
      // The domain ranking (/api/extension/recommend) has one valuation and one channel; refuse rather than ignore the argument.
      if (args.valuation !== undefined) return toolError('valuation is taken with merchant or mcc, not with domain.');
      if (args.channel === 'in_store') return toolError('A domain is a purchase online: leave channel out, or give merchant or mcc.');
      return answerResult(
        await context.charge('extension-recommend', {}, { domain: place.domain, segment: args.segment }),
        ranking(context),
      );
    }
    if (args.channel === 'online')
      return rankAtPlace({ place, channel: 'online', valuation: args.valuation, segment: args.segment, limit: ONLINE_LIST }, context);
    const query = { mcc: args.mcc, merchant: args.merchant, valuation: args.valuation, segment: args.segment };
    return answerResult(await context.charge('compute-best-card', {}, query), ranking(context));
  },
});

const recommendForDomain = defineTool({
  name: 'recommend_for_domain',
  description:
    'The 10 best cards for paying online at the shop behind a web domain (as a browser extension would show them), among the cards it takes online; an unknown site gets the general online ranking.',
  inputSchema: { domain: z.string().min(1).max(253).describe('a domain or URL, e.g. amazon.com'), segment },
  run: async (args, context) =>
    answerResult(await context.charge('extension-recommend', {}, { domain: args.domain, segment: args.segment }), ranking(context)),
});

const tripleStack = defineTool({
  name: 'triple_stack',
  description:
    'For paying online at a merchant (its web site, through a shopping portal): the best card, the best shopping-portal rate and a card-linked offer, each in cents per dollar with its basis and age, and their total.',
  inputSchema: { merchant: slug.describe('merchant slug, e.g. costco'), valuation, segment },
  run: async (args, context) =>
    answerResult(
      await context.charge('compute-triple-stack', {}, { merchant: args.merchant, valuation: args.valuation, segment: args.segment }),
      (doc) => summariseTripleStack(doc, context.buildDate),
    ),
});

const cardDetails = defineTool({
  name: 'card_details',
  description:
    "One card's reward rules, fees, sign-up bonus, benefits and credits, by its slug (find slugs with the search tool), cards closed to applicants included.",
  inputSchema: { card: slug.describe('card slug, e.g. amex-gold') },
  run: async (args, context) =>
    answerResult(await context.charge('cards-detail', { id: args.card }), (doc) => summariseCard(doc, context.buildDate)),
});

const search = defineTool({
  name: 'search',
  description:
    'Find merchants, merchant category codes (MCCs), bonus categories and cards by everyday words (groceries, gas station, rideshare), name, web address, code or slug, best match first, to use with the other tools.',
  inputSchema: {
    query: z
      .string()
      .min(2)
      .max(100)
      .describe('everyday words, a name, a web address, a slug or an MCC, e.g. groceries, costco gas, walmart.com, 5411, amex gold'),
    limit: z.number().int().min(1).max(50).optional().describe('at most this many results (default 20)'),
  },
  run: async (args, context) => {
    // Charged as one call of the card list, whose cards it searches (with the public search index).
    const charged = await context.charge('cards-list');
    if (charged.kind === 'problem') return toolError(charged.problem.detail, charged.problem);
    const entries = await context.searchEntries();
    if (entries === undefined) return toolError('The build has no search index.');
    // The site's own search (schemas/search-match.ts): everyday words and web addresses first, then names.
    const results = findEntries(entries, args.query, args.limit ?? 20);
    const summary =
      results.length === 0
        ? `Nothing matches "${args.query}".`
        : `${results.length} match${results.length === 1 ? '' : 'es'} for "${args.query}": ${results.map((entry) => `${entry.name} (${entry.type} ${entry.id})`).join(', ')}.`;
    return toolAnswer({ query: args.query, results }, summary);
  },
});

const compareCards = defineTool({
  name: 'compare_cards',
  description:
    'Compare two to five cards (by slug) for one purchase at a merchant or an MCC. In store (the default): their entries in the best-card ranking, and which of them are not in it. ' +
    "channel=online: the cards ranked for paying on the merchant's web site or app from the place's earn table, as best_of_my_cards answers.",
  inputSchema: { cards: z.array(slug).min(2).max(5), merchant: slug.optional(), mcc: mcc.optional(), channel, valuation },
  run: async (args, context) => {
    const place = placeOf(args);
    if (place === undefined) return toolError('Give exactly one of merchant or mcc.');
    if (args.channel === 'online') return rankAtPlace({ place, wallet: args.cards, channel: 'online', valuation: args.valuation }, context);
    const reply = await context.charge('compute-best-card', {}, { mcc: args.mcc, merchant: args.merchant, valuation: args.valuation });
    if (reply.kind === 'problem') return toolError(reply.problem.detail, reply.problem);
    const doc = await withRankedList(JSON.parse(reply.bytes.toString('utf8')) as Record<string, unknown>, context.follow);
    const listed = (doc.best_cards ?? []) as readonly RankedCard[];
    const compared = listed.filter((card) => args.cards.includes(card.slug));
    const notRanked = args.cards.filter((wanted) => !listed.some((card) => card.slug === wanted));
    const comparison = { ...doc, best_cards: compared, not_ranked: notRanked };
    return toolAnswer(comparison, summariseComparison(comparison, notRanked, context.buildDate));
  },
});

const bestOfMyCards = defineTool({
  name: 'best_of_my_cards',
  description:
    'Which of the cards a person holds to use for one purchase: give their card slugs (1 to 30; used for this answer only, never stored; cards closed to applicants count) and exactly one of merchant (slug), mcc or domain. ' +
    "A merchant or MCC answer is for paying in store unless channel=online (the merchant's web site or app); a domain is online. " +
    'Ranks them from the earn table of that place, as best_card would, and lists apart the cards the place does not take there (with its acceptance rule: why) and the slugs no card has. ' +
    'One card answers "is my card fine here?": what it earns there, or that it is not taken and why.',
  inputSchema: {
    cards: z.array(slug).min(1).max(30).describe('the card slugs of the wallet, e.g. ["amex-gold", "citi-double-cash"]'),
    merchant: slug.optional(),
    mcc: mcc.optional(),
    domain: z.string().min(1).max(253).optional(),
    channel,
    valuation,
  },
  run: async (args, context) => {
    const place = placeOf(args);
    if (place === undefined) return toolError('Give exactly one of merchant, mcc or domain.');
    return rankAtPlace({ place, wallet: args.cards, channel: args.channel, valuation: args.valuation }, context);
  },
});

/** Every tool, in the order `tools/list` shows them. */
export const TOOLS: readonly Tool[] = [bestCard, recommendForDomain, tripleStack, cardDetails, search, compareCards, bestOfMyCards];

/** Adds every tool to `server`. */
export function registerTools(server: McpServer, context: ToolContext): void {
  for (const tool of TOOLS) tool(server, context);
}
