/*
 * "My cards" on the MCC and merchant pages (issue 27): pick the cards you hold, and the page's
 * table is re-ranked among them in place, from the page's public earn table. The choice is kept in
 * this browser's localStorage and never sent: the only request is for the earn table, which is the
 * same file for everyone. Without JavaScript the page reads as it was built. No dependencies: the
 * choosing is schemas/choose-from-wallet.ts and the picker and its storage browser/my-cards.ts (the MCC
 * widget's too), bundled in by scripts/generate-browser-scripts.ts.
 */
// Generated from browser/wallet.ts by `npm run generate:browser-scripts`: edit that file, not this one.
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
    }).sort(compareRankKeys).map(({ entry, earning, typicalValue, value }, index) => ({
      rank: index + 1,
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
  function grouped(value) {
    return String(Math.trunc(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  }
  function usd(value) {
    const [whole = "0", cents] = value.toFixed(2).split(".");
    return `$${grouped(Number(whole))}${cents === "00" ? "" : `.${cents}`}`;
  }

  // schemas/card-row.ts
  function rowFactsOf(entry, channel) {
    const earning = earningOn(entry, channel);
    return {
      ...earning,
      slug: entry.slug,
      name: entry.name,
      issuer_name: entry.issuer_name,
      cash_back: entry.cash_back,
      value_cents: earning.values.standalone_cents,
      valuation_basis: earning.values.standalone_basis
    };
  }
  var node = (tag, attributes, ...children) => ({
    tag,
    attributes,
    children
  });
  function rateText(cashBack, rate) {
    return cashBack ? `${numberText(rate)} %` : `${numberText(rate)}×`;
  }
  function valueText(valueCents, valuationBasis) {
    return `${numberText(valueCents)}¢ per $1${valuationBasis === "assumed" ? " (assumed 1¢ a point)" : ""}`;
  }
  var CAP_PERIOD = { month: "a month", quarter: "a quarter", year: "a year" };
  function ruleNodes(rule, categoryName, cashBack, paths2) {
    if (rule === null) return ["base rate (no bonus category of this card covers it)"];
    const cap = rule.cap === null ? "" : ` up to ${usd(rule.cap.usd)} ${CAP_PERIOD[rule.cap.period] ?? rule.cap.period}, then ${rateText(cashBack, rule.cap.rate_after)}`;
    const channel = rule.channel === "direct" ? " when paid directly" : "";
    const selection = rule.selection === "chosen" ? " (a category you choose)" : rule.selection === "auto" ? " (automatic, by where you spend most)" : "";
    const dates = rule.valid_from !== null || rule.valid_to !== null ? ` from ${rule.valid_from ?? "now"} to ${rule.valid_to ?? "further notice"}` : "";
    const rest = `${cap}${channel}${selection}${dates}`;
    const link = node("a", { href: paths2.best(rule.category) }, categoryName ?? rule.category);
    return rest === "" ? [link] : [link, rest];
  }
  var NOTED_CONDITIONS = /* @__PURE__ */ new Set(["membership", "payment_method", "auto_category", "rotation_unknown"]);
  function cardRow(facts, place, paths2) {
    const notes = facts.conditions.filter((condition) => NOTED_CONDITIONS.has(condition.kind));
    return node(
      "tr",
      {},
      node("td", {}, String(place)),
      node(
        "td",
        {},
        node("a", { href: paths2.card(facts.slug) }, facts.name),
        node("br", {}),
        node("span", { class: "muted" }, facts.issuer_name)
      ),
      node("td", { class: "num" }, rateText(facts.cash_back, facts.rate)),
      node("td", { class: "num" }, valueText(facts.value_cents, facts.valuation_basis)),
      node(
        "td",
        {},
        ...ruleNodes(facts.rule, facts.category_name, facts.cash_back, paths2),
        ...notes.flatMap((condition) => [node("br", {}), node("span", { class: "muted" }, condition.note)])
      )
    );
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

  // browser/dom.ts
  function element(tag, attributes = {}, ...children) {
    const node2 = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) node2.setAttribute(name, value);
    node2.append(...children);
    return node2;
  }
  function nodeOf(node2) {
    if (typeof node2 === "string") return document.createTextNode(node2);
    return element(node2.tag, node2.attributes, ...node2.children.map(nodeOf));
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

  // browser/wallet.ts
  var script = document.currentScript;
  var base = new URL("../", script instanceof HTMLScriptElement && script.src ? script.src : location.href);
  var paths = {
    card: (slug) => new URL(`card/${slug}`, base).pathname,
    best: (category) => new URL(`best/${category}`, base).pathname
  };
  var refusedText = (table, wallet, channel) => {
    const refused = refusedFromWallet(table, wallet, channel);
    const restriction = acceptanceOn(table, channel);
    if (refused.length === 0 || restriction === void 0) return "";
    const takes = restriction.networks.length === 0 ? "it takes no credit card here" : `it takes only ${restriction.networks.map(networkName).join(" and ")} here`;
    return ` Not taken here: ${refused.map((entry) => `${entry.name} (${networkName(entry.network)})`).join(", ")}; ${takes}.`;
  };
  var mount = async (region, index) => {
    const body = region.querySelector("tbody");
    if (!body || region.dataset["earnTable"] === void 0) return;
    const built = [...body.children];
    const response = await fetch(new URL(region.dataset["earnTable"].replace(/^\//, ""), base), { credentials: "omit" });
    if (!response.ok) return;
    const table = await response.json();
    const channel = region.dataset["channel"] === "online" ? "online" : "in_store";
    const status = element("p", { class: "muted wallet-status", role: "status" });
    const render = (wallet = readWallet()) => {
      picker.show(wallet);
      if (wallet.length === 0) {
        body.replaceChildren(...built);
        status.textContent = "";
        return;
      }
      const ranked = chooseFromWallet(table, wallet, { channel });
      body.replaceChildren(...ranked.map((choice) => nodeOf(cardRow(rowFactsOf(choice.entry, channel), choice.rank, paths))));
      const best = ranked[0];
      status.textContent = (best === void 0 ? "None of your cards can be used here." : `Ranked among your ${wallet.length} cards: ${best.name} earns the most here.`) + refusedText(table, wallet, channel);
    };
    const picker = cardPicker(`wallet-${index}`, render);
    picker.offer(pickableCards(table));
    onWalletChange(() => render());
    region.before(picker.element, status);
    render();
  };
  document.querySelectorAll("[data-earn-table]").forEach((region, index) => {
    mount(region, index).catch(() => {
    });
  });
})();
