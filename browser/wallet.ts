/*
 * "My cards" on the MCC and merchant pages (issue 27): pick the cards you hold, and the page's
 * table is re-ranked among them in place, from the page's public earn table. The choice is kept in
 * this browser's localStorage and never sent: the only request is for the earn table, which is the
 * same file for everyone. Without JavaScript the page reads as it was built. No dependencies: the
 * choosing is schemas/choose-from-wallet.ts, bundled in by scripts/generate-browser-scripts.ts.
 */
import { type CardRowFacts, cardRow, type RowPaths } from '../schemas/card-row.ts';
import { acceptanceOn, type Channel, chooseFromWallet, earningOn, refusedFromWallet } from '../schemas/choose-from-wallet.ts';
import type { EarnTable, EarnTableEntry } from '../schemas/keyed.ts';
import { networkName } from '../schemas/network-names.ts';
import { element, nodeOf } from './dom.ts';

const script = document.currentScript;
// The site root is the folder above /assets/, wherever the script was loaded from.
const base = new URL('../', script instanceof HTMLScriptElement && script.src ? script.src : location.href);
const KEY = 'cardrewards.wallet';

const read = (): string[] => {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((slug): slug is string => typeof slug === 'string') : [];
  } catch {
    return [];
  }
};
const write = (slugs: readonly string[]): void => {
  try {
    localStorage.setItem(KEY, JSON.stringify([...slugs].sort()));
  } catch {
    // Storage refused (private mode, quota): the choice lasts for this page only.
  }
};

/** Where a row links: the site's pages, below the same root as the page. */
const paths: RowPaths = {
  card: (slug) => new URL(`card/${slug}`, base).pathname,
  best: (category) => new URL(`best/${category}`, base).pathname,
};

/** What a row shows of a card bought on `channel`, from its earn table entry (the standalone valuation, as the page's own rows). */
const factsOf = (entry: EarnTableEntry, channel: Channel): CardRowFacts => {
  const earning = earningOn(entry, channel);
  return {
    ...earning,
    slug: entry.slug,
    name: entry.name,
    issuer_name: entry.issuer_name,
    cash_back: entry.cash_back,
    value_cents: earning.values.standalone_cents,
    valuation_basis: earning.values.standalone_basis,
  };
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
  const entries = new Map(table.earnings.map((entry) => [entry.slug, entry]));
  const status = element('p', { class: 'muted wallet-status', role: 'status' });
  const list = element('div', { class: 'wallet-list' });
  const filter = element('input', { type: 'search', id: `wallet-filter-${index}`, autocomplete: 'off' });
  const clear = element('button', { type: 'button' }, 'Clear my cards');
  const picker = element(
    'details',
    { class: 'wallet' },
    element('summary', {}, 'My cards: rank only the cards I hold'),
    element('p', { class: 'muted' }, 'Kept in this browser only (localStorage); never sent anywhere.'),
    element('label', { for: filter.id }, 'Find a card '),
    filter,
    element('fieldset', {}, element('legend', {}, 'Cards I hold'), list),
    clear,
  );
  const cards = [...table.earnings].sort((a, b) => a.name.localeCompare(b.name, 'en'));
  const boxes = cards.map((entry, position) => {
    const box = element('input', { type: 'checkbox', id: `wallet-${index}-${position}`, value: entry.slug });
    list.append(element('div', { class: 'wallet-card' }, box, element('label', { for: box.id }, entry.name)));
    return box;
  });
  const render = (): void => {
    const wallet = read();
    for (const box of boxes) box.checked = wallet.includes(box.value);
    if (wallet.length === 0) {
      body.replaceChildren(...built);
      status.textContent = '';
      return;
    }
    const ranked = chooseFromWallet(table, wallet, { channel });
    // The built rows' own model (schemas/card-row.ts), so a re-ranked row reads as the page's.
    body.replaceChildren(...ranked.map((choice) => nodeOf(cardRow(factsOf(entries.get(choice.slug)!, channel), choice.rank, paths))));
    const best = ranked[0];
    status.textContent =
      (best === undefined
        ? 'None of your cards can be used here.'
        : `Ranked among your ${wallet.length} cards: ${best.name} earns the most here.`) + refusedText(table, wallet, channel);
  };
  list.addEventListener('change', () => {
    write(boxes.filter((box) => box.checked).map((box) => box.value));
    render();
  });
  filter.addEventListener('input', () => {
    const query = filter.value.trim().toLowerCase();
    for (const box of boxes) {
      const label = box.labels?.[0]?.textContent ?? '';
      if (box.parentElement) box.parentElement.hidden = query !== '' && !label.toLowerCase().includes(query);
    }
  });
  clear.addEventListener('click', () => {
    write([]);
    render();
  });
  // Another tab changed the wallet.
  addEventListener('storage', (event) => {
    if (event.key === KEY) render();
  });
  region.before(picker, status);
  render();
};

document.querySelectorAll<HTMLElement>('[data-earn-table]').forEach((region, index) => {
  mount(region, index).catch(() => {
    // No earn table (offline, an old build): the page stays as it was built.
  });
});
