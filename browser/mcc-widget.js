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
 * A site that knows its reader's cards can pass them (issue 27), and the box then names the best of
 * those cards first, ranked on the device from the public earn table (the cards are never sent):
 *   <div data-cardrewards-mcc data-cards="amex-gold,citi-double-cash"></div>
 * or, for the iframe or later changes, a message to the widget's window:
 *   frame.contentWindow.postMessage({ type: 'cardrewards:wallet', cards: ['amex-gold'] }, 'https://HOST');
 */
(() => {
  const script = document.currentScript;
  // The site root is the folder above /widget/, wherever the script was loaded from.
  const base = new URL('../', script instanceof HTMLScriptElement && script.src ? script.src : location.href);
  const SUGGESTIONS = 6;
  /** How many cards the box lists, as the site's pages do. */
  const TOP = 5;
  const SEGMENTS = { personal: 'Personal cards', business: 'Business cards', all: 'Every card' };
  const NETWORK_NAMES = { amex: 'American Express', discover: 'Discover', mastercard: 'Mastercard', visa: 'Visa' };
  const STYLE = `
:host { all: initial; display: block; max-width: 32rem; }
.box { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1b1d21; text-align: left; border: 1px solid #c9ced6; border-radius: 10px; padding: 12px 14px; background: #fff; }
form { display: flex; flex-wrap: wrap; gap: 6px; }
label { width: 100%; font-weight: 600; }
label.inline { width: auto; font-weight: 400; }
select { font: inherit; padding: 4px 6px; border: 1px solid #767b85; border-radius: 6px; background: #fff; color: inherit; }
input { flex: 1 1 12rem; font: inherit; padding: 7px 9px; border: 1px solid #767b85; border-radius: 6px; color: inherit; background: #fff; }
button { font: inherit; padding: 7px 12px; border: 1px solid #0b57d0; border-radius: 6px; background: #0b57d0; color: #fff; cursor: pointer; }
button.link { background: none; border: 0; color: #0b57d0; padding: 2px 0; text-decoration: underline; text-align: left; }
:focus-visible { outline: 3px solid #f0a500; outline-offset: 2px; }
ul, ol { margin: 6px 0; padding-left: 1.3em; }
ul.suggest { list-style: none; padding: 0; }
h3 { font-size: 1.05em; margin: 10px 0 2px; }
p { margin: 4px 0; }
.muted { color: #4a5160; font-size: .9em; }
a { color: #0b57d0; }
.wallet { border-left: 3px solid #0b57d0; padding-left: 8px; margin: 8px 0; }
`;

  let index;
  const json = (path) =>
    fetch(new URL(path, base), { credentials: 'omit' }).then((response) => {
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return response.json();
    });
  const loadIndex = () => {
    index ??= json('api/search.json');
    return index;
  };

  /** Builds an element; children are nodes or text, never parsed as HTML. */
  const el = (tag, attributes, ...children) => {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes ?? {})) node.setAttribute(name, value);
    node.append(...children);
    return node;
  };

  /** Index entries matching the query: exact and prefix matches first, then merchants by popularity, then codes. */
  const match = (entries, raw) => {
    const query = raw.trim().toLowerCase();
    if (query === '') return [];
    if (/^\d{1,4}$/.test(query)) {
      const code = query.padStart(4, '0');
      return entries
        .filter((e) => e.type === 'mcc' && (e.code === code || e.code.startsWith(query)))
        .sort((a, b) => Number(b.code === code) - Number(a.code === code));
    }
    return entries
      .map((entry) => {
        const name = entry.name.toLowerCase();
        const at = name.indexOf(query);
        const rank = entry.type === 'merchant' ? entry.rank : 5e5 + Number(entry.code);
        return [at < 0 ? -1 : (name === query ? 0 : at === 0 ? 1 : 2) * 1e6 + rank, entry];
      })
      .filter(([score]) => score >= 0)
      .sort((a, b) => a[0] - b[0])
      .map(([, entry]) => entry);
  };

  const number = (value) => String(Math.round(value * 100) / 100);
  /** A rate as the card states it: percent back for cash back, a multiplier for points. */
  const rate = (entry) => (entry.cash_back ? `${number(entry.rate)} %` : `${number(entry.rate)}×`);

  /** Card slugs from `data-cards` ("a,b c") or a message; anything else is no wallet. */
  const slugsOf = (value) =>
    (Array.isArray(value) ? value : typeof value === 'string' ? value.split(/[\s,]+/) : []).filter(
      (slug) => typeof slug === 'string' && /^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug),
    );
  /** The order of docs/ranking.md (schemas/rank-order.ts), as browser/wallet.js and the typed client apply it. */
  const compare = (a, b) =>
    b.typical - a.typical ||
    Number(a.entry.conditional) - Number(b.entry.conditional) ||
    b.value - a.value ||
    a.entry.annual_fee - b.entry.annual_fee ||
    (a.entry.slug < b.entry.slug ? -1 : a.entry.slug > b.entry.slug ? 1 : 0);
  /** The place's restriction in store, or undefined when it takes every network. */
  const inStore = (table) => table.acceptance.find((row) => row.channel === 'in_store');
  /** The cards (every card, or the wallet's) the place takes in store, best first (standalone valuation, as the static records). */
  const choose = (table, keep) => {
    const networks = inStore(table)?.networks;
    return table.earnings
      .filter((entry) => keep(entry) && (networks === undefined || networks.includes(entry.network)))
      .map((entry) => ({ entry, typical: entry.values.standalone_typical_cents, value: entry.values.standalone_cents }))
      .sort(compare);
  };
  /** The wallet's cards the place refuses in store. */
  const refusedOf = (table, held) => {
    const networks = inStore(table)?.networks;
    return networks === undefined ? [] : table.earnings.filter((entry) => held.has(entry.slug) && !networks.includes(entry.network));
  };
  /** "Costco takes only Visa in store", from the acceptance row. */
  const takesText = (name, row) =>
    row.networks.length === 0
      ? `${name} takes no credit card in store`
      : `${name} takes only ${row.networks.map((network) => NETWORK_NAMES[network] ?? network).join(' and ')} in store`;
  /** One ranked card: name, rate, value, and what it needs of the holder. */
  const cardItem = ({ entry, value }) =>
    el(
      'li',
      {},
      el('strong', {}, entry.name),
      `: ${rate(entry)}, ${number(value)}¢ per $1`,
      ...entry.conditions.map((condition) => el('span', { class: 'muted' }, el('br'), condition.note)),
    );
  /** A merchant's own earn table when it ranks apart from its MCC, else its MCC's (a missing file is the usual case). */
  const earnTable = (code, slug) =>
    (slug ? json(`api/earn-table/merchant/${slug}.json`) : Promise.reject(new Error('no merchant'))).catch(() =>
      json(`api/earn-table/mcc/${code}.json`),
    );
  const wallets = new Map();

  let count = 0;
  /** Turns one host element into a lookup box (once). */
  const mount = (host) => {
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
    segment.value = SEGMENTS[host.dataset.segment] ? host.dataset.segment : 'personal';
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
    root.append(el('style', {}, STYLE), el('div', { class: 'box' }, form, suggestions, result));

    const say = (...nodes) => result.replaceChildren(...nodes);
    wallets.set(host, slugsOf(host.dataset.cards));
    let shown;
    const pageLink = (path, text) => el('a', { href: new URL(path, base).href, target: '_blank', rel: 'noopener' }, text);

    const show = async (entry) => {
      shown = entry;
      suggestions.replaceChildren();
      say(el('p', { class: 'muted' }, 'Loading…'));
      try {
        const code = entry.type === 'mcc' ? entry.code : entry.mcc_code;
        const wallet = wallets.get(host) ?? [];
        const [mcc, merchant, table] = await Promise.all([
          json(`api/mcc/${code}.json`),
          entry.type === 'merchant' ? json(`api/merchant/${entry.slug}.json`) : null,
          // The place's earn table: every card's earning there, with the networks it takes (a merchant's own when it ranks apart).
          earnTable(code, entry.type === 'merchant' ? entry.slug : null),
        ]);
        const place = merchant ? merchant.name : `MCC ${mcc.code}`;
        const restriction = inStore(table);
        const nodes = [];
        if (wallet.length > 0) {
          const held = new Set(wallet);
          const ranked = choose(table, (card) => held.has(card.slug));
          const refused = refusedOf(table, held);
          nodes.push(
            el(
              'div',
              { class: 'wallet' },
              ranked.length === 0
                ? el('p', {}, 'None of your cards can be used here.')
                : el('p', {}, 'Your best card here: ', el('strong', {}, ranked[0].entry.name), ` (${number(ranked[0].value)}¢ per $1)`),
              ranked.length === 0 ? '' : el('ol', {}, ...ranked.map(cardItem)),
              refused.length === 0
                ? ''
                : el(
                    'p',
                    { class: 'refused' },
                    `Not taken here: ${refused.map((card) => `${card.name} (${NETWORK_NAMES[card.network] ?? card.network})`).join(', ')}; ${takesText(place, restriction)}.`,
                  ),
            ),
          );
        }
        if (merchant) nodes.push(el('h3', {}, merchant.name));
        nodes.push(el(merchant ? 'p' : 'h3', {}, `MCC ${mcc.code}: ${mcc.description}`));
        nodes.push(el('p', { class: 'muted' }, `Category group: ${mcc.category_group}`));
        if (restriction)
          nodes.push(el('p', { class: 'acceptance' }, `${takesText(place, restriction)}: cards on other networks are left out.`));
        const kind = segment.value;
        const best = choose(table, (card) => kind === 'all' || card.segment === kind).slice(0, TOP);
        nodes.push(el('p', {}, `${SEGMENTS[kind]}: the best ${merchant ? 'here, in store' : `for MCC ${mcc.code}`}`));
        nodes.push(
          best.length === 0 ? el('p', { class: 'muted' }, 'None is ranked here.') : el('ol', { class: 'best' }, ...best.map(cardItem)),
        );
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
        say(el('p', {}, `Could not load the data (${error.message}).`));
      }
    };

    const lookup = async (submit) => {
      let entries;
      try {
        entries = await loadIndex();
      } catch (error) {
        say(el('p', {}, `Could not load the search index (${error.message}).`));
        return;
      }
      const found = match(entries, input.value);
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
      if (shown) show(shown);
    });
  };

  /** Gives one box (or every box) a wallet, and redraws what it shows. */
  const setWallet = (cards, host) => {
    for (const [element] of wallets) {
      if (host !== undefined && element !== host) continue;
      wallets.set(element, slugsOf(cards));
      element.dispatchEvent(new Event('cardrewards:wallet'));
    }
  };
  // The embedding page (or, for the iframe, its parent) may pass the wallet by message: it is only read here.
  addEventListener('message', (event) => {
    if (event.source !== window && event.source !== window.parent) return;
    if (event.data?.type === 'cardrewards:wallet') setWallet(event.data.cards);
  });

  const start = () => {
    for (const host of document.querySelectorAll('[data-cardrewards-mcc]')) mount(host);
  };
  window.CardRewardsMcc = { mount, setWallet };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
