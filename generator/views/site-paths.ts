/** Where each page of the site lives: one definition for the pages, their links and the records' `service_url`. */
import { groupSlug } from '../internal/group-slug.ts';
import type { Model } from '../engine/model.ts';
import { publicFile } from '../../schemas/public-files.ts';

export const sitePaths = {
  home: '/',
  mcc: (code: string) => `/mcc/${code}`,
  mccGroups: '/mcc',
  mccGroup: (group: string) => `/mcc/group/${groupSlug(group)}`,
  merchant: (slug: string) => `/merchant/${slug}`,
  cards: '/card',
  card: (slug: string) => `/card/${slug}`,
  issuer: (slug: string) => `/issuer/${slug}`,
  bestIndex: '/best',
  best: (category: string) => `/best/${category}`,
  stats: '/stats',
  changes: '/changes',
  /** The Atom feed of the same history (a file, not a page). */
  changesFeed: '/changes.xml',
  download: '/download',
  widget: '/widget',
  docs: '/docs',
} as const;

/** The file that serves a page: `/mcc/5411` → `public/mcc/5411/index.html`. */
export function pageFile(path: string): string {
  return publicFile(path === '/' ? '/index.html' : `${path}/index.html`);
}

/** The page's absolute URL, as `service_url` gives it. */
export function pageUrl(model: Model, path: string): string {
  return `${model.baseUrl}${path === '/' ? '/' : path}`;
}

/**
 * The link to a site path from any page: the base URL's path prefix and the path, with no host,
 * so the same tree works on the gateway at any port and on a CDN under the base URL.
 */
export function href(model: Model, path: string): string {
  return `${basePath(model)}${path}`;
}

const basePaths = new WeakMap<Model, string>();

function basePath(model: Model): string {
  let prefix = basePaths.get(model);
  if (prefix === undefined) {
    prefix = new URL(model.baseUrl).pathname.replace(/\/+$/, '');
    basePaths.set(model, prefix);
  }
  return prefix;
}
