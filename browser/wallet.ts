/*
 * "My cards" on the MCC and merchant pages (issue 27): pick the cards you hold, and the page's
 * table is re-ranked among them in place, from the page's public earn table. The choice is kept in
 * this browser's localStorage and never sent: the only request is for the earn table, which is the
 * same file for everyone. Without JavaScript the page reads as it was built. No dependencies: the
 * choosing is schemas/choose-from-wallet.ts and the picker and its storage browser/my-cards.ts (the MCC
 * widget's too), bundled in by scripts/generate-browser-scripts.ts.
 */
import { cardRow, type RowPaths, rowFactsOf } from '../schemas/card-row.ts';
import { acceptanceOn, type Channel, chooseFromWallet, refusedFromWallet } from '../schemas/choose-from-wallet.ts';
import type { EarnTable } from '../schemas/keyed.ts';
import { networkName } from '../schemas/network-names.ts';
import { element, nodeOf } from './dom.ts';
import { cardPicker, onWalletChange, pickableCards, readWallet } from './my-cards.ts';

const script = document.currentScript;
// The site root is the folder above /assets/, wherever the script was loaded from.
const base = new URL('../', script instanceof HTMLScriptElement && script.src ? script.src : location.href);
/** Where a row links: the site's pages, below the same root as the page. */
const paths: RowPaths = {
  card: (slug) => new URL(`card/${slug}`, base).pathname,
  best: (category) => new URL(`best/${category}`, base).pathname,
};

/** What the status line says of the wallet's cards the place refuses, and why: a card left out silently reads as a card that earns nothing. */
const refusedText = (table: EarnTable, wallet: readonly string[], channel: Channel): string => {
  const refused = refusedFromWallet(table, wallet, channel);
  const restriction = acceptanceOn(table, channel);
  if (refused.length === 0 || restriction === undefined) return '';
  const takes =
    restriction.networks.length === 0
      ? 'it takes no credit card here'
      : `it takes only ${restriction.networks.map(networkName).join(' and ')} here`;
  return ` Not taken here: ${refused.map((entry) => `${entry.name} (${networkName(entry.network)})`).join(', ')}; ${takes}.`;
};

const mount = async (region: HTMLElement, index: number): Promise<void> => {
  const body = region.querySelector('tbody');
  if (!body || region.dataset['earnTable'] === undefined) return;
  const built = [...body.children];
  const response = await fetch(new URL(region.dataset['earnTable'].replace(/^\//, ''), base), { credentials: 'omit' });
  if (!response.ok) return;
  const table = (await response.json()) as EarnTable;
  const channel: Channel = region.dataset['channel'] === 'online' ? 'online' : 'in_store';
  const status = element('p', { class: 'muted wallet-status', role: 'status' });
  // The wallet the picker just saved, or the stored one (on load, or changed in another tab).
  const render = (wallet: readonly string[] = readWallet()): void => {
    picker.show(wallet);
    if (wallet.length === 0) {
      body.replaceChildren(...built);
      status.textContent = '';
      return;
    }
    const ranked = chooseFromWallet(table, wallet, { channel });
    // The built rows' own model (schemas/card-row.ts), so a re-ranked row reads as the page's.
    body.replaceChildren(...ranked.map((choice) => nodeOf(cardRow(rowFactsOf(choice.entry, channel), choice.rank, paths))));
    const best = ranked[0];
    status.textContent =
      (best === undefined
        ? 'None of your cards can be used here.'
        : `Ranked among your ${wallet.length} cards: ${best.name} earns the most here.`) + refusedText(table, wallet, channel);
  };
  const picker = cardPicker(`wallet-${index}`, render);
  picker.offer(pickableCards(table));
  onWalletChange(() => render());
  region.before(picker.element, status);
  render();
};

document.querySelectorAll<HTMLElement>('[data-earn-table]').forEach((region, index) => {
  mount(region, index).catch(() => {
    // No earn table (offline, an old build): the page stays as it was built.
  });
});
