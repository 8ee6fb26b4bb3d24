/**
 * The only requests the extension makes (docs/extension.md, "What it sends"): GETs of two public
 * files that are the same for everyone and whatever the site open, without cookies, referrer or any
 * header of its own. The extension index and everyday spending's earn table are fetched when the
 * extension is installed; the index is asked again once it is six hours old (a revalidation: the same
 * bytes cost a 304), and the table again when the index names a new build. Both are kept in extension
 * storage, so opening a site sends nothing at all.
 */
import type { ExtensionIndex } from '../schemas/extension-index.ts';
import type { EarnTable } from '../schemas/keyed.ts';
import { PUBLIC_FILES } from '../schemas/public-files.ts';

const INDEX_MAX_AGE_MS = 6 * 60 * 60 * 1000;

interface StoredIndex {
  readonly baseUrl: string;
  readonly fetchedAt: number;
  readonly index: ExtensionIndex;
}
interface StoredTable {
  readonly baseUrl: string;
  /** The index's version the table was fetched for. */
  readonly version: string;
  readonly table: EarnTable;
}

/** A public file of the service, revalidated with it (the stored copy is ours; the browser's cache need not answer). */
async function fetchPublic(baseUrl: string, path: string): Promise<unknown> {
  const response = await fetch(new URL(path.replace(/^\//, ''), baseUrl), {
    credentials: 'omit',
    referrerPolicy: 'no-referrer',
    cache: 'no-cache',
  });
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return response.json();
}

// What this page or worker has read from storage, so a second answer does not read it again.
let index: StoredIndex | undefined;
let everyday: StoredTable | undefined;

/** Keeps `items` in extension storage; when storage refuses them (its quota), this page or worker keeps them in memory only. */
async function keep(items: Record<string, unknown>): Promise<void> {
  await chrome.storage.local.set(items).catch(() => undefined);
}

/** The extension index of the service at `baseUrl`, from storage while it is fresh (and while the service cannot be reached). */
async function loadIndex(baseUrl: string): Promise<ExtensionIndex> {
  index ??= (await chrome.storage.local.get('index'))['index'] as StoredIndex | undefined;
  const kept = index !== undefined && index.baseUrl === baseUrl ? index : undefined;
  if (kept !== undefined && Date.now() - kept.fetchedAt < INDEX_MAX_AGE_MS) return kept.index;
  let fetched: ExtensionIndex;
  try {
    fetched = (await fetchPublic(baseUrl, PUBLIC_FILES.extensionIndex)) as ExtensionIndex;
  } catch (error) {
    // Offline, or the service is down: the copy kept answers until it can be renewed.
    if (kept !== undefined) return kept.index;
    throw error;
  }
  index = { baseUrl, fetchedAt: Date.now(), index: fetched };
  await keep({ index });
  return index.index;
}

/** Everyday spending's earn table for the build the index `version` names, from storage when it holds that build's. */
async function loadEveryday(baseUrl: string, version: string): Promise<EarnTable> {
  everyday ??= (await chrome.storage.local.get('everyday'))['everyday'] as StoredTable | undefined;
  if (everyday !== undefined && everyday.baseUrl === baseUrl && everyday.version === version) return everyday.table;
  // Another build (or another service): its tables may differ, so the stored one is replaced; a revalidation, as the index.
  everyday = { baseUrl, version, table: (await fetchPublic(baseUrl, PUBLIC_FILES.earnTableEveryday)) as EarnTable };
  await keep({ everyday });
  return everyday.table;
}

/** What the extension needs to answer on any site: the index and everyday spending's table (all a fresh install fetches). */
export async function loadTables(baseUrl: string): Promise<{ index: ExtensionIndex; everyday: EarnTable }> {
  const loaded = await loadIndex(baseUrl);
  return { index: loaded, everyday: await loadEveryday(baseUrl, loaded.version) };
}
