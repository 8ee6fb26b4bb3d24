/*
 * The home page's search: filters the public search index in the browser (no key) and links to the
 * pages. The matching is schemas/search-match.ts (the widget's too), bundled in by
 * scripts/generate-browser-scripts.ts.
 */
import type { SearchEntry } from '../schemas/documents.ts';
import { searchEntries } from '../schemas/search-match.ts';
import { element } from './dom.ts';

const script = document.currentScript;
const base = new URL('../', script instanceof HTMLScriptElement ? script.src : location.href);
const input = document.getElementById('q');
const list = document.getElementById('results');
const status = document.getElementById('search-status');
const LIMIT = 20;

let loading: Promise<SearchEntry[]> | undefined;
const load = (): Promise<SearchEntry[]> => {
  loading ??= fetch(new URL('api/search.json', base)).then((response) => {
    if (!response.ok) throw new Error(`search index: HTTP ${response.status}`);
    return response.json() as Promise<SearchEntry[]>;
  });
  return loading;
};

/** One result: a link to the entry's page, and a merchant's MCC. */
const itemOf = (entry: SearchEntry): HTMLLIElement => {
  const link =
    entry.type === 'mcc'
      ? element('a', { href: new URL(`mcc/${entry.code}`, base).pathname }, `MCC ${entry.code}: ${entry.name}`)
      : element('a', { href: new URL(`merchant/${entry.slug}`, base).pathname }, entry.name);
  return entry.type === 'merchant' ? element('li', {}, link, ` (MCC ${entry.mcc_code})`) : element('li', {}, link);
};

if (input instanceof HTMLInputElement && list && status) {
  const render = (index: SearchEntry[]): void => {
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
