/*
 * cardrewards MCC lookup widget. Embed with
 *   <script src="https://HOST/widget/mcc.js" async></script>
 *   <div data-cardrewards-mcc></div>
 * Type a merchant name or a code; it shows the MCC, its description and the best cards there, as the
 * site's pages do: only the cards the merchant takes in store, each with its rate, its value and what
 * it needs of the holder, personal cards unless the reader picks business ones (or the embedding
 * site sets data-segment="business" or "all"). It reads only the site's public static files (CORS),
 * lives in a Shadow DOM so the page's CSS cannot reach it, writes every value as text (never as
 * HTML), and needs nothing else.
 *
 * The reader can pick the cards they hold ("My cards", browser/my-cards.ts, as on the site's pages),
 * and the box then names the best of those cards first, ranked on the device from the public earn
 * table. The pick is kept in the browser's localStorage under the site's own key, so the widget on the
 * site's origin (the iframe, /widget) shares the pages' choice; it is never sent.
 *
 * A site that knows its reader's cards can pass them instead (issue 27); while it does, its cards win
 * and the picker is not shown:
 *   <div data-cardrewards-mcc data-cards="amex-gold,citi-double-cash"></div>
 * or, for the iframe or later changes, a message to the widget's window (an empty list hands the
 * choice back to the reader's picker):
 *   frame.contentWindow.postMessage({ type: 'cardrewards:wallet', cards: ['amex-gold'] }, 'https://HOST');
 *
 * The ranking, the wallet choice and the search are schemas/ modules, bundled in by
 * scripts/generate-browser-scripts.ts.
 */
import { rateText, valueText } from '../schemas/card-row.ts';
import {
  acceptanceOn,
  chooseFromWallet,
  refusedFromWallet,
  type WalletAcceptance,
  type WalletChoice,
} from '../schemas/choose-from-wallet.ts';
import type { SearchEntry, SearchIndexEntry } from '../schemas/documents.ts';
import type { EarnTable, EarnTableEntry } from '../schemas/keyed.ts';
import { networkName } from '../schemas/network-names.ts';
import { isStaticRecordEntry, searchEntries } from '../schemas/search-match.ts';
import { element as el } from './dom.ts';
import { cardPicker, onWalletChange, pickableCards, readWallet } from './my-cards.ts';

/** The MCC and merchant records the box reads (docs/api.md: the static records). */
interface MccRecord {
  readonly code: string;
  readonly description: string;
  readonly category_group: string;
}
interface MerchantRecord {
  readonly slug: string;
  readonly name: string;
}

const script = document.currentScript;
// The site root is the folder above /widget/, wherever the script was loaded from.
const base = new URL('../', script instanceof HTMLScriptElement && script.src ? script.src : location.href);
const SUGGESTIONS = 6;
/** How many cards the box lists, as the site's pages do. */
const TOP = 5;
const SEGMENTS = { personal: 'Personal cards', business: 'Business cards', all: 'Every card' } as const;
type Segment = keyof typeof SEGMENTS;
const isSegment = (value: string | undefined): value is Segment => value !== undefined && Object.hasOwn(SEGMENTS, value);
const STYLE = `
:host { all: initial; display: block; max-width: 32rem; }
.box { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1b1d21; text-align: left; border: 1px solid #c9ced6; border-radius: 10px; padding: 12px 14px; background: #fff; }
form { display: flex; flex-wrap: wrap; gap: 6px; }
label { width: 100%; font-weight: 600; }
label.inline { width: auto; font-weight: 400; }
select { font: inherit; padding: 4px 6px; border: 1px solid #767b85; border-radius: 6px; background: #fff; color: inherit; }
input[type=search] { flex: 1 1 12rem; font: inherit; padding: 7px 9px; border: 1px solid #767b85; border-radius: 6px; color: inherit; background: #fff; }
button { font: inherit; padding: 7px 12px; border: 1px solid #0b57d0; border-radius: 6px; background: #0b57d0; color: #fff; cursor: pointer; }
button.link { background: none; border: 0; color: #0b57d0; padding: 2px 0; text-decoration: underline; text-align: left; }
:focus-visible { outline: 3px solid #f0a500; outline-offset: 2px; }
ul, ol { margin: 6px 0; padding-left: 1.3em; }
ul.suggest { list-style: none; padding: 0; }
h3 { font-size: 1.05em; margin: 10px 0 2px; }
p { margin: 4px 0; }
.muted { color: #4a5160; font-size: .9em; }
a { color: #0b57d0; }
.mine { border-left: 3px solid #0b57d0; padding-left: 8px; margin: 8px 0; }
details.wallet { margin: 8px 0; }
details.wallet summary { cursor: pointer; color: #0b57d0; }
details.wallet input[type=search] { width: 100%; margin: 2px 0 6px; }
details.wallet label { width: auto; }
fieldset { max-height: 12rem; overflow-y: auto; margin: 0 0 6px; border: 1px solid #c9ced6; border-radius: 6px; min-width: 0; }
.wallet-card label { font-weight: 400; }
`;

