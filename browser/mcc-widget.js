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
// Generated from browser/mcc-widget.ts by `npm run generate:browser-scripts`: edit that file, not this one.
"use strict";
(() => {
  // schemas/rank-order.ts
  function compareRankKeys(a, b) {
    return b.typicalValue - a.typicalValue || Number(a.conditional) - Number(b.conditional) || b.value - a.value || a.card.annual_fee - b.card.annual_fee || (a.card.slug < b.card.slug ? -1 : a.card.slug > b.card.slug ? 1 : 0);
  }

  // schemas/choose-from-wallet.ts
  function walletEntries(table) {
    return table.closed_cards === void 0 || table.closed_cards.length === 0 ? table.earnings : [...table.earnings, ...table.closed_cards];
  }
  function earningOn(entry, channel) {
    return channel === "online" && entry.online ? entry.online : entry;
  }
  function acceptanceOn(table, channel) {
    return table.acceptance.find((row) => row.channel === channel);
  }
  function refusedFromWallet(table, wallet, channel) {
    const networks = acceptanceOn(table, channel)?.networks;
    if (networks === void 0) return [];
    const held = new Set(wallet);
    return walletEntries(table).filter((entry) => held.has(entry.slug) && !networks.includes(entry.network));
  }
  function chooseFromWallet(table, wallet, options = {}) {
    const valuation = options.valuation ?? "standalone";
    const channel = options.channel ?? "in_store";
    const held = new Set(wallet);
    const networks = acceptanceOn(table, channel)?.networks;
    const closed = new Set((table.closed_cards ?? []).map((entry) => entry.slug));
    return walletEntries(table).filter((entry) => held.has(entry.slug) && (networks === void 0 || networks.includes(entry.network))).map((entry) => {
      const earning = earningOn(entry, channel);
      return {
        entry,
        earning,
        typicalValue: earning.values[`${valuation}_typical_cents`],
        conditional: earning.conditional,
        value: earning.values[`${valuation}_cents`],
        card: entry
      };
    }).sort(compareRankKeys).map(({ entry, earning, typicalValue, value }, index2) => ({
      rank: index2 + 1,
      slug: entry.slug,
      name: entry.name,
      rate: earning.rate,
      value_cents: value,
      typical_value_cents: typicalValue,
      values: earning.values,
      rule: earning.rule,
      conditions: earning.conditions,
      open_to_applicants: !closed.has(entry.slug),
      entry
    }));
  }

  // schemas/number-text.ts
  function numberText(value) {
    return String(Math.round(value * 1e4) / 1e4);
  }

  // schemas/card-row.ts
  function rateText(cashBack, rate) {
    return cashBack ? `${numberText(rate)} %` : `${numberText(rate)}×`;
  }
  function valueText(valueCents, valuationBasis) {
    return `${numberText(valueCents)}¢ per $1${valuationBasis === "assumed" ? " (assumed 1¢ a point)" : ""}`;
  }

  // schemas/network-names.ts
  var NETWORK_NAMES = {
    amex: "American Express",
    discover: "Discover",
    mastercard: "Mastercard",
    visa: "Visa"
  };
  function networkName(network) {
    return Object.hasOwn(NETWORK_NAMES, network) ? NETWORK_NAMES[network] : network;
  }

  // schemas/search-match.ts
  function isStaticRecordEntry(entry) {
    return (entry.type === "mcc" || entry.type === "merchant") && entry.path.endsWith(".json");
  }
  var CODE_QUERY = /^\d{1,4}$/;
  var ADDRESS_QUERY = /^[a-z][a-z0-9+.-]*:\/\/|^[^\s/]+\.[a-z]{2,}(?::\d+)?(?:[/?#]|$)/i;
  var TERM_PREFIX_MIN = 3;
  var Band = { Term: 0, Name: 1, TermStart: 2, NameStart: 3, NameWord: 4, AllWords: 5, Contains: 6 };
  var TYPE_ORDER = { merchant: 0, mcc: 1, category: 2, card: 3 };
  function searchText(raw) {
    return raw.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase().replace(/&/g, " and ").replace(/['’]/g, "").replace(/[^a-z0-9]+/g, " ").trim();
  }
  function queryHost(raw) {
    const query = raw.trim();
    if (!ADDRESS_QUERY.test(query)) return void 0;
    try {
      const host = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(query) ? query : `http://${query}`).hostname;
      return host.toLowerCase().replace(/\.$/, "").replace(/^www\./, "") || void 0;
    } catch {
      return void 0;
    }
  }
  var prepared = /* @__PURE__ */ new WeakMap();
  function prepare(entry) {
    let known = prepared.get(entry);
    if (known === void 0) {
      const name = searchText(entry.name);
      const terms = "terms" in entry && entry.terms ? entry.terms.map(searchText) : [];
      const also = [entry.type === "mcc" ? entry.code : entry.slug, entry.type === "card" ? entry.issuer ?? "" : "", ...terms];
      const words = [...new Set([name, ...also].flatMap((text) => searchText(text).split(" ")).filter(Boolean))];
      known = { name, compactName: name.replace(/ /g, ""), terms, words };
      prepared.set(entry, known);
    }
    return known;
  }
  function hostAndParents(host) {
    const labels = host.split(".");
    return labels.slice(0, -1).map((_, index2) => labels.slice(index2).join("."));
  }
  function bandOf(entry, query, words) {
    const { name, compactName, terms, words: known } = prepare(entry);
    const compactQuery = query.replace(/ /g, "");
    if (terms.includes(query)) return Band.Term;
    if (name === query || compactName === compactQuery) return Band.Name;
    if (query.length >= TERM_PREFIX_MIN && terms.some((term) => term.startsWith(query))) return Band.TermStart;
    if (name.startsWith(query)) return Band.NameStart;
    if (` ${name}`.includes(` ${query}`)) return Band.NameWord;
    if (words.length > 1 && words.every((word) => known.some((candidate) => candidate.startsWith(word)))) return Band.AllWords;
    if (compactName.includes(compactQuery)) return Band.Contains;
    return void 0;
  }
  function compareWithinBand(a, b) {
    if (a.type !== b.type) return TYPE_ORDER[a.type] - TYPE_ORDER[b.type];
    if (a.type === "merchant" && b.type === "merchant") return a.rank - b.rank;
    if (a.type === "mcc" && b.type === "mcc") return a.code < b.code ? -1 : a.code > b.code ? 1 : 0;
    return a.name.length - b.name.length || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
  }
  function ranked(scored) {
    return scored.sort((a, b) => a[0] - b[0] || compareWithinBand(a[1], b[1])).map(([, entry]) => entry);
  }
  function searchEntries(entries, raw) {
    const trimmed = raw.trim();
    if (CODE_QUERY.test(trimmed)) {
      const code = trimmed.padStart(4, "0");
      return entries.filter((entry) => entry.type === "mcc" && (entry.code === code || entry.code.startsWith(trimmed))).sort((a, b) => Number(b.type === "mcc" && b.code === code) - Number(a.type === "mcc" && a.code === code));
    }
    const host = queryHost(trimmed);
    if (host !== void 0) {
      const candidates = hostAndParents(host);
      const owners = entries.filter((entry) => entry.type === "merchant" && entry.domains?.some((domain) => candidates.includes(domain)));
      if (owners.length > 0) return ranked(owners.map((entry) => [Band.Term, entry]));
      return searchEntries(entries, host.split(".").at(-2) ?? host);
    }
    const query = searchText(trimmed);
    if (query === "") return [];
    const words = query.split(" ");
    const scored = [];
    for (const entry of entries) {
      const band = bandOf(entry, query, words);
      if (band !== void 0) scored.push([band, entry]);
    }
    return ranked(scored);
  }

  // browser/dom.ts
  function element(tag, attributes = {}, ...children) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
    node.append(...children);
    return node;
  }

  // browser/my-cards.ts
  var WALLET_KEY = "cardrewards.wallet";
  function readWallet() {
    try {
      const value = JSON.parse(localStorage.getItem(WALLET_KEY) ?? "[]");
      return Array.isArray(value) ? value.filter((slug) => typeof slug === "string") : [];
    } catch {
      return [];
    }
  }
  function writeWallet(slugs) {
    try {
      localStorage.setItem(WALLET_KEY, JSON.stringify([...slugs].sort()));
    } catch {
    }
  }
  function onWalletChange(listener) {
    addEventListener("storage", (event) => {
      if (event.key === WALLET_KEY || event.key === null) listener();
    });
  }
  function pickableCards(table) {
    const closed = new Set((table.closed_cards ?? []).map((entry) => entry.slug));
    return walletEntries(table).map(({ slug, name }) => ({ slug, name: closed.has(slug) ? `${name} (closed to applicants)` : name }));
  }
  function cardPicker(id, changed) {
    const list = element("div", { class: "wallet-list" });
    const filter = element("input", { type: "search", id: `${id}-filter`, autocomplete: "off" });
    const clear = element("button", { type: "button" }, "Clear my cards");
    const picker = element(
      "details",
      { class: "wallet" },
      element("summary", {}, "My cards: rank only the cards I hold"),
      element("p", { class: "muted" }, "Kept in this browser only (localStorage); never sent anywhere."),
      element("label", { for: filter.id }, "Find a card "),
      filter,
      element("fieldset", {}, element("legend", {}, "Cards I hold"), list),
      clear
    );
    let boxes = [];
    const show = (wallet) => {
      for (const box of boxes) box.checked = wallet.includes(box.value);
    };
    const save = (wallet) => {
      writeWallet(wallet);
      changed(wallet);
    };
    list.addEventListener("change", () => save(boxes.filter((box) => box.checked).map((box) => box.value)));
    filter.addEventListener("input", () => {
      const query = filter.value.trim().toLowerCase();
      for (const box of boxes) {
        const label = box.labels?.[0]?.textContent ?? "";
        if (box.parentElement) box.parentElement.hidden = query !== "" && !label.toLowerCase().includes(query);
      }
    });
    clear.addEventListener("click", () => {
      show([]);
      save([]);
    });
    return {
      element: picker,
      offer(cards) {
        const sorted = [...cards].sort((a, b) => a.name.localeCompare(b.name, "en"));
        boxes = sorted.map((card, position) => element("input", { type: "checkbox", id: `${id}-${position}`, value: card.slug }));
        list.replaceChildren(
          ...boxes.map(
            (box, position) => element("div", { class: "wallet-card" }, box, element("label", { for: box.id }, sorted[position].name))
          )
        );
        show(readWallet());
      },
      show
    };
  }

  // browser/mcc-widget.ts
  var script = document.currentScript;
  var base = new URL("../", script instanceof HTMLScriptElement && script.src ? script.src : location.href);
  var SUGGESTIONS = 6;
  var TOP = 5;
  var SEGMENTS = { personal: "Personal cards", business: "Business cards", all: "Every card" };
  var isSegment = (value) => value !== void 0 && Object.hasOwn(SEGMENTS, value);
  var STYLE = `
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
  var index;
  var json = (path) => fetch(new URL(path, base), { credentials: "omit" }).then((response) => {
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return response.json();
  });
  var loadIndex = () => {
    index ??= json("api/search.json").then((entries) => entries.filter(isStaticRecordEntry));
    return index;
  };
  var messageOf = (error) => error instanceof Error ? error.message : String(error);
  var slugsOf = (value) => (Array.isArray(value) ? value : typeof value === "string" ? value.split(/[\s,]+/) : []).filter(
    (slug) => typeof slug === "string" && /^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug)
  );
  var takesText = (name, row) => row.networks.length === 0 ? `${name} takes no credit card in store` : `${name} takes only ${row.networks.map(networkName).join(" and ")} in store`;
  var cardItem = (choice) => element(
    "li",
    {},
    element("strong", {}, choice.name),
    `: ${rateText(choice.entry.cash_back, choice.rate)}, ${valueText(choice.value_cents, choice.values.standalone_basis)}`,
    ...choice.conditions.map((condition) => element("span", { class: "muted" }, element("br"), condition.note))
  );
  var earnTable = (code, slug) => (slug ? json(`api/earn-table/merchant/${slug}.json`) : Promise.reject(new Error("no merchant"))).catch(
    () => json(`api/earn-table/mcc/${code}.json`)
  );
  var wallets = /* @__PURE__ */ new Map();
  var walletOf = (host) => {
    const embedded = wallets.get(host) ?? [];
    return embedded.length > 0 ? embedded : readWallet();
  };
  var pickable;
  var loadPickable = () => {
    pickable ??= json("api/earn-table/everyday.json");
    return pickable;
  };
  var redrawAll = () => {
    for (const [element2] of wallets) element2.dispatchEvent(new Event("cardrewards:wallet"));
  };
  var count = 0;
  var mount = (host) => {
    if (!(host instanceof HTMLElement) || host.shadowRoot) return;
    const id = `cardrewards-mcc-${++count}`;
    const root = host.attachShadow({ mode: "open" });
    const input = element("input", {
      id: `${id}-q`,
      type: "search",
      autocomplete: "off",
      spellcheck: "false",
      placeholder: "Starbucks or 5411"
    });
    const segment = element("select", { id: `${id}-segment` });
    for (const [value, text] of Object.entries(SEGMENTS)) segment.append(element("option", { value }, text));
    segment.value = isSegment(host.dataset["segment"]) ? host.dataset["segment"] : "personal";
    const form = element(
      "form",
      { role: "search" },
      element("label", { for: `${id}-q` }, "Look up a merchant or an MCC code"),
      input,
      element("button", { type: "submit" }, "Look up"),
      element("label", { for: `${id}-segment`, class: "inline" }, "Show ", segment)
    );
    const suggestions = element("ul", { class: "suggest", "aria-label": "Matches" });
    const result = element("div", { "aria-live": "polite" });
    const redraw = () => {
      if (shown) show(shown);
    };
    const picker = cardPicker(`${id}-cards`, redrawAll);
    picker.element.addEventListener("toggle", () => {
      if (!picker.element.open) return;
      loadPickable().then((table) => picker.offer(pickableCards(table))).catch(() => {
      });
    });
    const pickerSlot = element("div");
    const showPicker = () => pickerSlot.replaceChildren(...(wallets.get(host) ?? []).length > 0 ? [] : [picker.element]);
    root.append(element("style", {}, STYLE), element("div", { class: "box" }, form, pickerSlot, suggestions, result));
    const say = (...nodes) => result.replaceChildren(...nodes);
    wallets.set(host, slugsOf(host.dataset["cards"]));
    showPicker();
    let shown;
    const pageLink = (path, text) => element("a", { href: new URL(path, base).href, target: "_blank", rel: "noopener" }, text);
    const show = async (entry) => {
      shown = entry;
      suggestions.replaceChildren();
      say(element("p", { class: "muted" }, "Loading…"));
      try {
        const code = entry.type === "mcc" ? entry.code : entry.mcc_code;
        const wallet = walletOf(host);
        const [mcc, merchant, table] = await Promise.all([
          json(`api/mcc/${code}.json`),
          entry.type === "merchant" ? json(`api/merchant/${entry.slug}.json`) : null,
          // The place's earn table: every card's earning there, with the networks it takes (a merchant's own when it ranks apart).
          earnTable(code, entry.type === "merchant" ? entry.slug : null)
        ]);
        const place = merchant ? merchant.name : `MCC ${mcc.code}`;
        const restriction = acceptanceOn(table, "in_store");
        const item = (choice) => cardItem(choice);
        const nodes = [];
        if (wallet.length > 0) {
          const ranked2 = chooseFromWallet(table, wallet);
          const refused = refusedFromWallet(table, wallet, "in_store");
          const best2 = ranked2[0];
          nodes.push(
            element(
              "div",
              { class: "mine" },
              best2 === void 0 ? element("p", {}, "None of your cards can be used here.") : element(
                "p",
                {},
                "Your best card here: ",
                element("strong", {}, best2.name),
                ` (${valueText(best2.value_cents, best2.values.standalone_basis)})`
              ),
              ranked2.length === 0 ? "" : element("ol", {}, ...ranked2.map(item)),
              refused.length === 0 || restriction === void 0 ? "" : element(
                "p",
                { class: "refused" },
                `Not taken here: ${refused.map((card) => `${card.name} (${networkName(card.network)})`).join(", ")}; ${takesText(place, restriction)}.`
              )
            )
          );
        }
        if (merchant) nodes.push(element("h3", {}, merchant.name));
        nodes.push(element(merchant ? "p" : "h3", {}, `MCC ${mcc.code}: ${mcc.description}`));
        nodes.push(element("p", { class: "muted" }, `Category group: ${mcc.category_group}`));
        if (restriction)
          nodes.push(element("p", { class: "acceptance" }, `${takesText(place, restriction)}: cards on other networks are left out.`));
        const kind = isSegment(segment.value) ? segment.value : "personal";
        const ofSegment = table.earnings.filter((card) => kind === "all" || card.segment === kind).map((card) => card.slug);
        const best = chooseFromWallet(table, ofSegment).slice(0, TOP);
        nodes.push(element("p", {}, `${SEGMENTS[kind]}: the best ${merchant ? "here, in store" : `for MCC ${mcc.code}`}`));
        nodes.push(best.length === 0 ? element("p", { class: "muted" }, "None is ranked here.") : element("ol", { class: "best" }, ...best.map(item)));
        nodes.push(
          element(
            "p",
            { class: "muted" },
            merchant ? pageLink(`merchant/${merchant.slug}`, `${merchant.name} on cardrewards`) : pageLink(`mcc/${mcc.code}`, `MCC ${mcc.code} on cardrewards`)
          )
        );
        say(...nodes);
      } catch (error) {
        say(element("p", {}, `Could not load the data (${messageOf(error)}).`));
      }
    };
    const lookup = async (submit) => {
      let entries;
      try {
        entries = await loadIndex();
      } catch (error) {
        say(element("p", {}, `Could not load the search index (${messageOf(error)}).`));
        return;
      }
      const found = searchEntries(entries, input.value);
      if (submit) {
        if (found[0]) show(found[0]);
        else say(element("p", {}, `Nothing found for “${input.value.trim()}”.`));
      }
      suggestions.replaceChildren(
        ...found.slice(submit ? 1 : 0, SUGGESTIONS).map((entry) => {
          const button = element(
            "button",
            { type: "button", class: "link" },
            entry.type === "mcc" ? `${entry.code}: ${entry.name}` : `${entry.name} (MCC ${entry.mcc_code})`
          );
          button.addEventListener("click", () => show(entry));
          return element("li", {}, button);
        })
      );
    };
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      lookup(true);
    });
    input.addEventListener("input", () => lookup(false));
    segment.addEventListener("change", () => {
      if (shown) show(shown);
    });
    host.addEventListener("cardrewards:wallet", () => {
      showPicker();
      picker.show(readWallet());
      redraw();
    });
  };
  var setWallet = (cards, host) => {
    for (const [element2] of wallets) {
      if (host !== void 0 && element2 !== host) continue;
      wallets.set(element2, slugsOf(cards));
      element2.dispatchEvent(new Event("cardrewards:wallet"));
    }
  };
  addEventListener("message", (event) => {
    if (event.source !== window && event.source !== window.parent) return;
    const data = event.data;
    if (data?.type === "cardrewards:wallet") setWallet(data.cards);
  });
  onWalletChange(() => redrawAll());
  var start = () => {
    for (const host of document.querySelectorAll("[data-cardrewards-mcc]")) mount(host);
  };
  window.CardRewardsMcc = { mount, setWallet };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
