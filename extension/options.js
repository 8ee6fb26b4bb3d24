/*
 * The options page (issue 43): the "my cards" picker of the site (find a card, tick the ones held;
 * the cards it offers are the site's, browser/my-cards.ts pickableCards: the active ones and those
 * closed to applicants, labelled so), personal or business cards, the popup's suggestion (off by
 * default) and the service's address. Everything is kept in extension storage (extension/settings.ts),
 * which the service worker reads too (the site's picker keeps its choice in the page's localStorage,
 * which a service worker cannot); the list of cards is everyday spending's public earn table.
 */
// Generated from extension/options.ts by `npm run generate:browser-scripts`: edit that file, not this one.
"use strict";
(() => {
  // browser/dom.ts
  function element(tag, attributes = {}, ...children) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
    node.append(...children);
    return node;
  }

  // schemas/choose-from-wallet.ts
  function walletEntries(table) {
    return table.closed_cards === void 0 || table.closed_cards.length === 0 ? table.earnings : [...table.earnings, ...table.closed_cards];
  }

  // browser/my-cards.ts
  function pickableCards(table) {
    const closed = new Set((table.closed_cards ?? []).map((entry) => entry.slug));
    return walletEntries(table).map(({ slug: slug2, name }) => ({ slug: slug2, name: closed.has(slug2) ? `${name} (closed to applicants)` : name }));
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
  async function fetchPublic(baseUrl2, path) {
    const response = await fetch(new URL(path.replace(/^\//, ""), baseUrl2), {
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
  async function loadIndex(baseUrl2) {
    index ??= (await chrome.storage.local.get("index"))["index"];
    const kept = index !== void 0 && index.baseUrl === baseUrl2 ? index : void 0;
    if (kept !== void 0 && Date.now() - kept.fetchedAt < INDEX_MAX_AGE_MS) return kept.index;
    let fetched;
    try {
      fetched = await fetchPublic(baseUrl2, PUBLIC_FILES.extensionIndex);
    } catch (error) {
      if (kept !== void 0) return kept.index;
      throw error;
    }
    index = { baseUrl: baseUrl2, fetchedAt: Date.now(), index: fetched };
    await keep({ index });
    return index.index;
  }
  async function loadEveryday(baseUrl2, version) {
    everyday ??= (await chrome.storage.local.get("everyday"))["everyday"];
    if (everyday !== void 0 && everyday.baseUrl === baseUrl2 && everyday.version === version) return everyday.table;
    everyday = { baseUrl: baseUrl2, version, table: await fetchPublic(baseUrl2, PUBLIC_FILES.earnTableEveryday) };
    await keep({ everyday });
    return everyday.table;
  }
  async function loadTables(baseUrl2) {
    const loaded = await loadIndex(baseUrl2);
    return { index: loaded, everyday: await loadEveryday(baseUrl2, loaded.version) };
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
    const baseUrl2 = typeof stored.baseUrl === "string" ? reachableBaseUrl(stored.baseUrl) ?? builtBaseUrl() : builtBaseUrl();
    return { wallet, segment, suggest: stored.suggest === true, baseUrl: baseUrl2 };
  }
  var writes = Promise.resolve();
  function writeSettings(change) {
    const write = writes.then(async () => {
      const next = { ...await readSettings(), ...change };
      const stored = { ...next, wallet: [...new Set(next.wallet)].sort() };
      await chrome.storage.local.set({ [KEY]: stored });
      return stored;
    });
    writes = write.catch(() => void 0);
    return write;
  }

  // extension/options.ts
  var status = document.getElementById("status");
  var list = document.getElementById("cards");
  var filter = document.getElementById("filter");
  var suggest = document.getElementById("suggest");
  var baseUrl = document.getElementById("base-url");
  var segments = [...document.querySelectorAll('input[name="segment"]')];
  document.getElementById("base-url-help").textContent = `This extension was built for ${builtBaseUrl()}; it may also use a cardrewards start on this computer (http://localhost or http://127.0.0.1, any port). For a service elsewhere, install the extension from that service’s download page: each build makes one for its own address.`;
  var boxes = [];
  var segmentOf = /* @__PURE__ */ new Map();
  var chosenSegment = () => segments.find((radio) => radio.checked)?.value ?? "all";
  function applyFilter() {
    const segment = chosenSegment();
    const query = filter.value.trim().toLowerCase();
    for (const box of boxes) {
      const label = box.labels?.[0]?.textContent?.toLowerCase() ?? "";
      const shown = box.checked || (segment === "all" || segmentOf.get(box.value) === segment) && (query === "" || label.includes(query));
      if (box.parentElement) box.parentElement.hidden = !shown;
    }
  }
  async function showCards() {
    const settings = await readSettings();
    for (const radio of segments) radio.checked = radio.value === settings.segment;
    suggest.checked = settings.suggest;
    baseUrl.value = settings.baseUrl;
    const { everyday: table } = await loadTables(settings.baseUrl);
    const cards = pickableCards(table).sort((a, b) => a.name.localeCompare(b.name, "en"));
    segmentOf = new Map(walletEntries(table).map((entry) => [entry.slug, entry.segment]));
    const held = new Set(settings.wallet);
    boxes = cards.map((entry, position) => {
      const box = element("input", { type: "checkbox", id: `card-${position}`, value: entry.slug });
      box.checked = held.has(entry.slug);
      return box;
    });
    list.replaceChildren(
      element("legend", {}, "Cards I hold"),
      ...boxes.map(
        (box, position) => element("div", { class: "card-choice" }, box, element("label", { for: box.id }, cards[position].name))
      )
    );
    applyFilter();
    status.textContent = `${held.size} of ${cards.length} cards chosen.`;
  }
  list.addEventListener("change", () => {
    const wallet = boxes.filter((box) => box.checked).map((box) => box.value);
    writeSettings({ wallet }).then(() => {
      status.textContent = `${wallet.length} of ${boxes.length} cards chosen.`;
    }).catch(() => void 0);
  });
  filter.addEventListener("input", applyFilter);
  document.getElementById("clear").addEventListener("click", () => {
    for (const box of boxes) box.checked = false;
    applyFilter();
    writeSettings({ wallet: [] }).then(() => {
      status.textContent = `0 of ${boxes.length} cards chosen.`;
    }).catch(() => void 0);
  });
  for (const radio of segments)
    radio.addEventListener("change", () => {
      applyFilter();
      writeSettings({ segment: chosenSegment() }).catch(() => void 0);
    });
  suggest.addEventListener("change", () => {
    writeSettings({ suggest: suggest.checked }).catch(() => void 0);
  });
  document.getElementById("service").addEventListener("submit", (event) => {
    event.preventDefault();
    const url = reachableBaseUrl(baseUrl.value);
    if (url === void 0) {
      status.textContent = `The extension cannot reach ${baseUrl.value}: see below for the addresses it may use.`;
      return;
    }
    writeSettings({ baseUrl: url }).then(showCards).then(() => {
      status.textContent = `Now using ${url}.`;
    }).catch((error) => {
      status.textContent = `${url} could not be read (${error instanceof Error ? error.message : String(error)}).`;
    });
  });
  showCards().catch((error) => {
    status.textContent = `The service could not be reached (${error instanceof Error ? error.message : String(error)}). Check its address below.`;
  });
})();
