/*
 * The home page's search: filters the public search index in the browser (no key) and links to the
 * pages. The matching is schemas/search-match.ts (the widget's too), bundled in by
 * scripts/generate-browser-scripts.ts.
 */
import type { SearchIndexEntry } from '../schemas/documents.ts';
import { searchEntries } from '../schemas/search-match.ts';
import { element } from './dom.ts';

const script = document.currentScript;
const base = new URL('../', script instanceof HTMLScriptElement ? script.src : location.href);
const input = document.getElementById('q');
const list = document.getElementById('results');
const status = document.getElementById('search-status');
const LIMIT = 20;

let loading: Promise<SearchIndexEntry[]> | undefined;
const load = (): Promise<SearchIndexEntry[]> => {
  loading ??= fetch(new URL('api/search.json', base)).then((response) => {
    if (!response.ok) throw new Error(`search index: HTTP ${response.status}`);
    return response.json() as Promise<SearchIndexEntry[]>;
  });
  return loading;
};

/** One result: a link to the entry's page, and a merchant's MCC. */
const itemOf = (entry: SearchIndexEntry): HTMLLIElement => {
  const page = (path: string) => new URL(path, base).pathname;
  switch (entry.type) {
    case 'mcc':
      return element('li', {}, element('a', { href: page(`mcc/${entry.code}`) }, `MCC ${entry.code}: ${entry.name}`));
    case 'merchant':
      return element('li', {}, element('a', { href: page(`merchant/${entry.slug}`) }, entry.name), ` (MCC ${entry.mcc_code})`);
    case 'category':
      return element('li', {}, element('a', { href: page(`best/${entry.slug}`) }, `Best cards for ${entry.name}`), ' (bonus category)');
  }
};

if (input instanceof HTMLInputElement && list && status) {
  const render = (index: SearchIndexEntry[]): void => {
    const found = searchEntries(index, input.value).slice(0, LIMIT);
    list.replaceChildren(...found.map(itemOf));
    const count = found.length === LIMIT ? `the first ${LIMIT} results` : found.length === 1 ? '1 result' : `${found.length} results`;
    status.textContent = input.value.trim() === '' ? '' : `Showing ${count}.`;
  };
  const run = (): Promise<void> =>
    load().then(render, (error: unknown) => {
      status.textContent = `The search index could not be loaded (${error instanceof Error ? error.message : String(error)}).`;
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
}
