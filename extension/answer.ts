/**
 * What the extension answers for a page (issue 43), computed on the device from two public files
 * that are the same whatever the site: the extension index and everyday spending's earn table. The
 * merchant behind the page's host is found in the index as the service's recommendation finds it
 * (www., case and a trailing dot ignored, then parent domains); the earn table of the place is built
 * from everyday spending's with what the index says its MCC changes, and a merchant that ranks apart
 * changes of that (a host we do not know: everyday spending itself); the wallet is ranked there by
 * schemas/choose-from-wallet.ts for a purchase online, the recommendation's channel. No DOM and no
 * browser API: the tests run it as is.
 */
import { acceptanceOn, chooseFromWallet, refusedFromWallet, type WalletChoice } from '../schemas/choose-from-wallet.ts';
import type { ExtensionIndex, ExtensionIndexMerchant, MccTableChanges } from '../schemas/extension-index.ts';
import type { EarnTable, EarnTableEntry } from '../schemas/keyed.ts';
import { compareRankKeys } from '../schemas/rank-order.ts';
import type { Segment } from '../schemas/ranking-choices.ts';

/** Who the cards are offered to, as the options page lets a person narrow them; `all`: every card. */
/** Whose cards the suggestion may name: a segment of schemas/ranking-choices.ts, or every card. */
export type SegmentChoice = Segment | 'all';

