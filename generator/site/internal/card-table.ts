/** The ranked-cards table the MCC, merchant and category pages share. */
import type { Model } from '../../engine/model.ts';
import type { Earning } from '../../engine/ranking.ts';
import { cardRow } from '../../../schemas/card-row.ts';
import { cardRowFactsOf } from '../../views/earn-table.ts';
import { rowPaths } from './format.ts';
import { type Html, html } from './html.ts';
import { rowHtml } from './row-html.ts';

/** Where browser/wallet.js re-ranks the table among the reader's cards: the page's earn table and the purchase's channel. */
export interface WalletSource {
  readonly earnTable: string;
  readonly channel: 'in_store' | 'online';
}

/** A table of ranked cards, best first, each with its rate, its value and the rule behind it. */
export function cardTable(model: Model, label: string, earnings: readonly Earning[], wallet?: WalletSource): Html {
  // Each row is schemas/card-row.ts's, as browser/wallet.ts draws a re-ranked one from the earn table.
  const paths = rowPaths(model);
  const data = wallet ? html` data-earn-table="${wallet.earnTable}" data-channel="${wallet.channel}"` : '';
  return html`<div class="scroll" role="region" aria-label="${label}" tabindex="0"${data}><table class="ranked">
<thead><tr><th scope="col">#</th><th scope="col">Card</th><th scope="col" class="num">Rate</th><th scope="col" class="num">Value</th><th scope="col">Why</th></tr></thead>
<tbody>
${earnings.map(
  (earning, index) => html`${rowHtml([cardRow(cardRowFactsOf(model, earning), index + 1, paths)])}
`,
)}</tbody></table></div>`;
}

/**
 * A place's ranking as a reader sees it: the best `limit` personal cards, since most people cannot
 * open a business card, and the best `limit` business cards one click away (docs/ranking.md §6).
 * `ranked` is every card, best first; only the personal table re-ranks among the reader's cards.
 */
export function segmentedCardTables(model: Model, label: string, ranked: readonly Earning[], limit: number, wallet?: WalletSource): Html {
  const personal = ranked.filter((earning) => earning.card.segment === 'personal').slice(0, limit);
  const business = ranked.filter((earning) => earning.card.segment === 'business').slice(0, limit);
  const businessTable =
    business.length === 0
      ? ''
      : html`<details class="segment"><summary>Business cards: the ${business.length} best</summary>
${cardTable(model, `${label}: business cards`, business)}
</details>`;
  return html`<p class="muted">Cards for personal use; business cards, which only a business can open, are below the table.</p>
${personal.length === 0 ? html`<p>No personal card is ranked here.</p>` : cardTable(model, label, personal, wallet)}
${businessTable}`;
}

/** The sentence that says how tables are ranked. */
export const RANKING_NOTE = 'Ranked by value (the rate times what a point of the card’s program is worth), then by lower annual fee.';
