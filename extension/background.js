/*
 * The cardrewards extension's service worker (issue 43): on every page a tab opens, the badge shows
 * the best rate among the cards the person holds when the site is a merchant we know. It reads the
 * tab's address (the `tabs` permission) and sends it nowhere: the answer is computed here from
 * public files that name no site (extension/public-files.ts, docs/extension.md).
 */
// Generated from extension/background.ts by `npm run generate:browser-scripts`: edit that file, not this one.
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
      open_to_applicants: !closed.has(entry.slug)
    }));
  }

  // schemas/path-template.ts
  var PLACEHOLDER = /\{([^{}]+)\}/g;
  function renderTemplate(template, values) {
    return compileTemplate(template)(values);
  }
  function compileTemplate(template) {
    const pieces = template.split(PLACEHOLDER);
    return (values) => {
      let rendered = pieces[0];
      for (let i = 1; i < pieces.length; i += 2) {
        const name = pieces[i];
        const value = values[name];
        if (value === void 0) throw new Error(`no value for {${name}} in ${template}`);
        rendered += String(value) + pieces[i + 1];
      }
      return rendered;
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
  function publicPath(template, params = {}) {
    return renderTemplate(template, params);
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
  function findPlace(index, host) {
    let domains = domainMaps.get(index);
    if (domains === void 0) {
      domains = new Map(index.merchants.flatMap((merchant) => merchant.domains.map((domain) => [domain, merchant])));
      domainMaps.set(index, domains);
    }
    for (let labels = host.split("."); labels.length >= 2; labels = labels.slice(1)) {
      const merchant = domains.get(labels.join("."));
      if (merchant !== void 0) return { merchant, matchedDomain: labels.join(".") };
    }
    return void 0;
  }
  function tablePathOf(place) {
    return place === void 0 ? PUBLIC_FILES.earnTableEveryday : publicPath(PUBLIC_FILES.earnTableMcc, { mcc: place.merchant.mcc_code });
  }
  var closedOf = (table) => table.closed_cards ?? [];
  var byTableOrder = (a, b) => compareRankKeys(
    { typicalValue: a.values.standalone_typical_cents, conditional: a.conditional, value: a.values.standalone_cents, card: a },
    { typicalValue: b.values.standalone_typical_cents, conditional: b.conditional, value: b.values.standalone_cents, card: b }
  );
  function withChanges(base, changed) {
    const bySlug = new Map(changed.map((entry) => [entry.slug, entry]));
    return base.map((entry) => bySlug.get(entry.slug) ?? entry).sort(byTableOrder);
  }
  function placeTable(place, fetched) {
    const changes = place?.merchant.own_table;
    if (place === void 0 || changes === null || changes === void 0) return fetched;
    const table = {
      ...fetched,
      kind: "merchant",
      merchant: { slug: place.merchant.slug, name: place.merchant.name },
      acceptance: changes.acceptance,
      earnings: withChanges(fetched.earnings, changes.earnings)
    };
    const closed = closedOf(fetched);
    return closed.length === 0 && changes.closed_cards === void 0 ? table : { ...table, closed_cards: withChanges(closed, changes.closed_cards ?? []) };
  }
  function cardsOf(table) {
    const closed = closedOf(table);
    return closed.length === 0 ? table.earnings : [...table.earnings, ...closed];
  }
  var inSegment = (segment) => (entry) => segment === "all" || entry.segment === segment;
  function answerAt(place, table, settings) {
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
      merchantName: place?.merchant.name ?? null,
      matchedDomain: place?.matchedDomain ?? null,
      mine,
      refused: refusedFromWallet(table, settings.wallet, "online"),
      online: acceptanceOn(table, "online"),
      suggestion: beats ? best : void 0,
      entries: new Map(cardsOf(table).map((entry) => [entry.slug, entry]))
    };
  }
  function badgeText(answer) {
    const top = answer.mine[0];
    if (answer.merchantName === null || top === void 0) return "";
    const rate = Number.isInteger(top.rate) ? String(top.rate) : top.rate.toFixed(1).replace(/\.0$/, "");
    return `${rate}${answer.entries.get(top.slug)?.cash_back ? "%" : "x"}`;
  }

  // extension/public-files.ts
  var INDEX_MAX_AGE_MS = 6 * 60 * 60 * 1e3;
  var TABLES_KEPT = 40;
  async function fetchPublic(baseUrl, path, revalidate) {
    const response = await fetch(new URL(path.replace(/^\//, ""), baseUrl), {
      credentials: "omit",
      referrerPolicy: "no-referrer",
      cache: revalidate ? "no-cache" : "default"
    });
    if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
    return response.json();
  }
  var memo;
  async function loadIndex(baseUrl) {
    memo ??= (await chrome.storage.local.get("index"))["index"];
    if (memo !== void 0 && memo.baseUrl === baseUrl && Date.now() - memo.fetchedAt < INDEX_MAX_AGE_MS) return memo.index;
    const index = await fetchPublic(baseUrl, PUBLIC_FILES.extensionIndex, true);
    memo = { baseUrl, fetchedAt: Date.now(), index };
    await chrome.storage.local.set({ index: memo });
    return index;
  }
  var tableKey = (path) => `table:${path}`;
  async function loadTable(baseUrl, version, path) {
    const stored = await chrome.storage.local.get(["tables", tableKey(path)]);
    let list = stored["tables"];
    if (list === void 0 || list.baseUrl !== baseUrl || list.version !== version) {
      if (list !== void 0) await chrome.storage.local.remove(list.paths.map(tableKey));
      list = { baseUrl, version, paths: [] };
    } else if (list.paths.includes(path)) {
      await chrome.storage.local.set({ tables: { ...list, paths: [...list.paths.filter((kept) => kept !== path), path] } });
      return stored[tableKey(path)];
    }
    const table = await fetchPublic(baseUrl, path, false);
    const paths = [...list.paths, path];
    const dropped = paths.slice(0, Math.max(0, paths.length - TABLES_KEPT));
    if (dropped.length > 0) await chrome.storage.local.remove(dropped.map(tableKey));
    await chrome.storage.local.set({ tables: { ...list, paths: paths.slice(dropped.length) }, [tableKey(path)]: table });
    return table;
  }
  async function prefetch(baseUrl) {
    const index = await loadIndex(baseUrl);
    await loadTable(baseUrl, index.version, PUBLIC_FILES.earnTableEveryday);
  }

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
  var SEGMENTS = ["all", "personal", "business"];
  async function readSettings() {
    const stored = (await chrome.storage.local.get(KEY))[KEY] ?? {};
    const wallet = Array.isArray(stored.wallet) ? stored.wallet.filter((slug) => typeof slug === "string") : [];
    const segment = SEGMENTS.find((choice) => choice === stored.segment) ?? "all";
    const baseUrl = typeof stored.baseUrl === "string" ? reachableBaseUrl(stored.baseUrl) ?? builtBaseUrl() : builtBaseUrl();
    return { wallet, segment, suggest: stored.suggest === true, baseUrl };
  }
  var writes = Promise.resolve();
  function onSettingsChanged(listener) {
    chrome.storage.onChanged.addListener((changes, area) => {
      if (area === "local" && KEY in changes) listener();
    });
  }

  // extension/page-answer.ts
  async function answerForPage(url) {
    const host = url === void 0 ? void 0 : hostOf(url);
    if (host === void 0) return void 0;
    const settings = await readSettings();
    const index = await loadIndex(settings.baseUrl);
    const place = findPlace(index, host);
    const table = placeTable(place, await loadTable(settings.baseUrl, index.version, tablePathOf(place)));
    return { host, answer: answerAt(place, table, settings), settings };
  }

  // extension/background.ts
  async function showBadge(tabId, url) {
    const page = await answerForPage(url).catch(() => void 0);
    const text = page === void 0 ? "" : badgeText(page.answer);
    const top = page?.answer.mine[0];
    await chrome.action.setBadgeText({ tabId, text });
    await chrome.action.setTitle({
      tabId,
      title: top !== void 0 && text !== "" ? `${page?.answer.merchantName}: ${top.name}, ${text}` : "cardrewards: the best of my cards"
    });
  }
  chrome.action.setBadgeBackgroundColor({ color: "#1b5e20" }).catch(() => void 0);
  chrome.runtime.onInstalled.addListener(() => {
    readSettings().then((settings) => prefetch(settings.baseUrl)).catch(() => void 0);
  });
  chrome.tabs.onUpdated.addListener((tabId, change, tab) => {
    if (change.url !== void 0 || change.status === "complete") showBadge(tabId, tab.url).catch(() => void 0);
  });
  chrome.tabs.onActivated.addListener(({ tabId }) => {
    chrome.tabs.get(tabId).then((tab) => showBadge(tabId, tab.url)).catch(() => void 0);
  });
  onSettingsChanged(() => {
    chrome.tabs.query({}).then((tabs) => Promise.all(tabs.map((tab) => tab.id === void 0 ? void 0 : showBadge(tab.id, tab.url)))).catch(() => void 0);
  });
})();