/** A web page's host as the recommendation matches it, or undefined for a page that is no web site (chrome:, file:, an IP address). */
export function hostOf(pageUrl: string): string | undefined {
  let url: URL;
  try {
    url = new URL(pageUrl);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  // The browser gives the host in lower case and in its ASCII (punycode) form already.
  const host = url.hostname.replace(/\.$/, '').replace(/^www\./, '');
  if (!host.includes('.') || /^[\d.]+$/.test(host) || host.startsWith('[')) return undefined;
  return host;
}

/** Where the index finds a host's merchant. */
export interface Place {
  readonly merchant: ExtensionIndexMerchant;
  /** The merchant's domain that matched: the host itself or one of its parent domains. */
  readonly matchedDomain: string;
}

/** Each domain of the index to its merchant, built once per index. */
const domainMaps = new WeakMap<ExtensionIndex, ReadonlyMap<string, ExtensionIndexMerchant>>();

/** The merchant behind `host`: the host itself, then each parent domain of two labels or more, as the service's lookup walks them. */
export function findPlace(index: ExtensionIndex, host: string): Place | undefined {
  let domains = domainMaps.get(index);
  if (domains === undefined) {
    domains = new Map(index.merchants.flatMap((merchant) => merchant.domains.map((domain) => [domain, merchant] as const)));
    domainMaps.set(index, domains);
  }
  for (let labels = host.split('.'); labels.length >= 2; labels = labels.slice(1)) {
    const merchant = domains.get(labels.join('.'));
    if (merchant !== undefined) return { merchant, matchedDomain: labels.join('.') };
  }
  return undefined;
}

/** The standalone order the tables list their entries in (docs/ranking.md), in store. */
const byTableOrder = (a: EarnTableEntry, b: EarnTableEntry): number =>
  compareRankKeys(
    { typicalValue: a.values.standalone_typical_cents, conditional: a.conditional, value: a.values.standalone_cents, card: a },
    { typicalValue: b.values.standalone_typical_cents, conditional: b.conditional, value: b.values.standalone_cents, card: b },
  );

/** `base`'s entries with those of `changed` put in their place by slug, in the tables' order. */
function withChanges(base: readonly EarnTableEntry[], changed: readonly EarnTableEntry[]): EarnTableEntry[] {
  const bySlug = new Map(changed.map((entry) => [entry.slug, entry]));
  return base.map((entry) => bySlug.get(entry.slug) ?? entry).sort(byTableOrder);
}

/** Each MCC's changes by code, built once per index. */
const mccMaps = new WeakMap<ExtensionIndex, ReadonlyMap<string, MccTableChanges>>();

/** `base` with the entries of `changes` in place of those of the same slug, as a table of another place. */
function changed(
  base: EarnTable,
  place: Pick<EarnTable, 'kind' | 'mcc_code' | 'merchant' | 'acceptance'>,
  changes: { readonly earnings: readonly EarnTableEntry[]; readonly closed_cards?: readonly EarnTableEntry[] },
): EarnTable {
  const table = { ...base, ...place, earnings: withChanges(base.earnings, changes.earnings) } as EarnTable;
  const closed = base.closed_cards ?? [];
  return closed.length === 0 && changes.closed_cards === undefined
    ? table
    : ({ ...table, closed_cards: withChanges(closed, changes.closed_cards ?? []) } as EarnTable);
}

/**
 * The public earn table of the place, built from everyday spending's (`everyday`) and the index: the
 * MCC's table, and for a merchant that ranks apart from its MCC its own table (both as the service
 * publishes them, /api/earn-table/mcc/ and /merchant/); everyday spending's for a host no merchant has.
 */
export function placeTable(index: ExtensionIndex, place: Place | undefined, everyday: EarnTable): EarnTable {
  if (place === undefined) return everyday;
  let byCode = mccMaps.get(index);
  if (byCode === undefined) {
    byCode = new Map(index.mcc_tables.map((changes) => [changes.mcc_code, changes]));
    mccMaps.set(index, byCode);
  }
  const { merchant } = place;
  const mccChanges = byCode.get(merchant.mcc_code);
  if (mccChanges === undefined) throw new Error(`the index has no table for MCC ${merchant.mcc_code}`);
  const mcc = changed(everyday, { kind: 'mcc', mcc_code: merchant.mcc_code, merchant: null, acceptance: [] }, mccChanges);
  const own = merchant.own_table;
  if (own === null) return mcc;
  return changed(
    mcc,
    { kind: 'merchant', mcc_code: merchant.mcc_code, merchant: { slug: merchant.slug, name: merchant.name }, acceptance: own.acceptance },
    own,
  );
}

/** What the person asked the extension to do. */
export interface Settings {
  readonly wallet: readonly string[];
  readonly segment: SegmentChoice;
  /** Show the best card the person does not hold (off by default). */
  readonly suggest: boolean;
}

/** The answer the popup shows and the badge sums up. */
export interface Answer {
  /** The merchant's name; null for a host the index does not know (everyday spending). */
  readonly merchantName: string | null;
  readonly matchedDomain: string | null;
  /** The wallet ranked for a purchase on the site, best first. */
  readonly mine: readonly WalletChoice<EarnTableEntry>[];
  /** The wallet's cards the merchant does not take online. */
  readonly refused: readonly EarnTableEntry[];
  /** The merchant's restriction online, when it takes only some networks there. */
  readonly online: EarnTable['acceptance'][number] | undefined;
  /** The best card not held (of the chosen segment, one the merchant takes online), when asked for and ranked above the best held. */
  readonly suggestion: WalletChoice<EarnTableEntry> | undefined;
  /** The build date of the tables: the rules in force on it. */
  readonly evaluatedOn: string;
}

const inSegment = (segment: SegmentChoice) => (entry: EarnTableEntry) => segment === 'all' || entry.segment === segment;

/** The answer at a place whose earn table is `table`: the recommendation's channel (online) and order, among the wallet's cards. */
export function answerAt(place: Place | undefined, table: EarnTable, settings: Settings): Answer {
  const mine = chooseFromWallet(table, settings.wallet, { channel: 'online' });
  const held = new Set(settings.wallet);
  // One can get only an active card: the suggestion is chosen among `earnings`, never the closed ones.
  const candidates = table.earnings.filter((entry) => !held.has(entry.slug) && inSegment(settings.segment)(entry));
  const best = settings.suggest
    ? chooseFromWallet(
        { acceptance: table.acceptance, earnings: candidates },
        candidates.map((entry) => entry.slug),
        { channel: 'online' },
      )[0]
    : undefined;
  const top = mine[0];
  // The same order decides whether it beats the best card held.
  const beats =
    best !== undefined &&
    (top === undefined || chooseFromWallet(table, [top.slug, best.slug], { channel: 'online' })[0]?.slug === best.slug);
  return {
    merchantName: place?.merchant.name ?? null,
    matchedDomain: place?.matchedDomain ?? null,
    mine,
    refused: refusedFromWallet(table, settings.wallet, 'online'),
    online: acceptanceOn(table, 'online'),
    suggestion: beats ? best : undefined,
    evaluatedOn: table.evaluated_on,
  };
}

/** The badge: the best rate among the wallet's cards at a merchant (`5%`, `3x`), or '' at a host the index does not know or with no card to use. */
export function badgeText(answer: Answer): string {
  const top = answer.mine[0];
  if (answer.merchantName === null || top === undefined) return '';
  const rate = Number.isInteger(top.rate) ? String(top.rate) : top.rate.toFixed(1).replace(/\.0$/, '');
  return `${rate}${top.entry.cash_back ? '%' : 'x'}`;
}
