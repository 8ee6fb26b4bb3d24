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
  var BAND = 1e6;
  var MCC_OFFSET = 5e5;
  function searchEntries(entries, raw) {
    const query = raw.trim().toLowerCase();
    if (query === "") return [];
    if (CODE_QUERY.test(query)) {
      const code = query.padStart(4, "0");
      return entries.filter((entry) => entry.type === "mcc" && (entry.code === code || entry.code.startsWith(query))).sort((a, b) => Number(b.type === "mcc" && b.code === code) - Number(a.type === "mcc" && a.code === code));
    }
    const scored = [];
    for (const entry of entries) {
      const name = entry.name.toLowerCase();
      const at = name.indexOf(query);
      if (at < 0) continue;
      const band = name === query ? 0 : at === 0 ? 1 : 2;
      scored.push([band * BAND + (entry.type === "merchant" ? entry.rank : MCC_OFFSET + Number(entry.code)), entry]);
    }
    return scored.sort((a, b) => a[0] - b[0]).map(([, entry]) => entry);
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
    const link = entry.type === "mcc" ? element("a", { href: new URL(`mcc/${entry.code}`, base).pathname }, `MCC ${entry.code}: ${entry.name}`) : element("a", { href: new URL(`merchant/${entry.slug}`, base).pathname }, entry.name);
    return entry.type === "merchant" ? element("li", {}, link, ` (MCC ${entry.mcc_code})`) : element("li", {}, link);
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
