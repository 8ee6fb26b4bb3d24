/*
 * cardrewards MCC lookup widget. Embed with
 *   <script src="https://HOST/widget/mcc.js" async></script>
 *   <div data-cardrewards-mcc></div>
 * Type a merchant name or a code; it shows the MCC, its description and its top cards. It reads
 * only the site's public static files (CORS), lives in a Shadow DOM so the page's CSS cannot
 * reach it, writes every value as text (never as HTML), and needs nothing else.
 */
(() => {
  const script = document.currentScript;
  // The site root is the folder above /widget/, wherever the script was loaded from.
  const base = new URL('../', script instanceof HTMLScriptElement && script.src ? script.src : location.href);
  const SUGGESTIONS = 6;
  const STYLE = `
:host { all: initial; display: block; max-width: 32rem; }
.box { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1b1d21; text-align: left; border: 1px solid #c9ced6; border-radius: 10px; padding: 12px 14px; background: #fff; }
form { display: flex; flex-wrap: wrap; gap: 6px; }
label { width: 100%; font-weight: 600; }
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

  const rate = (value) => `${value}×`;

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
    const form = el(
      'form',
      { role: 'search' },
      el('label', { for: `${id}-q` }, 'Look up a merchant or an MCC code'),
      input,
      el('button', { type: 'submit' }, 'Look up'),
    );
    const suggestions = el('ul', { class: 'suggest', 'aria-label': 'Matches' });
    const result = el('div', { 'aria-live': 'polite' });
    root.append(el('style', {}, STYLE), el('div', { class: 'box' }, form, suggestions, result));

    const say = (...nodes) => result.replaceChildren(...nodes);
    const pageLink = (path, text) => el('a', { href: new URL(path, base).href, target: '_blank', rel: 'noopener' }, text);

    const show = async (entry) => {
      suggestions.replaceChildren();
      say(el('p', { class: 'muted' }, 'Loading…'));
      try {
        const code = entry.type === 'mcc' ? entry.code : entry.mcc_code;
        const [mcc, merchant] = await Promise.all([
          json(`api/mcc/${code}.json`),
          entry.type === 'merchant' ? json(`api/merchant/${entry.slug}.json`) : null,
        ]);
        const nodes = [];
        if (merchant) {
          nodes.push(el('h3', {}, merchant.name));
          nodes.push(el('p', {}, 'Best card here: ', el('strong', {}, merchant.top_card.name), ` (${rate(merchant.top_card.rate)})`));
        }
        nodes.push(el(merchant ? 'p' : 'h3', {}, `MCC ${mcc.code}: ${mcc.description}`));
        nodes.push(el('p', { class: 'muted' }, `Category group: ${mcc.category_group}`));
        if (mcc.top_cards.length > 0) {
          nodes.push(el('p', {}, `Top cards for MCC ${mcc.code}:`));
          nodes.push(el('ol', {}, ...mcc.top_cards.map((card) => el('li', {}, `${card.name} (${card.issuer}): ${rate(card.bonus_rate)}`))));
        }
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
  };

  const start = () => {
    for (const host of document.querySelectorAll('[data-cardrewards-mcc]')) mount(host);
  };
  window.CardRewardsMcc = { mount };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