let index: Promise<SearchEntry[]> | undefined;
const json = <T>(path: string): Promise<T> =>
  fetch(new URL(path, base), { credentials: 'omit' }).then((response) => {
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return response.json() as Promise<T>;
  });
const loadIndex = (): Promise<SearchEntry[]> => {
  // The widget opens static records only: the MCCs and the 1,540 static merchants, not categories or keyed merchants.
  index ??= json<SearchIndexEntry[]>('api/search.json').then((entries) => entries.filter(isStaticRecordEntry));
  return index;
};
const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** Card slugs from `data-cards` ("a,b c") or a message; anything else is no wallet. */
const slugsOf = (value: unknown): string[] =>
  (Array.isArray(value) ? (value as unknown[]) : typeof value === 'string' ? value.split(/[\s,]+/) : []).filter(
    (slug): slug is string => typeof slug === 'string' && /^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug),
  );
/** "Costco takes only Visa in store", from the acceptance row. */
const takesText = (name: string, row: WalletAcceptance): string =>
  row.networks.length === 0
    ? `${name} takes no credit card in store`
    : `${name} takes only ${row.networks.map(networkName).join(' and ')} in store`;
/** One ranked card: name, rate, value (as the site's tables write them, schemas/card-row.ts), and what it needs of the holder. */
const cardItem = (choice: WalletChoice<EarnTableEntry>): HTMLLIElement =>
  el(
    'li',
    {},
    el('strong', {}, choice.name),
    `: ${rateText(choice.entry.cash_back, choice.rate)}, ${valueText(choice.value_cents, choice.values.standalone_basis)}`,
    ...choice.conditions.map((condition) => el('span', { class: 'muted' }, el('br'), condition.note)),
  );
/** A merchant's own earn table when it ranks apart from its MCC, else its MCC's (a missing file is the usual case). */
const earnTable = (code: string, slug: string | null): Promise<EarnTable> =>
  (slug ? json<EarnTable>(`api/earn-table/merchant/${slug}.json`) : Promise.reject(new Error('no merchant'))).catch(() =>
    json<EarnTable>(`api/earn-table/mcc/${code}.json`),
  );
/** The cards each box's embedding site passed (data-cards, setWallet, a message); none leaves the choice to the reader. */
const wallets = new Map<HTMLElement, string[]>();
/** The cards a box ranks: the embedding site's when it passed some, else the reader's own pick. */
const walletOf = (host: HTMLElement): string[] => {
  const embedded = wallets.get(host) ?? [];
  return embedded.length > 0 ? embedded : readWallet();
};
/** The cards the picker offers: every card one can hold, from the everyday earn table (the same file for everyone). */
let pickable: Promise<EarnTable> | undefined;
const loadPickable = (): Promise<EarnTable> => {
  pickable ??= json<EarnTable>('api/earn-table/everyday.json');
  return pickable;
};

/** Redraws every box for a changed wallet. */
const redrawAll = (): void => {
  for (const [element] of wallets) element.dispatchEvent(new Event('cardrewards:wallet'));
};

