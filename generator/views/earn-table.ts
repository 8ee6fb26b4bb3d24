/**
 * The earn table of a place (issue 27): every active card's earning there under both valuations,
 * with the rule, its conditions and the keys of the ranking order, so a device can rank the cards
 * its holder has (client/choose-from-wallet.ts, browser/wallet.js) without sending them anywhere.
 * The cards closed to applicants are listed apart (`closed_cards`): a holder's wallet ranks them,
 * but nothing that ranks the table's `earnings` for "which card to get" ever sees one.
 */
import type { Model } from '../engine/model.ts';
import {
  allPurchasesRuleOf,
  compareEarnings,
  earningFor,
  earningOf,
  mayRankApartFromMcc,
  type Earning,
  type Purchase,
} from '../engine/ranking.ts';
import { conditionsOf } from '../engine/conditions.ts';
import type { CardRow, Channel, MccRow, MerchantRow } from '../../schemas/dataset.ts';
import type * as Keyed from '../../schemas/keyed.ts';
import { PUBLIC_FILES, publicPath } from '../../schemas/public-files.ts';
import type { CardRowFacts } from '../../schemas/card-row.ts';
import { appliedRuleOf, categoryName, isCashBack, issuerName } from './cards.ts';
import { acceptanceViews } from './acceptance.ts';

/** Where the earn tables live: public files, no key needed (docs/api.md, "Earn tables"). */

/** The site path of an MCC's, a merchant's or the everyday earn table. */
export const earnTablePaths = {
  mcc: (code: string) => publicPath(PUBLIC_FILES.earnTableMcc, { mcc: code }),
  merchant: (slug: string) => publicPath(PUBLIC_FILES.earnTableMerchant, { merchant: slug }),
  everyday: PUBLIC_FILES.earnTableEveryday,
} as const;

/** The earn table that answers a purchase: the merchant's own when it may rank apart from its MCC, else the MCC's. */
export function earnTableHref(model: Model, purchase: Purchase): string {
  return purchase.merchant !== undefined && mayRankApartFromMcc(model, purchase.merchant)
    ? earnTablePaths.merchant(purchase.merchant)
    : earnTablePaths.mcc(purchase.mcc);
}

/** A card's earning under the two valuations (the same rule: a card's rules share its point value). */
interface BothEarnings {
  readonly standalone: Earning;
  readonly pooled: Earning;
}

/** The channel-dependent fields of an entry, keys in canonical order (canonical-json.ts): serialising copies nothing. */
function earningFieldsOf(model: Model, { standalone, pooled }: BothEarnings) {
  return {
    category_name: standalone.rule ? categoryName(model, standalone.rule.category) : null,
    conditional: standalone.conditional,
    conditions: conditionsOf(model, standalone),
    rate: standalone.rate,
    rule: standalone.rule ? appliedRuleOf(standalone.rule) : null,
    values: {
      pooled_basis: pooled.points.pooled.basis,
      pooled_cents: pooled.value,
      pooled_typical_cents: pooled.typicalValue,
      pooled_with: pooled.points.pooled.with,
      standalone_basis: standalone.points.standalone.basis,
      standalone_cents: standalone.value,
      standalone_typical_cents: standalone.typicalValue,
    },
  };
}

/** One card's entry: its earning in store, and online where an online-only category makes it differ. */
function entryOf(model: Model, inStore: BothEarnings, online: BothEarnings): Keyed.EarnTableEntry {
  const { card } = inStore.standalone;
  const { category_name, conditional, conditions, rate, rule, values } = earningFieldsOf(model, inStore);
  return {
    annual_fee: card.annual_fee,
    cash_back: isCashBack(model, card),
    category_name,
    conditional,
    conditions,
    issuer_name: issuerName(model, card.issuer),
    name: card.name,
    network: card.network,
    online: online.standalone.rule === inStore.standalone.rule ? null : earningFieldsOf(model, online),
    rate,
    rule,
    segment: card.segment,
    slug: card.slug,
    values,
  };
}

/**
 * What a row of a ranked table shows of `earning` (schemas/card-row.ts): the fields its earn table
 * entry carries, under the earning's own valuation, so a row re-ranked from the entry reads the same.
 */
export function cardRowFactsOf(model: Model, earning: Earning): CardRowFacts {
  const { card } = earning;
  return {
    slug: card.slug,
    name: card.name,
    issuer_name: issuerName(model, card.issuer),
    cash_back: isCashBack(model, card),
    rate: earning.rate,
    value_cents: earning.value,
    valuation_basis: earning.points[earning.valuation].basis,
    rule: earning.rule ? appliedRuleOf(earning.rule) : null,
    category_name: earning.rule ? categoryName(model, earning.rule.category) : null,
    conditions: conditionsOf(model, earning),
  };
}

/** A card's earning at the table's place under a valuation, on a channel. */
type Earn = (card: CardRow, valuation: 'standalone' | 'pooled', channel: Channel) => Earning;

/** `cards`, in the standalone order in store, each with its online earning where it differs. */
function entries(model: Model, earn: Earn, cards: readonly CardRow[]): Keyed.EarnTableEntry[] {
  const both = (card: CardRow, channel: Channel): BothEarnings => ({
    standalone: earn(card, 'standalone', channel),
    pooled: earn(card, 'pooled', channel),
  });
  return cards
    .map((card) => ({ inStore: both(card, 'in_store'), online: both(card, 'online') }))
    .sort((a, b) => compareEarnings(a.inStore.standalone, b.inStore.standalone))
    .map(({ inStore, online }) => entryOf(model, inStore, online));
}

/** The table's two lists at a place: the active cards (`earnings`, with their count) and the closed ones. */
function cardLists(model: Model, earn: Earn) {
  const earnings = entries(model, earn, model.activeCards);
  return { card_count: earnings.length, earnings, closed_cards: entries(model, earn, model.closedCards) };
}

/** An MCC's earn table. */
export function mccEarnTable(model: Model, mcc: MccRow): Keyed.EarnTable {
  const lists = cardLists(model, (card, valuation, channel) => earningFor(model, card, { mcc: mcc.code, channel }, valuation));
  return { kind: 'mcc', mcc_code: mcc.code, merchant: null, evaluated_on: model.date, acceptance: [], ...lists };
}

/** A merchant's earn table: its own categories apply, and acceptance names the networks it refuses on each channel. */
export function merchantEarnTable(model: Model, merchant: MerchantRow): Keyed.EarnTable {
  const lists = cardLists(model, (card, valuation, channel) =>
    earningFor(model, card, { mcc: merchant.mcc, merchant: merchant.slug, channel }, valuation),
  );
  return {
    kind: 'merchant',
    mcc_code: merchant.mcc,
    merchant: { slug: merchant.slug, name: merchant.name },
    evaluated_on: model.date,
    acceptance: acceptanceViews(model, merchant),
    ...lists,
  };
}

/** Spending in no bonus category: each card's all-purchases rule, else its base rate (the everyday ranking). */
export function everydayEarnTable(model: Model): Keyed.EarnTable {
  const lists = cardLists(model, (card, valuation) => earningOf(model, card, allPurchasesRuleOf(model, card), valuation));
  return { kind: 'everyday', mcc_code: null, merchant: null, evaluated_on: model.date, acceptance: [], ...lists };
}
