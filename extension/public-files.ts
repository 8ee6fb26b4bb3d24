/**
 * The only requests the extension makes (docs/extension.md, "What it sends"): GETs of public files
 * that are the same for everyone, without cookies, referrer or any header of its own. The index is
 * fetched once when the extension is installed and again once it is six hours old (a revalidation:
 * the same bytes cost a 304); an MCC's earn table once per build when a site of that MCC is first
 * opened; everyday spending's at install. Both are kept in extension storage, so a second visit to
 * a site of the same MCC sends nothing. A merchant's own table is never requested: the index
 * carries what it changes of its MCC's.
 */
import type { ExtensionIndex } from '../schemas/extension-index.ts';
import type { EarnTable } from '../schemas/keyed.ts';
import { PUBLIC_FILES } from '../schemas/public-files.ts';

const INDEX_MAX_AGE_MS = 6 * 60 * 60 * 1000;
/** How many earn tables storage keeps (about 100 KB each; extension storage holds 10 MB). */
const TABLES_KEPT = 40;

interface StoredIndex {
  readonly baseUrl: string;
  readonly fetchedAt: number;
  readonly index: ExtensionIndex;
}
interface StoredTables {
  readonly baseUrl: string;
  readonly version: string;
  /** Site paths, the most recently used last. */
  readonly paths: readonly string[];
}

async function fetchPublic(baseUrl: string, path: string, revalidate: boolean): Promise<unknown> {
  const response = await fetch(new URL(path.replace(/^\//, ''), baseUrl), {
    credentials: 'omit',
    referrerPolicy: 'no-referrer',
    cache: revalidate ? 'no-cache' : 'default',
  });
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return response.json();
}

let memo: StoredIndex | undefined;

/** The extension index of the service at `baseUrl`, from storage while it is fresh. */
export async function loadIndex(baseUrl: string): Promise<ExtensionIndex> {
  memo ??= (await chrome.storage.local.get('index'))['index'] as StoredIndex | undefined;
  if (memo !== undefined && memo.baseUrl === baseUrl && Date.now() - memo.fetchedAt < INDEX_MAX_AGE_MS) return memo.index;
  const index = (await fetchPublic(baseUrl, PUBLIC_FILES.extensionIndex, true)) as ExtensionIndex;
  memo = { baseUrl, fetchedAt: Date.now(), index };
  await chrome.storage.local.set({ index: memo });
  return index;
}

const tableKey = (path: string): string => `table:${path}`;

/** The public earn table at `path` for the build `version` names, from storage when it holds that build's. */
export async function loadTable(baseUrl: string, version: string, path: string): Promise<EarnTable> {
  const stored = (await chrome.storage.local.get(['tables', tableKey(path)])) as Record<string, unknown>;
  let list = stored['tables'] as StoredTables | undefined;
  if (list === undefined || list.baseUrl !== baseUrl || list.version !== version) {
    // Another build or another service: every table kept is stale.
    if (list !== undefined) await chrome.storage.local.remove(list.paths.map(tableKey));
    list = { baseUrl, version, paths: [] };
  } else if (list.paths.includes(path)) {
    await chrome.storage.local.set({ tables: { ...list, paths: [...list.paths.filter((kept) => kept !== path), path] } });
    return stored[tableKey(path)] as EarnTable;
  }
  const table = (await fetchPublic(baseUrl, path, false)) as EarnTable;
  const paths = [...list.paths, path];
  const dropped = paths.slice(0, Math.max(0, paths.length - TABLES_KEPT));
  if (dropped.length > 0) await chrome.storage.local.remove(dropped.map(tableKey));
  await chrome.storage.local.set({ tables: { ...list, paths: paths.slice(dropped.length) }, [tableKey(path)]: table });
  return table;
}

/** What a fresh install fetches before any site is opened: the index and everyday spending's table. */
export async function prefetch(baseUrl: string): Promise<void> {
  const index = await loadIndex(baseUrl);
  await loadTable(baseUrl, index.version, PUBLIC_FILES.earnTableEveryday);
}
