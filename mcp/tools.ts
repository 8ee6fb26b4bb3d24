/**
 * The MCP tools, one entry each in `TOOLS`: each maps its arguments to a request path and answers
 * through the request steps of whoever serves it (offline as `cardrewards get`, or the gateway with
 * the caller's key), so the JSON is the same bytes and a refusal the same problem. Input schemas
 * are zod shapes, which the SDK publishes as JSON Schema.
 *
 * A tool is charged once, as the route its `answer` names; what else it reads to present that
 * answer (a `best_cards_from` link, the search index) goes through `follow`: authorised, not
 * counted again.
 */
import type { McpServer, ToolCallback } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ShapeOutput, ZodRawShapeCompat } from '@modelcontextprotocol/sdk/server/zod-compat.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { chooseFromWallet } from '../schemas/choose-from-wallet.ts';
import type { EarnTable } from '../schemas/keyed.ts';
import { type EarnTablePlace, earnTablePath, readEarnTable } from './read-earn-table.ts';
import { withRankedList } from './ranked-list.ts';
import { type AnswerRequest, requestTarget } from './route-answer.ts';
import type { SearchEntry } from './search-entries.ts';
import {
  type RankedCard,
  summariseCard,
  summariseComparison,
  summariseRanking,
  summariseTripleStack,
  summariseWallet,
} from './summaries.ts';
import { answerResult, toolAnswer, toolError } from './tool-result.ts';

/** What the tools need from whoever serves them. */
export interface ToolContext {
  /** The tool's one charged request: authorised and counted as the route it names (offline, nothing is counted). */
  readonly answer: AnswerRequest;
  /** Another document the same answer needs: authorised like `answer`, not counted again. */
  readonly follow: AnswerRequest;
  /** The search entries of the build answered from, read once per build. */
  readonly searchEntries: () => Promise<SearchEntry[] | undefined>;
  /** The build date, for answers that carry no date. */
  readonly buildDate: string;
}

/** One tool: its name, description, input shape and what it does; `defineTool` checks the three agree. */
type Tool = (server: McpServer, context: ToolContext) => void;

function defineTool<Shape extends ZodRawShapeCompat>(tool: {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: Shape;
  readonly run: (args: ShapeOutput<Shape>, context: ToolContext) => Promise<CallToolResult>;
}): Tool {
  return (server, context) => {
    // The SDK's callback type is conditional on the shape, which TypeScript cannot resolve for a generic one.
    const callback = ((args: ShapeOutput<Shape>) => tool.run(args, context)) as unknown as ToolCallback<Shape>;
    server.registerTool(tool.name, { description: tool.description, inputSchema: tool.inputSchema }, callback);
  };
}

const slug = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[a-z0-9-]+$/, 'a lower-case slug such as costco or amex-gold');
const mcc = z.string().regex(/^[0-9]{1,4}$/, 'a merchant category code of up to four digits, such as 5411');
const valuation = z
  .enum(['standalone', 'pooled'])
  .optional()
  .describe('standalone: points at their own value (default); pooled: as if moved to the best program the issuer pools them with');
const segment = z
  .enum(['personal', 'business'])
  .optional()
  .describe('personal: only cards offered to people; business: only cards offered to businesses; leave out to rank every card');

/** Summary of a ranking answer, from the whole list its `best_cards_from` names. */
function ranking(context: ToolContext): (doc: Record<string, unknown>) => Promise<string> {
  return async (doc) => summariseRanking(await withRankedList(doc, context.follow), context.buildDate);
}

const bestCard = defineTool({
  name: 'best_card',
  description:
    'The best credit cards to pay with for one purchase, ranked by value per dollar: give exactly one of merchant (slug, e.g. costco), mcc (merchant category code, e.g. 5411) or domain (a web address, for an online purchase; no valuation). ' +
    'segment=personal for a person who cannot hold business cards.',
  inputSchema: { merchant: slug.optional(), mcc: mcc.optional(), domain: z.string().min(1).max(253).optional(), valuation, segment },
  run: async (args, context) => {
    const given = [args.merchant, args.mcc, args.domain].filter((value) => value !== undefined);
    if (given.length !== 1) return toolError('Give exactly one of merchant, mcc or domain.');
    // The domain ranking (/api/extension/recommend) has one valuation; refuse rather than ignore the argument.
    if (args.domain !== undefined && args.valuation !== undefined)
      return toolError('valuation is taken with merchant or mcc, not with domain.');
    if (args.domain !== undefined)
      return answerResult(
        await context.answer(requestTarget('/api/extension/recommend', { domain: args.domain, segment: args.segment })),
        ranking(context),
      );
    const query = { mcc: args.mcc, merchant: args.merchant, valuation: args.valuation, segment: args.segment };
    return answerResult(await context.answer(requestTarget('/api/compute/best-card', query)), ranking(context));
  },
});

