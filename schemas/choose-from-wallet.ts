/**
 * "Which of my cards here?" from an earn table (issue 27), in one place for the typed client
 * (client/choose-from-wallet.ts re-exports it), the MCP tool `best_of_my_cards` (mcp/tools.ts) and the
 * browser's "My cards" and widget (bundled from here by scripts/generate-browser-scripts.ts):
 * the engine's order (rank-order.ts) over the cards a person holds. It reads the table structurally,
 * so each caller keeps its own type of the table (the client's from OpenAPI, the server's from the schema).
 */
import type { Channel } from './dataset/acceptance.ts';
import { compareRankKeys } from './rank-order.ts';
import type { ValuationMode } from './ranking-choices.ts';

export type Valuation = ValuationMode;
export type { Channel };

/** What a card earns at the place on one channel (an entry's own fields in store, its `online` fields online). */
export interface WalletEarning {
  /** The display name of the rule's category; null: the base rate. */
  readonly category_name: string | null;
  readonly conditional: boolean;
  readonly rate: number;
  readonly values: {
    readonly standalone_cents: number;
    readonly standalone_typical_cents: number;
    readonly pooled_cents: number;
    readonly pooled_typical_cents: number;
  };
  readonly rule: unknown;
  readonly conditions: unknown;
}

/** What the choice reads of an earn table entry (schemas/keyed/earn-table.ts). */
export interface WalletTableEntry extends WalletEarning {
  readonly slug: string;
  readonly name: string;
  readonly network: string;
  readonly annual_fee: number;
  /** What the card earns online where it differs from in store (an online-only category); null or absent: the same. */
  readonly online?: WalletEarning | null;
}

/** A channel on which the place takes only some networks (schemas/keyed/merchants.ts). */
export interface WalletAcceptance {
  readonly channel: string;
  readonly networks: readonly string[];
}

/** What the choice reads of an earn table. */
export interface WalletTable<Entry extends WalletTableEntry> {
  readonly acceptance: readonly WalletAcceptance[];
  /** The active cards: what a "which card to get" ranking may list. */
  readonly earnings: readonly Entry[];
  /** The cards closed to applicants that holders still use (absent from tables built before 2026-11-28): ranked only when held. */
  readonly closed_cards?: readonly Entry[];
}

/** Every card a wallet may name at the table's place: the active cards, then those closed to applicants. */
export function walletEntries<Entry extends WalletTableEntry>(table: WalletTable<Entry>): readonly Entry[] {
  return table.closed_cards === undefined || table.closed_cards.length === 0 ? table.earnings : [...table.earnings, ...table.closed_cards];
}

/** What `entry` earns on `channel`: its online fields online where they differ (an online-only category such as online retail), else its own. */
export function earningOn<Entry extends WalletTableEntry>(entry: Entry, channel: Channel): Pick<Entry, keyof WalletEarning> {
  // (An entry's online fields have the types of its own: the same schema, schemas/keyed/earn-table.ts.)
  return (channel === 'online' && entry.online ? entry.online : entry) as Pick<Entry, keyof WalletEarning>;
}

/** The place's restriction on `channel`, or undefined when it takes every network there. */
export function acceptanceOn<Row extends WalletAcceptance>(
  table: { readonly acceptance: readonly Row[] },
  channel: Channel,
): Row | undefined {
  return table.acceptance.find((row) => row.channel === channel);
}

/** The wallet's cards the place refuses on `channel` (their network is not one it takes), in the table's order. */
export function refusedFromWallet<Entry extends WalletTableEntry>(
  table: WalletTable<Entry>,
  wallet: Iterable<string>,
  channel: Channel,
): Entry[] {
  const networks = acceptanceOn(table, channel)?.networks;
  if (networks === undefined) return [];
  const held = new Set(wallet);
  return walletEntries(table).filter((entry) => held.has(entry.slug) && !networks.includes(entry.network));
}

/** One card of the wallet at the table's place, best first, with why it earns what it earns. */
export interface WalletChoice<Entry extends WalletTableEntry = WalletTableEntry> {
  /** 1 for the card to use. */
  readonly rank: number;
  readonly slug: string;
  readonly name: string;
  readonly rate: number;
  /** US cents per dollar under the valuation asked for. */
  readonly value_cents: number;
  /** value_cents averaged over a typical month once the cap is spent: what ranks. */
  readonly typical_value_cents: number;
  readonly values: Entry['values'];
  readonly rule: Entry['rule'];
  readonly conditions: Entry['conditions'];
  /** False for a card closed to applicants: the holder may use it, nobody can get it. */
  readonly open_to_applicants: boolean;
  /** The card's entry in the table, for what a caller shows beside the ranking (issuer, cash back, valuation basis). */
  readonly entry: Entry;
}

export interface ChooseOptions {
  /** `standalone` (the default) or `pooled`, as best-card's `valuation=`. */
  readonly valuation?: Valuation;
  /** The channel of the purchase: `in_store` (the default, as best-card) or `online` (as the recommendation). */
  readonly channel?: Channel;
}

/**
 * The wallet's cards ranked at the table's place, best first: the cards the engine's ranking
 * (best-card, recommend) would list, in its order, keeping only these slugs. A card the merchant
 * refuses on the channel is left out, as the engine leaves it out; an unknown slug too. A card
 * closed to applicants that the wallet holds is ranked among them by the same order (the engine
 * ranks only cards one can get, so it is the one card the engine's list does not show).
 */
export function chooseFromWallet<Entry extends WalletTableEntry>(
  table: WalletTable<Entry>,
  wallet: Iterable<string>,
  options: ChooseOptions = {},
): WalletChoice<Entry>[] {
  const valuation = options.valuation ?? 'standalone';
  const channel = options.channel ?? 'in_store';
  const held = new Set(wallet);
  const networks = acceptanceOn(table, channel)?.networks;
  const closed = new Set((table.closed_cards ?? []).map((entry) => entry.slug));
  return walletEntries(table)
    .filter((entry) => held.has(entry.slug) && (networks === undefined || networks.includes(entry.network)))
    .map((entry) => {
      const earning = earningOn(entry, channel);
      return {
        entry,
        earning,
        typicalValue: earning.values[`${valuation}_typical_cents`],
        conditional: earning.conditional,
        value: earning.values[`${valuation}_cents`],
        card: entry,
      };
    })
    .sort(compareRankKeys)
    .map(({ entry, earning, typicalValue, value }, index) => ({
      rank: index + 1,
      slug: entry.slug,
      name: entry.name,
      rate: earning.rate,
      value_cents: value,
      typical_value_cents: typicalValue,
      values: earning.values,
      rule: earning.rule,
      conditions: earning.conditions,
      open_to_applicants: !closed.has(entry.slug),
      entry,
    }));
}
