/*
 * The cardrewards extension's service worker (issue 43): on every page a tab opens, the badge shows
 * the best rate among the cards the person holds when the site is a merchant we know. It reads the
 * tab's address (the `tabs` permission) and sends it nowhere: the answer is computed here from two
 * public files fetched at install, the same whatever the site (extension/public-files.ts, docs/extension.md).
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
  function changed(base, place, changes) {
    const table = { ...base, ...place, earnings: withChanges(base.earnings, changes.earnings) };
    const closed = base.closed_cards ?? [];
    return closed.length === 0 && changes.closed_cards === void 0 ? table : { ...table, closed_cards: withChanges(closed, changes.closed_cards ?? []) };
  }
  function placeTable(index2, place, everyday2) {
    if (place === void 0) return everyday2;
    let byCode = mccMaps.get(index2);
    if (byCode === void 0) {
      byCode = new Map(index2.mcc_tables.map((changes) => [changes.mcc_code, changes]));
      mccMaps.set(index2, byCode);
    }
    const { merchant } = place;
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
      evaluatedOn: table.evaluated_on
    };
  }
  function badgeText(answer) {
    const top = answer.mine[0];
    if (answer.merchantName === null || top === void 0) return "";
    const rate = Number.isInteger(top.rate) ? String(top.rate) : top.rate.toFixed(1).replace(/\.0$/, "");
    return `${rate}${top.entry.cash_back ? "%" : "x"}`;
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
    const { index: index2, everyday: everyday2 } = await loadTables(settings.baseUrl);
    const place = findPlace(index2, host);
    const table = placeTable(index2, place, everyday2);
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
    readSettings().then((settings) => loadTables(settings.baseUrl)).catch(() => void 0);
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
