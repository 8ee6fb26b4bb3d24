/*
 * The home page's search: filters the public search index in the browser (no key) and links to the
 * pages. The matching is schemas/search-match.ts (the widget's too), bundled in by
 * scripts/generate-browser-scripts.ts.
 */
// Generated from browser/search.ts by `npm run generate:browser-scripts`: edit that file, not this one.
"use strict";
(() => {
  // schemas/search-match.ts
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
    return labels.slice(0, -1).map((_, index) => labels.slice(index).join("."));
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

  // browser/search.ts
  var script = document.currentScript;
  var base = new URL("../", script instanceof HTMLScriptElement ? script.src : location.href);
  var input = document.getElementById("q");
  var list = document.getElementById("results");
  var status = document.getElementById("search-status");
  var LIMIT = 20;
  var loading;
  var load = () => {
    loading ??= fetch(new URL("api/search.json", base)).then((response) => {
      if (!response.ok) throw new Error(`search index: HTTP ${response.status}`);
      return response.json();
    });
    return loading;
  };
  var itemOf = (entry) => {
    const page = (path) => new URL(path, base).pathname;
    switch (entry.type) {
      case "mcc":
        return element("li", {}, element("a", { href: page(`mcc/${entry.code}`) }, `MCC ${entry.code}: ${entry.name}`));
      case "merchant":
        return element("li", {}, element("a", { href: page(`merchant/${entry.slug}`) }, entry.name), ` (MCC ${entry.mcc_code})`);
      case "category":
        return element("li", {}, element("a", { href: page(`best/${entry.slug}`) }, `Best cards for ${entry.name}`), " (bonus category)");
    }
  };
  if (input instanceof HTMLInputElement && list && status) {
    const render = (index) => {
      const found = searchEntries(index, input.value).slice(0, LIMIT);
      list.replaceChildren(...found.map(itemOf));
      const count = found.length === LIMIT ? `the first ${LIMIT} results` : found.length === 1 ? "1 result" : `${found.length} results`;
      status.textContent = input.value.trim() === "" ? "" : `Showing ${count}.`;
    };
    const run = () => load().then(render, (error) => {
      status.textContent = `The search index could not be loaded (${error instanceof Error ? error.message : String(error)}).`;
    });
    input.addEventListener("input", run);
    input.form?.addEventListener("submit", (event) => {
      event.preventDefault();
      run();
    });
    const initial = new URLSearchParams(location.search).get("q");
    if (initial) {
      input.value = initial;
      run();
    }
  }
})();
