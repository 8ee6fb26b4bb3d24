/**
 * The earn table that answers a place, for `best_of_my_cards` (docs/api.md, "Earn tables"): an
 * MCC's or a merchant's own table through the keyed `/api/compute/earn-table` (starter, best-card's
 * tier); a merchant that ranks as its MCC through best-card's `earn_table` link, then its MCC's table
 * by the keyed route; a domain through the recommendation (free), then the public table it names.
 * Everything is read with `follow` (authorised by the caller's key and tier, not counted), so the
 * tool can refuse a wallet it cannot answer before it is charged, once, as the request `charge` names.
 */
import type { EarnTable } from '../schemas/keyed.ts';
import { templatePattern } from '../schemas/path-template.ts';
import { PUBLIC_FILES, publicPath } from '../schemas/public-files.ts';
import { keyedTarget } from '../schemas/keyed-routes.ts';
import type { Channel } from '../schemas/dataset/acceptance.ts';
import type { AnswerRequest, RouteAnswer, ToolProblem } from './route-answer.ts';

/** Where the wallet is used: an MCC, a merchant's slug or a web domain. */
export type EarnTablePlace = { readonly mcc: string } | { readonly merchant: string } | { readonly domain: string };

/**
 * The table, the request the tool is charged as once it answers (`charge`), and the channel of the
 * purchase (best-card ranks in store, the recommendation online); or why there is none.
 */
export type EarnTableReply =
  | { readonly kind: 'table'; readonly table: EarnTable; readonly charge: TableCharge; readonly channel: Channel }
  | { readonly kind: 'problem'; readonly problem?: ToolProblem; readonly message: string };

/** The route and query a wallet answer is charged as: the table's own route, or the recommendation that names the table. */
export interface TableCharge {
  readonly route: 'compute-earn-table' | 'extension-recommend';
  readonly query: Readonly<Record<string, string>>;
}

const MCC_TABLE = templatePattern(PUBLIC_FILES.earnTableMcc);

type Doc = Record<string, unknown>;

function parse(answer: RouteAnswer & { kind: 'document' }): Doc {
  return JSON.parse(answer.bytes.toString('utf8')) as Doc;
}

function problemOf(answer: RouteAnswer & { kind: 'problem' }): EarnTableReply {
  return { kind: 'problem', problem: answer.problem, message: answer.problem.detail };
}

/** The keyed route serving an MCC's or a merchant's table (the public file's bytes). */
const tableCharge = (place: { readonly mcc: string } | { readonly merchant: string }): TableCharge => ({
  route: 'compute-earn-table',
  query: place,
});
const targetOf = (charge: TableCharge): string => keyedTarget(charge.route, {}, charge.query);

/** The public path of `table` (what best-card's `earn_table` names), from what the table says it is. */
export function earnTablePath(table: EarnTable): string {
  if (table.kind === 'merchant' && table.merchant !== null)
    return publicPath(PUBLIC_FILES.earnTableMerchant, { merchant: table.merchant.slug });
  if (table.kind === 'mcc' && table.mcc_code !== null) return publicPath(PUBLIC_FILES.earnTableMcc, { mcc: table.mcc_code });
  return PUBLIC_FILES.earnTableEveryday;
}

/** The `earn_table` path a ranking answer names (an absolute URL reduced to its path), or undefined when it names none. */
function linkedTable(doc: Doc): string | undefined {
  return typeof doc.earn_table === 'string' ? new URL(doc.earn_table, 'http://offline.invalid').pathname : undefined;
}

function tableReply(answer: RouteAnswer, charge: TableCharge, channel: Channel): EarnTableReply {
  if (answer.kind === 'problem') return problemOf(answer);
  return { kind: 'table', table: parse(answer) as unknown as EarnTable, charge, channel };
}

/** Reads the earn table of `place` through `follow` (authorised, not counted), naming the request that `best_of_my_cards` is charged as. */
export async function readEarnTable(place: EarnTablePlace, follow: AnswerRequest): Promise<EarnTableReply> {
  if ('mcc' in place) {
    const charge = tableCharge({ mcc: place.mcc });
    return tableReply(await follow(targetOf(charge)), charge, 'in_store');
  }
  if ('merchant' in place) {
    const charge = tableCharge({ merchant: place.merchant });
    const own = await follow(targetOf(charge));
    // 404: no table of its own (it ranks as its MCC), or no such merchant; best-card tells which.
    if (own.kind === 'document' || own.problem.status !== 404) return tableReply(own, charge, 'in_store');
    const best = await follow(keyedTarget('compute-best-card', {}, { merchant: place.merchant }));
    if (best.kind === 'problem') return problemOf(best);
    const path = linkedTable(parse(best));
    const mcc = path === undefined ? undefined : MCC_TABLE.exec(path)?.[1];
    if (mcc === undefined) return { kind: 'problem', message: `No earn table answers for merchant ${place.merchant}.` };
    const ofMcc = tableCharge({ mcc });
    return tableReply(await follow(targetOf(ofMcc)), ofMcc, 'in_store');
  }
  const charge: TableCharge = { route: 'extension-recommend', query: { domain: place.domain } };
  const recommended = await follow(targetOf(charge));
  if (recommended.kind === 'problem') return problemOf(recommended);
  const path = linkedTable(parse(recommended));
  if (path === undefined) return { kind: 'problem', message: `No earn table answers for ${place.domain}.` };
  // A public file: the recommendation that names it is what the tool is charged as.
  return tableReply(await follow(path), charge, 'online');
}