let count = 0;
/** Turns one host element into a lookup box (once). */
const mount = (host: Element): void => {
  if (!(host instanceof HTMLElement) || host.shadowRoot) return;
  const id = `cardrewards-mcc-${++count}`;
  const root = host.attachShadow({ mode: 'open' });
  const input = el('input', {
    id: `${id}-q`,
    type: 'search',
    autocomplete: 'off',
    spellcheck: 'false',
    placeholder: 'Starbucks or 5411',
  });
  const segment = el('select', { id: `${id}-segment` });
  for (const [value, text] of Object.entries(SEGMENTS)) segment.append(el('option', { value }, text));
  segment.value = isSegment(host.dataset['segment']) ? host.dataset['segment'] : 'personal';
  const form = el(
    'form',
    { role: 'search' },
    el('label', { for: `${id}-q` }, 'Look up a merchant or an MCC code'),
    input,
    el('button', { type: 'submit' }, 'Look up'),
    el('label', { for: `${id}-segment`, class: 'inline' }, 'Show ', segment),
  );
  const suggestions = el('ul', { class: 'suggest', 'aria-label': 'Matches' });
  const result = el('div', { 'aria-live': 'polite' });
  const redraw = (): void => {
    if (shown) show(shown);
  };
  // A pick in one box redraws every box of the page (the storage event reaches only other pages).
  const picker = cardPicker(`${id}-cards`, redrawAll);
  // The list of cards is read when the reader first opens the picker, not for every box shown.
  picker.element.addEventListener('toggle', () => {
    if (!picker.element.open) return;
    loadPickable()
      .then((table) => picker.offer(pickableCards(table)))
      .catch(() => {
        // No card list (offline): the picker stays empty; the box answers as without it.
      });
  });
  // Shown only while the embedding site passes no cards of its own.
  const pickerSlot = el('div');
  const showPicker = (): void => pickerSlot.replaceChildren(...((wallets.get(host) ?? []).length > 0 ? [] : [picker.element]));
  root.append(el('style', {}, STYLE), el('div', { class: 'box' }, form, pickerSlot, suggestions, result));

  const say = (...nodes: (Node | string)[]): void => result.replaceChildren(...nodes);
  wallets.set(host, slugsOf(host.dataset['cards']));
  showPicker();
  let shown: SearchEntry | undefined;
  const pageLink = (path: string, text: string): HTMLAnchorElement =>
    el('a', { href: new URL(path, base).href, target: '_blank', rel: 'noopener' }, text);

  const show = async (entry: SearchEntry): Promise<void> => {
    shown = entry;
    suggestions.replaceChildren();
    say(el('p', { class: 'muted' }, 'Loading…'));
    try {
      const code = entry.type === 'mcc' ? entry.code : entry.mcc_code;
      const wallet = walletOf(host);
      const [mcc, merchant, table] = await Promise.all([
        json<MccRecord>(`api/mcc/${code}.json`),
        entry.type === 'merchant' ? json<MerchantRecord>(`api/merchant/${entry.slug}.json`) : null,
        // The place's earn table: every card's earning there, with the networks it takes (a merchant's own when it ranks apart).
        earnTable(code, entry.type === 'merchant' ? entry.slug : null),
      ]);
      const place = merchant ? merchant.name : `MCC ${mcc.code}`;
      const restriction = acceptanceOn(table, 'in_store');
      const item = (choice: WalletChoice<EarnTableEntry>): HTMLLIElement => cardItem(choice);
      const nodes: (Node | string)[] = [];
      if (wallet.length > 0) {
        // The box answers in store under the standalone valuation, as the static records do.
        const ranked = chooseFromWallet(table, wallet);
        const refused = refusedFromWallet(table, wallet, 'in_store');
        const best = ranked[0];
        nodes.push(
          el(
            'div',
            { class: 'mine' },
            best === undefined
              ? el('p', {}, 'None of your cards can be used here.')
              : el(
                  'p',
                  {},
                  'Your best card here: ',
                  el('strong', {}, best.name),
                  ` (${valueText(best.value_cents, best.values.standalone_basis)})`,
                ),
            ranked.length === 0 ? '' : el('ol', {}, ...ranked.map(item)),
            refused.length === 0 || restriction === undefined
              ? ''
              : el(
                  'p',
                  { class: 'refused' },
                  `Not taken here: ${refused.map((card) => `${card.name} (${networkName(card.network)})`).join(', ')}; ${takesText(place, restriction)}.`,
                ),
          ),
        );
      }
      if (merchant) nodes.push(el('h3', {}, merchant.name));
      nodes.push(el(merchant ? 'p' : 'h3', {}, `MCC ${mcc.code}: ${mcc.description}`));
      nodes.push(el('p', { class: 'muted' }, `Category group: ${mcc.category_group}`));
      if (restriction)
        nodes.push(el('p', { class: 'acceptance' }, `${takesText(place, restriction)}: cards on other networks are left out.`));
      const kind: Segment = isSegment(segment.value) ? segment.value : 'personal';
      // Every card of the segment is the "wallet": the chooser applies the place's acceptance and the engine's order.
      const ofSegment = table.earnings.filter((card) => kind === 'all' || card.segment === kind).map((card) => card.slug);
      const best = chooseFromWallet(table, ofSegment).slice(0, TOP);
      nodes.push(el('p', {}, `${SEGMENTS[kind]}: the best ${merchant ? 'here, in store' : `for MCC ${mcc.code}`}`));
      nodes.push(best.length === 0 ? el('p', { class: 'muted' }, 'None is ranked here.') : el('ol', { class: 'best' }, ...best.map(item)));
      nodes.push(
        el(
          'p',
          { class: 'muted' },
          merchant
            ? pageLink(`merchant/${merchant.slug}`, `${merchant.name} on cardrewards`)
            : pageLink(`mcc/${mcc.code}`, `MCC ${mcc.code} on cardrewards`),
        ),
      );
      say(...nodes);
    } catch (error) {
      say(el('p', {}, `Could not load the data (${messageOf(error)}).`));
    }
  };

  const lookup = async (submit: boolean): Promise<void> => {
    let entries: SearchEntry[];
    try {
      entries = await loadIndex();
    } catch (error) {
      say(el('p', {}, `Could not load the search index (${messageOf(error)}).`));
      return;
    }
    const found = searchEntries(entries, input.value);
    if (submit) {
      if (found[0]) show(found[0]);
      else say(el('p', {}, `Nothing found for “${input.value.trim()}”.`));
    }
    suggestions.replaceChildren(
      ...found.slice(submit ? 1 : 0, SUGGESTIONS).map((entry) => {
        const button = el(
          'button',
          { type: 'button', class: 'link' },
          entry.type === 'mcc' ? `${entry.code}: ${entry.name}` : `${entry.name} (MCC ${entry.mcc_code})`,
        );
        button.addEventListener('click', () => show(entry));
        return el('li', {}, button);
      }),
    );
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    lookup(true);
  });
  input.addEventListener('input', () => lookup(false));
  segment.addEventListener('change', () => {
    if (shown) show(shown);
  });
  host.addEventListener('cardrewards:wallet', () => {
    showPicker();
    picker.show(readWallet());
    redraw();
  });
};

/** Gives one box (or every box) a wallet, and redraws what it shows. */
const setWallet = (cards: unknown, host?: HTMLElement): void => {
  for (const [element] of wallets) {
    if (host !== undefined && element !== host) continue;
    wallets.set(element, slugsOf(cards));
    element.dispatchEvent(new Event('cardrewards:wallet'));
  }
};
// The embedding page (or, for the iframe, its parent) may pass the wallet by message: it is only read here.
addEventListener('message', (event: MessageEvent<unknown>) => {
  if (event.source !== window && event.source !== window.parent) return;
  const data = event.data as { type?: unknown; cards?: unknown } | null;
  if (data?.type === 'cardrewards:wallet') setWallet(data.cards);
});

// Another tab or frame of this origin (the site's pages, another box) changed the reader's cards.
onWalletChange(() => redrawAll());

const start = (): void => {
  for (const host of document.querySelectorAll('[data-cardrewards-mcc]')) mount(host);
};
(window as Window & { CardRewardsMcc?: unknown }).CardRewardsMcc = { mount, setWallet };
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
else start();
