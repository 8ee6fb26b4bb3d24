/**
 * The total order of docs/ranking.md, in one place for the generator (rankCards) and the wallet
 * chooser (chooseFromWallet: the typed client, MCP and the browser scripts, which bundle it): all sort
 * by this function, so a wallet ranked on a device gives the engine's order. It reads only what an
 * earn table carries (schemas/keyed/earn-table.ts).
 */

/** What the order reads of a card's earning: an engine `Earning` has these fields, and so does a client's view of an earn table entry. */
export interface RankKeys {
  /** Cents per dollar averaged over a typical month once caps are spent: what ranks first. */
  readonly typicalValue: number;
  /** True when the rate needs something of the holder. */
  readonly conditional: boolean;
  /** Headline cents per dollar. */
  readonly value: number;
  readonly card: { readonly annual_fee: number; readonly slug: string };
}

/**
 * Typical-month value descending; at equal value an unconditional rate before a conditional one;
 * then headline value descending, lower annual fee, slug. So a conditional rule never outranks an
 * unconditional one worth as much once its cap is spent.
 */
export function compareRankKeys(a: RankKeys, b: RankKeys): number {
  return (
    b.typicalValue - a.typicalValue ||
    Number(a.conditional) - Number(b.conditional) ||
    b.value - a.value ||
    a.card.annual_fee - b.card.annual_fee ||
    (a.card.slug < b.card.slug ? -1 : a.card.slug > b.card.slug ? 1 : 0)
  );
}
