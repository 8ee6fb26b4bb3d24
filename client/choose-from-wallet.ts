/**
 * "Which of my cards here?" on the device (issue 27): rank the cards a person holds from a public
 * earn table, with the engine's own order, so the wallet is never sent. The choosing itself is
 * schemas/choose-from-wallet.ts, shared with the MCP tool `best_of_my_cards`; here it takes the
 * client's types.
 */
import {
  type ChooseOptions,
  chooseFromWallet as chooseFromTable,
  type WalletChoice as TableChoice,
} from '../schemas/choose-from-wallet.ts';
import { keyedTarget } from '../schemas/keyed-routes.ts';
import { PUBLIC_FILES, publicPath } from '../schemas/public-files.ts';
import type { components } from './api-types.js';

export type EarnTable = components['schemas']['EarnTable'];
export type EarnTableEntry = EarnTable['earnings'][number];
export type { ChooseOptions, Channel, Valuation } from '../schemas/choose-from-wallet.ts';

/** One card of the wallet at the table's place, best first, with why it earns what it earns. */
export type WalletChoice = TableChoice<EarnTableEntry>;

/**
 * The wallet's cards ranked at the table's place, best first: the cards the engine's ranking
 * (best-card, recommend) would list, in its order, keeping only these slugs. A card the merchant
 * refuses on the channel is left out, as the engine leaves it out; an unknown or inactive slug too.
 */
export function chooseFromWallet(table: EarnTable, wallet: Iterable<string>, options: ChooseOptions = {}): WalletChoice[] {
  return chooseFromTable(table, wallet, options);
}

/** Where an earn table is asked for: an MCC, a merchant's slug or a web domain. */
export type EarnTablePlace = { readonly mcc: string } | { readonly merchant: string } | { readonly domain: string };

export interface EarnTableSource {
  /** Where the site and the gateway answer, for example `https://rewards.example`. */
  readonly baseUrl: string;
  /** Needed only for a merchant without a table of its own and for a domain (one keyed request that names the table). */
  readonly apiKey?: string | undefined;
  readonly fetch?: (request: Request) => Promise<Response>;
}

/** A failed request for an earn table or the answer that names it. */
export class EarnTableError extends Error {
  override readonly name = 'EarnTableError';
  readonly code = 'ERR_EARN_TABLE';
  readonly status: number;
  constructor(url: string, status: number) {
    super(`GET ${url}: ${status}`);
    this.status = status;
  }
}

/**
 * Fetches the earn table of a place. An MCC's table and a merchant's own are public files (no key);
 * a merchant that ranks as its MCC does and a domain go through one keyed answer (best-card,
 * recommend) whose `earn_table` names the public table. The wallet is not an argument: it never leaves.
 */
export async function fetchEarnTable(source: EarnTableSource, place: EarnTablePlace): Promise<EarnTable> {
  const base = source.baseUrl.replace(/\/+$/, '');
  const get = async (path: string, keyed: boolean): Promise<Response> => {
    const headers: Record<string, string> = keyed && source.apiKey !== undefined ? { 'X-API-Key': source.apiKey } : {};
    const request = new Request(`${base}${path}`, { headers });
    return (source.fetch ?? fetch)(request);
  };
  const json = async <T>(path: string, keyed = false): Promise<T> => {
    const response = await get(path, keyed);
    if (!response.ok) throw new EarnTableError(path, response.status);
    return (await response.json()) as T;
  };
  const via = async (path: string): Promise<EarnTable> => {
    const answer = await json<{ earn_table: string | null }>(path, true);
    if (answer.earn_table === null) throw new EarnTableError(path, 404);
    return json<EarnTable>(answer.earn_table);
  };
  if ('mcc' in place) return json<EarnTable>(publicPath(PUBLIC_FILES.earnTableMcc, { mcc: place.mcc.padStart(4, '0') }));
  if ('domain' in place) return via(keyedTarget('extension-recommend', {}, { domain: place.domain }));
  const own = await get(publicPath(PUBLIC_FILES.earnTableMerchant, { merchant: encodeURIComponent(place.merchant) }), false);
  if (own.ok) return (await own.json()) as EarnTable;
  if (own.status !== 404) throw new EarnTableError(own.url, own.status);
  return via(keyedTarget('compute-best-card', {}, { merchant: place.merchant }));
}
