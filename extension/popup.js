/*
 * The popup (issue 43): for the site in the current tab, my best card for a purchase online, its
 * value and conditions, my other cards in order, the cards this merchant does not take online and
 * what it does take, and (when asked for in the options) the best card I do not hold. Computed in
 * the extension from public files (extension/page-answer.ts); nothing about the site or the cards
 * is sent. `popup.html?tab=N` answers for tab N (the tests open it so; the toolbar opens it plain).
 */
// Generated from extension/popup.ts by `npm run generate:browser-scripts`: edit that file, not this one.
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
  function ruleNodes(rule, categoryName, cashBack, paths) {
    if (rule === null) return ["base rate (no bonus category of this card covers it)"];
    const cap = rule.cap === null ? "" : ` up to ${usd(rule.cap.usd)} ${CAP_PERIOD[rule.cap.period] ?? rule.cap.period}, then ${rateText(cashBack, rule.cap.rate_after)}`;
    const channel = rule.channel === "direct" ? " when paid directly" : "";
    const selection = rule.selection === "chosen" ? " (a category you choose)" : rule.selection === "auto" ? " (automatic, by where you spend most)" : "";
    const dates = rule.valid_from !== null || rule.valid_to !== null ? ` from ${rule.valid_from ?? "now"} to ${rule.valid_to ?? "further notice"}` : "";
    const rest = `${cap}${channel}${selection}${dates}`;
    const link = node("a", { href: paths.best(rule.category) }, categoryName ?? rule.category);
    return rest === "" ? [link] : [link, rest];
  }
  var NOTED_CONDITIONS = /* @__PURE__ */ new Set(["membership", "payment_method", "auto_category", "rotation_unknown"]);
  function cardRow(facts, place2, paths) {
    const notes = facts.conditions.filter((condition) => NOTED_CONDITIONS.has(condition.kind));
    return node(
      "tr",
      {},
      node("td", {}, String(place2)),
      node(
        "td",
        {},
        node("a", { href: paths.card(facts.slug) }, facts.name),
        node("br", {}),
        node("span", { class: "muted" }, facts.issuer_name)
      ),
      node("td", { class: "num" }, rateText(facts.cash_back, facts.rate)),
      node("td", { class: "num" }, valueText(facts.value_cents, facts.valuation_basis)),
      node(
        "td",
        {},
        ...ruleNodes(facts.rule, facts.category_name, facts.cash_back, paths),
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

  // extension/answer.ts
  function hostOf(pageUrl) {
    let url;
    try {
      url = new URL(pageUrl);
    } catch {
      return void 0;
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") return void 0;
    const host = url.hostname.replace(/\.$/, "").replace(/^www\./, "");
    if (!host.includes(".") || /^[\d.]+$/.test(host) || host.startsWith("[")) return void 0;
    return host;
  }
  var domainMaps = /* @__PURE__ */ new WeakMap();
  function findPlace(index2, host) {
    let domains = domainMaps.get(index2);
    if (domains === void 0) {
      domains = new Map(index2.merchants.flatMap((merchant) => merchant.domains.map((domain) => [domain, merchant])));
      domainMaps.set(index2, domains);
    }
    for (let labels = host.split("."); labels.length >= 2; labels = labels.slice(1)) {
      const merchant = domains.get(labels.join("."));
      if (merchant !== void 0) return { merchant, matchedDomain: labels.join(".") };
    }
    return void 0;
  }
  var byTableOrder = (a, b) => compareRankKeys(
    { typicalValue: a.values.standalone_typical_cents, conditional: a.conditional, value: a.values.standalone_cents, card: a },
    { typicalValue: b.values.standalone_typical_cents, conditional: b.conditional, value: b.values.standalone_cents, card: b }
  );
  function withChanges(base, changed2) {
    const bySlug = new Map(changed2.map((entry) => [entry.slug, entry]));
    return base.map((entry) => bySlug.get(entry.slug) ?? entry).sort(byTableOrder);
  }
  var mccMaps = /* @__PURE__ */ new WeakMap();
  function changed(base, place2, changes) {
    const table = { ...base, ...place2, earnings: withChanges(base.earnings, changes.earnings) };
    const closed = base.closed_cards ?? [];
    return closed.length === 0 && changes.closed_cards === void 0 ? table : { ...table, closed_cards: withChanges(closed, changes.closed_cards ?? []) };
  }
  function placeTable(index2, place2, everyday2) {
    if (place2 === void 0) return everyday2;
    let byCode = mccMaps.get(index2);
    if (byCode === void 0) {
      byCode = new Map(index2.mcc_tables.map((changes) => [changes.mcc_code, changes]));
      mccMaps.set(index2, byCode);
    }
    const { merchant } = place2;
    const mccChanges = byCode.get(merchant.mcc_code);
    if (mccChanges === void 0) throw new Error(`the index has no table for MCC ${merchant.mcc_code}`);
    const mcc = changed(everyday2, { kind: "mcc", mcc_code: merchant.mcc_code, merchant: null, acceptance: [] }, mccChanges);
    const own = merchant.own_table;
    if (own === null) return mcc;
    return changed(
      mcc,
      { kind: "merchant", mcc_code: merchant.mcc_code, merchant: { slug: merchant.slug, name: merchant.name }, acceptance: own.acceptance },
      own
    );
  }
  var inSegment = (segment) => (entry) => segment === "all" || entry.segment === segment;
  function answerAt(place2, table, settings) {
    const mine = chooseFromWallet(table, settings.wallet, { channel: "online" });
    const held = new Set(settings.wallet);
    const candidates = table.earnings.filter((entry) => !held.has(entry.slug) && inSegment(settings.segment)(entry));
    const best = settings.suggest ? chooseFromWallet(
      { acceptance: table.acceptance, earnings: candidates },
      candidates.map((entry) => entry.slug),
      { channel: "online" }
    )[0] : void 0;
    const top = mine[0];
    const beats = best !== void 0 && (top === void 0 || chooseFromWallet(table, [top.slug, best.slug], { channel: "online" })[0]?.slug === best.slug);
    return {
      merchantName: place2?.merchant.name ?? null,
      matchedDomain: place2?.matchedDomain ?? null,
      mine,
      refused: refusedFromWallet(table, settings.wallet, "online"),
      online: acceptanceOn(table, "online"),
      suggestion: beats ? best : void 0,
      evaluatedOn: table.evaluated_on
    };
  }

  // schemas/public-files.ts
  var PUBLIC_FILES = {
    mccRecord: "/api/mcc/{code}.json",
    merchantRecord: "/api/merchant/{slug}.json",
    searchIndex: "/api/search.json",
    openApi: "/openapi.json",
    earnTableMcc: "/api/earn-table/mcc/{mcc}.json",
    earnTableMerchant: "/api/earn-table/merchant/{merchant}.json",
    earnTableEveryday: "/api/earn-table/everyday.json",
    stylesheet: "/assets/site.css",
    searchScript: "/assets/search.js",
    walletScript: "/assets/wallet.js",
    widgetFrame: "/widget/mcc.html",
    widgetScript: "/widget/mcc.js",
    extensionIndex: "/api/extension/index.json",
    extensionPackage: "/download/cardrewards-extension.zip"
  };

  // extension/public-files.ts
  var INDEX_MAX_AGE_MS = 6 * 60 * 60 * 1e3;
  async function fetchPublic(baseUrl, path) {
    const response = await fetch(new URL(path.replace(/^\//, ""), baseUrl), {
      credentials: "omit",
      referrerPolicy: "no-referrer",
      cache: "no-cache"
    });
    if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
    return response.json();
  }
  var index;
  var everyday;
  async function keep(items) {
    await chrome.storage.local.set(items).catch(() => void 0);
  }
  async function loadIndex(baseUrl) {
    index ??= (await chrome.storage.local.get("index"))["index"];
    const kept = index !== void 0 && index.baseUrl === baseUrl ? index : void 0;
    if (kept !== void 0 && Date.now() - kept.fetchedAt < INDEX_MAX_AGE_MS) return kept.index;
    let fetched;
    try {
      fetched = await fetchPublic(baseUrl, PUBLIC_FILES.extensionIndex);
    } catch (error) {
      if (kept !== void 0) return kept.index;
      throw error;
    }
    index = { baseUrl, fetchedAt: Date.now(), index: fetched };
    await keep({ index });
    return index.index;
  }
  async function loadEveryday(baseUrl, version) {
    everyday ??= (await chrome.storage.local.get("everyday"))["everyday"];
    if (everyday !== void 0 && everyday.baseUrl === baseUrl && everyday.version === version) return everyday.table;
    everyday = { baseUrl, version, table: await fetchPublic(baseUrl, PUBLIC_FILES.earnTableEveryday) };
    await keep({ everyday });
    return everyday.table;
  }
  async function loadTables(baseUrl) {
    const loaded = await loadIndex(baseUrl);
    return { index: loaded, everyday: await loadEveryday(baseUrl, loaded.version) };
  }

  // schemas/common.ts
  var slug = {
    type: "string",
    pattern: "^[a-z0-9]+(-[a-z0-9]+)*$",
    description: "a slug: lower-case a-z, 0-9 and single hyphens"
  };
  var isoDate = {
    type: "string",
    format: "date",
    description: "a date as YYYY-MM-DD"
  };
  var optionalDate = { ...isoDate, type: ["string", "null"] };
  var optionalSlug = { ...slug, type: ["string", "null"] };
  var cardSegment = {
    enum: ["personal", "business"],
    description: "personal or business: who the issuer offers the card to"
  };

  // schemas/ranking-choices.ts
  var SEGMENTS = cardSegment.enum;

  // extension/settings.ts
  var KEY = "settings";
  function builtBaseUrl() {
    return withSlash(chrome.runtime.getManifest().homepage_url ?? "http://localhost:8787/");
  }
  var withSlash = (url) => url.endsWith("/") ? url : `${url}/`;
  function reachableBaseUrl(text) {
    let url;
    try {
      url = new URL(text.trim());
    } catch {
      return void 0;
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") return void 0;
    url.search = "";
    url.hash = "";
    const loopback = url.protocol === "http:" && (url.hostname === "localhost" || url.hostname === "127.0.0.1");
    return loopback || url.origin === new URL(builtBaseUrl()).origin ? withSlash(url.href) : void 0;
  }
  var SEGMENT_CHOICES = ["all", ...SEGMENTS];
  async function readSettings() {
    const stored = (await chrome.storage.local.get(KEY))[KEY] ?? {};
    const wallet = Array.isArray(stored.wallet) ? stored.wallet.filter((slug2) => typeof slug2 === "string") : [];
    const segment = SEGMENT_CHOICES.find((choice) => choice === stored.segment) ?? "all";
    const baseUrl = typeof stored.baseUrl === "string" ? reachableBaseUrl(stored.baseUrl) ?? builtBaseUrl() : builtBaseUrl();
    return { wallet, segment, suggest: stored.suggest === true, baseUrl };
  }
  var writes = Promise.resolve();

  // extension/page-answer.ts
  async function answerForPage(url) {
    const host = url === void 0 ? void 0 : hostOf(url);
    if (host === void 0) return void 0;
    const settings = await readSettings();
    const { index: index2, everyday: everyday2 } = await loadTables(settings.baseUrl);
    const place2 = findPlace(index2, host);
    const table = placeTable(index2, place2, everyday2);
    return { host, answer: answerAt(place2, table, settings), settings };
  }

  // extension/popup.ts
  var place = document.getElementById("place");
  var status = document.getElementById("status");
  var region = document.getElementById("answer");
  async function currentTab() {
    const named = Number(new URLSearchParams(location.search).get("tab"));
    if (Number.isInteger(named) && named > 0) return chrome.tabs.get(named);
    return (await chrome.tabs.query({ active: true, currentWindow: true }))[0];
  }
  var headCell = (text) => element("th", { scope: "col" }, text);
  function rankedTable(answer, paths) {
    const body = element("tbody");
    for (const choice of answer.mine) body.append(nodeOf(cardRow(rowFactsOf(choice.entry, "online"), choice.rank, paths)));
    return element(
      "table",
      { id: "my-cards" },
      element("caption", {}, "My cards here, best first (online)"),
      element("thead", {}, element("tr", {}, headCell("#"), headCell("Card"), headCell("Rate"), headCell("Value"), headCell("Why"))),
      body
    );
  }
  function cardSummary(id, lead, choice) {
    const conditions = choice.conditions.map((condition) => element("li", {}, condition.note));
    return element(
      "section",
      { id, "aria-labelledby": `${id}-title` },
      element("h2", { id: `${id}-title` }, lead),
      element(
        "p",
        {},
        element("strong", { class: "card-name" }, choice.name),
        `: ${rateText(choice.entry.cash_back, choice.rate)}, ${valueText(choice.value_cents, choice.values.standalone_basis)}`
      ),
      ...conditions.length === 0 ? [element("p", { class: "muted" }, "No condition.")] : [element("ul", { class: "conditions" }, ...conditions)]
    );
  }
  function render({ host, answer, settings }) {
    place.textContent = answer.merchantName === null ? `${host}: a site we do not know` : `${answer.merchantName} (${answer.matchedDomain})`;
    const paths = {
      card: (slug2) => new URL(`card/${slug2}`, settings.baseUrl).href,
      best: (category) => new URL(`best/${category}`, settings.baseUrl).href
    };
    const parts = [];
    const top = answer.mine[0];
    if (settings.wallet.length === 0) status.textContent = "Choose the cards you hold in the settings to see the best of them here.";
    else if (top === void 0) status.textContent = "None of your cards can be used on this site.";
    else {
      status.textContent = answer.merchantName === null ? "Everyday spending: no bonus category of your cards is known to cover this site." : "Paying online on this site.";
      parts.push(cardSummary("best", "Use", top), rankedTable(answer, paths));
    }
    if (answer.refused.length > 0)
      parts.push(
        element(
          "p",
          { id: "refused" },
          `Not taken here online: ${answer.refused.map((entry) => `${entry.name} (${networkName(entry.network)})`).join(", ")}.`
        )
      );
    if (answer.online !== void 0) {
      const takes = answer.online.networks.length === 0 ? "no credit card" : `only ${answer.online.networks.map(networkName).join(" and ")}`;
      parts.push(element("p", { id: "online" }, `Online, ${answer.merchantName ?? "this site"} takes ${takes}: ${answer.online.note}`));
    }
    if (answer.suggestion !== void 0) parts.push(cardSummary("suggestion", "Best card I do not hold", answer.suggestion));
    region.replaceChildren(...parts);
    document.getElementById("source").textContent = `Rules in force on ${answer.evaluatedOn}, from ${new URL(settings.baseUrl).host}; computed in this browser.`;
  }
  document.addEventListener("click", (event) => {
    const link = event.target instanceof Element ? event.target.closest("a") : null;
    if (link === null) return;
    event.preventDefault();
    chrome.tabs.create({ url: link.href }).catch(() => void 0);
  });
  currentTab().then((tab) => answerForPage(tab?.url)).then((page) => {
    if (page === void 0) status.textContent = "Open a shopping site to see the best of your cards there.";
    else render(page);
  }).catch((error) => {
    status.textContent = `The service could not be reached (${error instanceof Error ? error.message : String(error)}). Check its address in the settings.`;
  });
})();