const recommendForDomain = defineTool({
  name: 'recommend_for_domain',
  description:
    'The 10 best cards for the shop behind a web domain (as a browser extension would show them), among the cards it takes online; an unknown site gets the general online ranking.',
  inputSchema: { domain: z.string().min(1).max(253).describe('a domain or URL, e.g. amazon.com'), segment },
  run: async (args, context) =>
    answerResult(
      await context.answer(requestTarget('/api/extension/recommend', { domain: args.domain, segment: args.segment })),
      ranking(context),
    ),
});

const tripleStack = defineTool({
  name: 'triple_stack',
  description:
    'For an online purchase at a merchant: the best card, the best shopping-portal rate and a card-linked offer, each in cents per dollar with its basis and age, and their total.',
  inputSchema: { merchant: slug.describe('merchant slug, e.g. costco'), valuation, segment },
  run: async (args, context) =>
    answerResult(
      await context.answer(
        requestTarget('/api/compute/triple-stack', { merchant: args.merchant, valuation: args.valuation, segment: args.segment }),
      ),
      (doc) => summariseTripleStack(doc, context.buildDate),
    ),
});

const cardDetails = defineTool({
  name: 'card_details',
  description: "One card's reward rules, fees, sign-up bonus, benefits and credits, by its slug (find slugs with the search tool).",
  inputSchema: { card: slug.describe('card slug, e.g. amex-gold') },
  run: async (args, context) =>
    answerResult(await context.answer(`/api/cards/${args.card}`), (doc) => summariseCard(doc, context.buildDate)),
});

const search = defineTool({
  name: 'search',
  description: 'Find merchants, merchant category codes (MCCs) and cards by name, code or slug, to use with the other tools.',
  inputSchema: {
    query: z.string().min(2).max(100).describe('words of a name, a slug or an MCC, e.g. costco, grocer, 5411, amex gold'),
    limit: z.number().int().min(1).max(50).optional().describe('at most this many results (default 20)'),
  },
  run: async (args, context) => {
    // Charged as one call of the card list, whose cards it searches (with the public search index).
    const charged = await context.answer('/api/cards');
    if (charged.kind === 'problem') return toolError(charged.problem.detail, charged.problem);
    const entries = await context.searchEntries();
    if (entries === undefined) return toolError('The build has no search index.');
    // Every word must match somewhere, so "amex gold" finds the card whatever the order of its words.
    const words = args.query.toLowerCase().split(/\s+/).filter(Boolean);
    const found = entries.filter((entry) => words.every((word) => entry.terms.includes(word))).slice(0, args.limit ?? 20);
    const results = found.map(({ terms: _terms, ...entry }) => entry);
    const summary =
      results.length === 0
        ? `Nothing matches "${args.query}".`
        : `${results.length} match${results.length === 1 ? '' : 'es'} for "${args.query}": ${results.map((entry) => `${entry.name} (${entry.type} ${entry.id})`).join(', ')}.`;
    return toolAnswer(JSON.stringify(results), summary);
  },
});

const compareCards = defineTool({
  name: 'compare_cards',
  description:
    'Compare two to five cards (by slug) for one purchase, an MCC or a merchant: their entries in the best-card ranking, and which of them are not in it.',
  inputSchema: { cards: z.array(slug).min(2).max(5), merchant: slug.optional(), mcc: mcc.optional(), valuation },
  run: async (args, context) => {
    if ((args.merchant === undefined) === (args.mcc === undefined)) return toolError('Give exactly one of merchant or mcc.');
    const reply = await context.answer(
      requestTarget('/api/compute/best-card', { mcc: args.mcc, merchant: args.merchant, valuation: args.valuation }),
    );
    if (reply.kind === 'problem') return toolError(reply.problem.detail, reply.problem);
    const doc = await withRankedList(JSON.parse(reply.bytes.toString('utf8')) as Record<string, unknown>, context.follow);
    const listed = (doc.best_cards ?? []) as readonly RankedCard[];
    const compared = listed.filter((card) => args.cards.includes(card.slug));
    const notRanked = args.cards.filter((wanted) => !listed.some((card) => card.slug === wanted));
    const comparison = { ...doc, best_cards: compared, not_ranked: notRanked };
    return toolAnswer(JSON.stringify(comparison), summariseComparison(comparison, notRanked, context.buildDate));
  },
});

