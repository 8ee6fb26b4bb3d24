/**
 * Cards ranked at one place from its earn table (schemas/mcp.ts `placeRanking`): a wallet's cards
 * (`best_of_my_cards`, `compare_cards` online) or the best cards one can get there online
 * (`best_card` with channel online, which no keyed route ranks for an MCC or a merchant). The
 * choosing is the client's and the browser's (schemas/choose-from-wallet.ts), so all three agree.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { acceptanceOn, type Channel, chooseFromWallet, refusedFromWallet, walletEntries } from '../schemas/choose-from-wallet.ts';
import type { EarnTable } from '../schemas/keyed.ts';
import type { Segment, ValuationMode } from '../schemas/ranking-choices.ts';
import type { ToolRun } from './define-tool.ts';
import { type EarnTablePlace, earnTablePath, readEarnTable } from './read-earn-table.ts';
import { summarisePlaceRanking } from './summaries.ts';
import { toolAnswer, toolError } from './tool-result.ts';

/** What to rank: a wallet's slugs, or (no wallet) every card one can get there, of `segment` if given, the best `limit`. */
export interface PlaceRankingQuery {
  readonly place: EarnTablePlace;
  readonly wallet?: readonly string[];
  /** The channel asked for; undefined: a domain's online, else in store. */
  readonly channel?: Channel | undefined;
  readonly valuation?: ValuationMode | undefined;
  readonly segment?: Segment | undefined;
  readonly limit?: number;
}

/** How the summary names the place a table answers for. */
function placeName(place: EarnTablePlace, table: EarnTable): string {
  const mcc = `MCC ${String(table.mcc_code)}`;
  if ('mcc' in place) return mcc;
  if ('merchant' in place) return table.merchant?.name ?? `${place.merchant} (ranked as its ${mcc})`;
  const where = table.merchant?.name ?? (table.kind === 'everyday' ? 'everyday spending' : mcc);
  return `${place.domain} (online, ${where})`;
}

/** The slugs to rank: the wallet's (sorted, once each), or every active card of the segment (never a closed one). */
function candidates(table: EarnTable, query: PlaceRankingQuery): string[] {
  if (query.wallet !== undefined) return [...new Set(query.wallet)].sort();
  return table.earnings.filter((entry) => query.segment === undefined || entry.segment === query.segment).map((entry) => entry.slug);
}

/** Ranks `query` at its place, charged once as the route that answers the place's table (refused before then: not charged). */
export async function rankAtPlace(query: PlaceRankingQuery, context: ToolRun): Promise<CallToolResult> {
  const { place } = query;
  if ('domain' in place && query.channel === 'in_store')
    return toolError('A domain is a purchase online: leave channel out, or give merchant or mcc for a purchase in store.');
  const reply = await readEarnTable(place, context.follow);
  if (reply.kind === 'problem') return toolError(reply.message, reply.problem);
  const { table } = reply;
  const channel = query.channel ?? reply.channel;
  const slugs = candidates(table, query);
  const known = new Set(walletEntries(table).map((entry) => entry.slug));
  const unknown = query.wallet === undefined ? [] : slugs.filter((card) => !known.has(card));
  if (query.wallet !== undefined && unknown.length === slugs.length)
    return toolError(`No card has the slug ${unknown.join(', ')}. Find slugs with the search tool.`);
  // Charged once, as the route that answers the table, now that the tool answers (a 429 is refused here).
  const charged = await context.charge(reply.charge.route, {}, reply.charge.query);
  if (charged.kind === 'problem') return toolError(charged.problem.detail, charged.problem);
  const valuation = query.valuation ?? 'standalone';
  const choices = chooseFromWallet(table, slugs, { valuation, channel }).slice(0, query.limit);
  // Keys in sorted order, as every document of the build: the same question gives the same bytes.
  const ranked = choices.map((choice) => ({
    conditions: choice.conditions,
    name: choice.name,
    open_to_applicants: choice.open_to_applicants,
    rank: choice.rank,
    rate: choice.rate,
    rule: choice.rule,
    slug: choice.slug,
    typical_value_cents: choice.typical_value_cents,
    value_cents: choice.value_cents,
    values: choice.values,
  }));
  const refused = query.wallet === undefined ? [] : refusedFromWallet(table, slugs, channel);
  const doc = {
    acceptance: acceptanceOn(table, channel) ?? null,
    channel,
    earn_table: earnTablePath(table),
    evaluated_on: table.evaluated_on,
    kind: table.kind,
    mcc_code: table.mcc_code,
    merchant: table.merchant,
    not_accepted: refused.map((entry) => ({ name: entry.name, network: entry.network, slug: entry.slug })),
    ranked,
    segment: query.segment ?? null,
    unknown,
    valuation,
  };
  return toolAnswer(doc, summarisePlaceRanking(doc, placeName(place, table), query.wallet !== undefined));
}
