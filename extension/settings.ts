/**
 * What the person chose (their cards, personal or business, the suggestion, the service's address),
 * kept in this browser's extension storage and never sent anywhere. The service's address defaults to
 * the one the extension was built for (its manifest's homepage_url, written by the build).
 */
import type { SegmentChoice, Settings } from './answer.ts';
import { SEGMENTS } from '../schemas/ranking-choices.ts';

export interface StoredSettings extends Settings {
  /** The service's base URL, ending in `/`: where the public files are. */
  readonly baseUrl: string;
}

const KEY = 'settings';

/** The base URL the build wrote into the manifest: the public site of the build this extension came from. */
export function builtBaseUrl(): string {
  return withSlash(chrome.runtime.getManifest().homepage_url ?? 'http://localhost:8787/');
}

const withSlash = (url: string): string => (url.endsWith('/') ? url : `${url}/`);

/**
 * The base URL `text` names, when the extension may reach it: the address it was built for, or a
 * service on this machine (`cardrewards start`); the manifest's content security policy lets it
 * connect nowhere else. Undefined for anything else.
 */
export function reachableBaseUrl(text: string): string | undefined {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  url.search = '';
  url.hash = '';
  const loopback = url.protocol === 'http:' && (url.hostname === 'localhost' || url.hostname === '127.0.0.1');
  return loopback || url.origin === new URL(builtBaseUrl()).origin ? withSlash(url.href) : undefined;
}

const SEGMENT_CHOICES: readonly SegmentChoice[] = ['all', ...SEGMENTS];

export async function readSettings(): Promise<StoredSettings> {
  const stored = ((await chrome.storage.local.get(KEY))[KEY] ?? {}) as Partial<Record<keyof StoredSettings, unknown>>;
  const wallet = Array.isArray(stored.wallet) ? stored.wallet.filter((slug): slug is string => typeof slug === 'string') : [];
  const segment = SEGMENT_CHOICES.find((choice) => choice === stored.segment) ?? 'all';
  const baseUrl = typeof stored.baseUrl === 'string' ? (reachableBaseUrl(stored.baseUrl) ?? builtBaseUrl()) : builtBaseUrl();
  return { wallet, segment, suggest: stored.suggest === true, baseUrl };
}

/** The writes of this page, one after another: each reads what the one before it wrote. */
let writes: Promise<unknown> = Promise.resolve();

/** Stores `change` over the current settings (the wallet sorted, so the same choice is the same bytes). */
export function writeSettings(change: Partial<StoredSettings>): Promise<StoredSettings> {
  const write = writes.then(async () => {
    const next = { ...(await readSettings()), ...change };
    const stored = { ...next, wallet: [...new Set(next.wallet)].sort() };
    await chrome.storage.local.set({ [KEY]: stored });
    return stored;
  });
  writes = write.catch(() => undefined);
  return write;
}

/** Calls `listener` whenever the settings change (in the options page, another window, the popup). */
export function onSettingsChanged(listener: () => void): void {
  chrome.storage.onChanged.addListener((changes, area) => {
    if (area === 'local' && KEY in changes) listener();
  });
}
