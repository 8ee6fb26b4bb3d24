/*
 * "My cards" on the MCC and merchant pages (issue 27): pick the cards you hold, and the page's
 * table is re-ranked among them in place, from the page's public earn table. The choice is kept in
 * this browser's localStorage and never sent: the only request is for the earn table, which is the
 * same file for everyone. Without JavaScript the page reads as it was built. No dependencies.
 */
(() => {
  const script = document.currentScript;
  // The site root is the folder above /assets/, wherever the script was loaded from.
  const base = new URL('../', script instanceof HTMLScriptElement && script.src ? script.src : location.href);
  const KEY = 'cardrewards.wallet';

  const read = () => {
    try {
      const value = JSON.parse(localStorage.getItem(KEY) ?? '[]');
      return Array.isArray(value) ? value.filter((slug) => typeof slug === 'string') : [];
    } catch {
      return [];
    }
  };
  const write = (slugs) => {
    try {
      localStorage.setItem(KEY, JSON.stringify([...slugs].sort()));
    } catch {
      // Storage refused (private mode, quota): the choice lasts for this page only.
    }
  };

  /** The order of docs/ranking.md (schemas/rank-order.ts): typical value, unconditional first, headline value, lower fee, slug. */
  const compare = (a, b) =>
    b.typical - a.typical ||
    Number(a.entry.conditional) - Number(b.entry.conditional) ||
    b.value - a.value ||
    a.entry.annual_fee - b.entry.annual_fee ||
    (a.entry.slug < b.entry.slug ? -1 : a.entry.slug > b.entry.slug ? 1 : 0);

  /** The wallet's cards the merchant takes on `channel`, ranked under `valuation`: what client/choose-from-wallet.ts gives. */
  const choose = (table, wallet, valuation = 'standalone', channel = 'in_store') => {
    const held = new Set(wallet);
    const networks = table.acceptance.find((row) => row.channel === channel)?.networks;
    return (
      table.earnings
        .filter((entry) => held.has(entry.slug) && (networks === undefined || networks.includes(entry.network)))
        // Online, a card earns its online fields where they differ (an online-only category such as online retail).
        .map((card) => (channel === 'online' && card.online ? { ...card, ...card.online } : card))
        .map((entry) => ({ entry, typical: entry.values[`${valuation}_typical_cents`], value: entry.values[`${valuation}_cents`] }))
        .sort(compare)
    );
  };

  /** The wallet's cards the merchant does not take on `channel`, and the acceptance row that says why (null when it takes all). */
  const refusedOf = (table, wallet, channel = 'in_store') => {
    const held = new Set(wallet);
    const restriction = table.acceptance.find((row) => row.channel === channel);
    if (restriction === undefined) return { cards: [], restriction: null };
    return { cards: table.earnings.filter((entry) => held.has(entry.slug) && !restriction.networks.includes(entry.network)), restriction };
  };
  const NETWORK_NAMES = { amex: 'American Express', discover: 'Discover', mastercard: 'Mastercard', visa: 'Visa' };

  const number = (value) => String(Math.round(value * 100) / 100);
  const element = (name, attributes = {}, ...children) => {
    const node = document.createElement(name);
    for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
    for (const child of children) node.append(child);
    return node;
  };

  /** A table row as the page's own rows read: place, card, rate, value, why. Every value is written as text. */
  const rowOf = ({ entry, value }, index) => {
    const why = element('td');
    if (entry.rule === null) why.append('base rate');
    else
      why.append(element('a', { href: new URL(`best/${entry.rule.category}`, base).pathname }, entry.rule.category.replaceAll('-', ' ')));
    for (const condition of entry.conditions) why.append(element('br'), element('span', { class: 'muted' }, condition.note));
    return element(
      'tr',
      {},
      element('td', {}, String(index + 1)),
      element('td', {}, element('a', { href: new URL(`card/${entry.slug}`, base).pathname }, entry.name)),
      element('td', { class: 'num' }, entry.cash_back ? `${number(entry.rate)} %` : `${number(entry.rate)}×`),
      element('td', { class: 'num' }, `${number(value)}¢ per $1`),
      why,
    );
  };

  const mount = async (region, index) => {
    const body = region.querySelector('tbody');
    if (!body) return;
    const built = [...body.children];
    const response = await fetch(new URL(region.dataset.earnTable.replace(/^\//, ''), base), { credentials: 'omit' });
    if (!response.ok) return;
    const table = await response.json();
    const channel = region.dataset.channel || 'in_store';
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
    const render = () => {
      const wallet = read();
      for (const box of boxes) box.checked = wallet.includes(box.value);
      if (wallet.length === 0) {
        body.replaceChildren(...built);
        status.textContent = '';
        return;
      }
      const ranked = choose(table, wallet, 'standalone', channel);
      const refused = refusedOf(table, wallet, channel);
      body.replaceChildren(...ranked.map(rowOf));
      // Which of the reader's cards this place refuses, and why: a card left out silently reads as a card that earns nothing.
      const takes = refused.restriction
        ? refused.restriction.networks.length === 0
          ? 'it takes no credit card here'
          : `it takes only ${refused.restriction.networks.map((network) => NETWORK_NAMES[network] ?? network).join(' and ')} here`
        : '';
      const refusedText =
        refused.cards.length === 0
          ? ''
          : ` Not taken here: ${refused.cards.map((entry) => `${entry.name} (${NETWORK_NAMES[entry.network] ?? entry.network})`).join(', ')}; ${takes}.`;
      status.textContent =
        (ranked.length === 0
          ? 'None of your cards can be used here.'
          : `Ranked among your ${wallet.length} cards: ${ranked[0].entry.name} earns the most here.`) + refusedText;
    };
    list.addEventListener('change', () => {
      write(boxes.filter((box) => box.checked).map((box) => box.value));
      render();
    });
    filter.addEventListener('input', () => {
      const query = filter.value.trim().toLowerCase();
      for (const box of boxes) box.parentElement.hidden = query !== '' && !box.labels[0].textContent.toLowerCase().includes(query);
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

  document.querySelectorAll('[data-earn-table]').forEach((region, index) => {
    mount(region, index).catch(() => {
      // No earn table (offline, an old build): the page stays as it was built.
    });
  });
})();
