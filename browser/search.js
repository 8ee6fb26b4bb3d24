// The home page's search: filters the public search index in the browser (no key) and links to the pages.
(() => {
  const script = document.currentScript;
  const base = new URL('../', script instanceof HTMLScriptElement ? script.src : location.href);
  const input = document.getElementById('q');
  const list = document.getElementById('results');
  const status = document.getElementById('search-status');
  if (!(input instanceof HTMLInputElement) || !list || !status) return;
  const LIMIT = 20;
  let loading;
  const load = () => {
    loading ??= fetch(new URL('api/search.json', base)).then((response) => {
      if (!response.ok) throw new Error(`search index: HTTP ${response.status}`);
      return response.json();
    });
    return loading;
  };

  /** Entries whose code or name matches: exact and prefix matches first, then merchants by popularity, then codes. */
  const search = (index, raw) => {
    const query = raw.trim().toLowerCase();
    if (query === '') return [];
    if (/^\d{1,4}$/.test(query)) return index.filter((e) => e.type === 'mcc' && e.code.startsWith(query)).slice(0, LIMIT);
    const score = (entry) => {
      const name = entry.name.toLowerCase();
      const at = name.indexOf(query);
      if (at < 0) return -1;
      return (name === query ? 0 : at === 0 ? 1 : 2) * 1e6 + (entry.type === 'merchant' ? entry.rank : 5e5 + Number(entry.code));
    };
    return index
      .map((entry) => [score(entry), entry])
      .filter(([s]) => s >= 0)
      .sort((a, b) => a[0] - b[0])
      .slice(0, LIMIT)
      .map(([, entry]) => entry);
  };

  const render = (index) => {
    const found = search(index, input.value);
    list.replaceChildren(
      ...found.map((entry) => {
        const item = document.createElement('li');
        const link = document.createElement('a');
        link.href = new URL(entry.type === 'mcc' ? `mcc/${entry.code}` : `merchant/${entry.slug}`, base).pathname;
        link.textContent = entry.type === 'mcc' ? `MCC ${entry.code}: ${entry.name}` : entry.name;
        item.append(link);
        if (entry.type === 'merchant') item.append(` (MCC ${entry.mcc_code})`);
        return item;
      }),
    );
    const count = found.length === LIMIT ? `the first ${LIMIT} results` : found.length === 1 ? '1 result' : `${found.length} results`;
    status.textContent = input.value.trim() === '' ? '' : `Showing ${count}.`;
  };

  const run = () =>
    load().then(render, (error) => {
      status.textContent = `The search index could not be loaded (${error.message}).`;
    });
  input.addEventListener('input', run);
  input.form?.addEventListener('submit', (event) => {
    event.preventDefault();
    run();
  });
  const initial = new URLSearchParams(location.search).get('q');
  if (initial) {
    input.value = initial;
    run();
  }
})();
