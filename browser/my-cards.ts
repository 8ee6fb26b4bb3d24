/**
 * "My cards": the reader's cards, and the picker to choose them, shared by the site's pages
 * (browser/wallet.ts) and the MCC widget (browser/mcc-widget.ts). The choice is kept in this browser's
 * localStorage under one key, so the pages and a widget on the same origin share it, and it is never
 * sent: nothing here makes a request.
 */
import { type WalletTable, type WalletTableEntry, walletEntries } from '../schemas/choose-from-wallet.ts';
import { element } from './dom.ts';

/** The localStorage key of the reader's card slugs (a sorted JSON array). */
const WALLET_KEY = 'cardrewards.wallet';

/** The card slugs the reader picked; none when storage is empty, unreadable or refused. */
export function readWallet(): string[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(WALLET_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((slug): slug is string => typeof slug === 'string') : [];
  } catch {
    return [];
  }
}

/** Keeps the reader's pick (sorted, so the same cards are the same value). */
function writeWallet(slugs: readonly string[]): void {
  try {
    localStorage.setItem(WALLET_KEY, JSON.stringify([...slugs].sort()));
  } catch {
    // Storage refused (private mode, quota): the choice lasts for this page only.
  }
}

/** Calls `listener` when another tab or frame of this origin changes the reader's cards. */
export function onWalletChange(listener: () => void): void {
  addEventListener('storage', (event) => {
    if (event.key === WALLET_KEY || event.key === null) listener();
  });
}

/** A card the picker offers: its slug and the name its box is labelled with. */
export interface PickableCard {
  readonly slug: string;
  readonly name: string;
}

/** The cards a reader may pick at an earn table's place: the active ones and those closed to applicants, labelled so. */
export function pickableCards(table: WalletTable<WalletTableEntry>): PickableCard[] {
  const closed = new Set((table.closed_cards ?? []).map((entry) => entry.slug));
  return walletEntries(table).map(({ slug, name }) => ({ slug, name: closed.has(slug) ? `${name} (closed to applicants)` : name }));
}

export interface CardPicker {
  /** The folded picker (a `<details>`), to put where the reader looks for it. */
  readonly element: HTMLDetailsElement;
  /** Offers `cards` (sorted by name here), the reader's cards ticked. */
  offer(cards: readonly PickableCard[]): void;
  /** Ticks the boxes of `wallet` (after a change made elsewhere). */
  show(wallet: readonly string[]): void;
}

/**
 * The picker: a filter, a box per card and "Clear my cards". Each change is written to storage and
 * then handed to `changed`; ids start with `id`, so two pickers on one page never share one.
 */
export function cardPicker(id: string, changed: (wallet: readonly string[]) => void): CardPicker {
  const list = element('div', { class: 'wallet-list' });
  const filter = element('input', { type: 'search', id: `${id}-filter`, autocomplete: 'off' });
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
  let boxes: HTMLInputElement[] = [];
  const show = (wallet: readonly string[]): void => {
    for (const box of boxes) box.checked = wallet.includes(box.value);
  };
  const save = (wallet: readonly string[]): void => {
    writeWallet(wallet);
    changed(wallet);
  };
  list.addEventListener('change', () => save(boxes.filter((box) => box.checked).map((box) => box.value)));
  filter.addEventListener('input', () => {
    const query = filter.value.trim().toLowerCase();
    for (const box of boxes) {
      const label = box.labels?.[0]?.textContent ?? '';
      if (box.parentElement) box.parentElement.hidden = query !== '' && !label.toLowerCase().includes(query);
    }
  });
  clear.addEventListener('click', () => {
    show([]);
    save([]);
  });
  return {
    element: picker,
    offer(cards) {
      const sorted = [...cards].sort((a, b) => a.name.localeCompare(b.name, 'en'));
      boxes = sorted.map((card, position) => element('input', { type: 'checkbox', id: `${id}-${position}`, value: card.slug }));
      list.replaceChildren(
        ...boxes.map((box, position) =>
          element('div', { class: 'wallet-card' }, box, element('label', { for: box.id }, sorted[position]!.name)),
        ),
      );
      show(readWallet());
    },
    show,
  };
}