/** How the summary names the place a table answers for. */
function placeName(place: EarnTablePlace, table: EarnTable): string {
  const mcc = `MCC ${String(table.mcc_code)}`;
  if ('mcc' in place) return mcc;
  if ('merchant' in place) return table.merchant?.name ?? `${place.merchant} (ranked as its ${mcc})`;
  const where = table.merchant?.name ?? (table.kind === 'everyday' ? 'everyday spending' : mcc);
  return `${place.domain} (online, ${where})`;
}

const bestOfMyCards = defineTool({
  name: 'best_of_my_cards',
  description:
    'Which of the cards a person holds to use for one purchase: give their card slugs (2 to 30; used for this answer only, never stored) and exactly one of merchant (slug), mcc or domain (an online purchase). Ranks them from the earn table of that place, as best_card would, and lists apart the slugs that are unknown or inactive, or that the merchant does not take.',
  inputSchema: {
    cards: z.array(slug).min(2).max(30).describe('the card slugs of the wallet, e.g. ["amex-gold", "citi-double-cash"]'),
    merchant: slug.optional(),
    mcc: mcc.optional(),
    domain: z.string().min(1).max(253).optional(),
    valuation,
  },
  run: async (args, context) => {
    const places: EarnTablePlace[] = [
      ...(args.mcc === undefined ? [] : [{ mcc: args.mcc }]),
      ...(args.merchant === undefined ? [] : [{ merchant: args.merchant }]),
      ...(args.domain === undefined ? [] : [{ domain: args.domain }]),
    ];
    const place = places[0];
    if (place === undefined || places.length !== 1) return toolError('Give exactly one of merchant, mcc or domain.');
    const reply = await readEarnTable(place, context.follow);
    if (reply.kind === 'problem') return toolError(reply.message, reply.problem);
    const { table, channel } = reply;
    const wallet = [...new Set(args.cards)].sort();
    const listed = new Set(table.earnings.map((entry) => entry.slug));
    const unknown = wallet.filter((card) => !listed.has(card));
    if (unknown.length === wallet.length)
      return toolError(`None of these cards is an active card: ${unknown.join(', ')}. Find slugs with the search tool.`);
    // Charged once, as the route that answers the table, now that the tool answers (a 429 is refused here).
    const charged = await context.answer(reply.charge);
    if (charged.kind === 'problem') return toolError(charged.problem.detail, charged.problem);
    const valuationUsed = args.valuation ?? 'standalone';
    const choices = chooseFromWallet(table, wallet, { valuation: valuationUsed, channel });
    const chosen = new Set(choices.map((choice) => choice.slug));
    // Keys in sorted order, as every document of the build: the same question gives the same bytes.
    const ranked = choices.map((choice) => ({
      conditions: choice.conditions,
      name: choice.name,
      rank: choice.rank,
      rate: choice.rate,
      rule: choice.rule,
      slug: choice.slug,
      typical_value_cents: choice.typical_value_cents,
      value_cents: choice.value_cents,
      values: choice.values,
    }));
    const doc = {
      channel,
      earn_table: earnTablePath(table),
      evaluated_on: table.evaluated_on,
      kind: table.kind,
      mcc_code: table.mcc_code,
      merchant: table.merchant,
      not_accepted: wallet.filter((card) => listed.has(card) && !chosen.has(card)),
      ranked,
      unknown,
      valuation: valuationUsed,
    };
    return toolAnswer(JSON.stringify(doc), summariseWallet(doc, placeName(place, table)));
  },
});

/** Every tool, in the order `tools/list` shows them. */
export const TOOLS: readonly Tool[] = [bestCard, recommendForDomain, tripleStack, cardDetails, search, compareCards, bestOfMyCards];

/** Adds every tool to `server`. */
export function registerTools(server: McpServer, context: ToolContext): void {
  for (const tool of TOOLS) tool(server, context);
}
