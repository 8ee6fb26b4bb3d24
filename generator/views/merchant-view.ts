/**
 * A static merchant as its record (`/api/merchant/{slug}.json`) and its page (`/merchant/{slug}`)
 * both show it: its MCC, its cards ranked in store, and the one top card the record names. Built
 * here once, so the record and the page cannot disagree on which card is best.
 */
import type { Model } from '../engine/model.ts';
import { rankCards, type Earning } from '../engine/ranking.ts';
import { acceptanceOf, DEFAULT_CHANNEL } from '../engine/acceptance.ts';
import type { MccRow, MerchantRow } from '../../schemas/dataset.ts';

/** The record's top card, and why it cannot be used at the till when the merchant refuses every card there. */
export interface TopCard {
  readonly earning: Earning;
  readonly refused: string | null;
}

export interface MerchantView {
  readonly merchant: MerchantRow;
  readonly mcc: MccRow;
  /** Every card ranked at the merchant in store, best first; empty when it takes no credit card there. */
  readonly inStore: readonly Earning[];
  /** Undefined only when no active card earns anything at the merchant or its MCC. */
  readonly top: TopCard | undefined;
}

/** The merchant's view; throws when its MCC is missing (the dataset's references are checked before any view is built). */
export function merchantView(model: Model, merchant: MerchantRow): MerchantView {
  const mcc = model.mccByCode.get(merchant.mcc);
  if (!mcc) throw new Error(`merchant ${merchant.slug}: no MCC ${merchant.mcc}`);
  const inStore = rankCards(model, { mcc: merchant.mcc, merchant: merchant.slug, channel: DEFAULT_CHANNEL });
  return { merchant, mcc, inStore, top: topCard(model, merchant, inStore[0]) };
}

/**
 * The merchant's top card in store (its MCC's, unless a merchant-scoped category beats it or the
 * merchant refuses its network). A merchant that takes no credit card in store still has a top card
 * in the record's contract: its best card online, else its MCC's, with `refused` saying why it
 * cannot be used at the till.
 */
function topCard(model: Model, merchant: MerchantRow, inStore: Earning | undefined): TopCard | undefined {
  if (inStore !== undefined) return { earning: inStore, refused: null };
  const online = rankCards(model, { mcc: merchant.mcc, merchant: merchant.slug, channel: 'online' })[0];
  const earning = online ?? rankCards(model, { mcc: merchant.mcc })[0];
  if (earning === undefined) return undefined;
  const where =
    online === undefined
      ? 'it takes no credit card in store or online'
      : 'it takes no credit card in store: this card is for paying online';
  return {
    earning,
    refused: `${merchant.name}: ${where} (${acceptanceOf(model, merchant.slug, 'in_store')?.source_url ?? 'merchant_acceptance.csv'})`,
  };
}
