/**
 * The public (keyless) files at fixed URL paths, defined once for the generator that writes them,
 * the site and the OpenAPI document that link to them, and the MCP server that reads them. A file
 * lives in the tree at `public` + its URL path.
 */
import { renderTemplate } from './path-template.ts';

export const PUBLIC_FILES = {
  mccRecord: '/api/mcc/{code}.json',
  merchantRecord: '/api/merchant/{slug}.json',
  searchIndex: '/api/search.json',
  openApi: '/openapi.json',
  earnTableMcc: '/api/earn-table/mcc/{mcc}.json',
  earnTableMerchant: '/api/earn-table/merchant/{merchant}.json',
  earnTableEveryday: '/api/earn-table/everyday.json',
  stylesheet: '/assets/site.css',
  searchScript: '/assets/search.js',
  walletScript: '/assets/wallet.js',
  widgetFrame: '/widget/mcc.html',
  widgetScript: '/widget/mcc.js',
  extensionIndex: '/api/extension/index.json',
  extensionPackage: '/download/cardrewards-extension.zip',
} as const;

export type PublicFile = (typeof PUBLIC_FILES)[keyof typeof PUBLIC_FILES];

/** The URL path of a public file, its placeholders filled: `publicPath(PUBLIC_FILES.mccRecord, { code: '5411' })`. */
export function publicPath(template: PublicFile, params: Readonly<Record<string, string>> = {}): string {
  return renderTemplate(template, params);
}

/** The tree path of what a URL path of the public site serves: `/api/mcc/5411.json` → `public/api/mcc/5411.json`. */
export function publicFile(urlPath: string): string {
  return `public${urlPath}`;
}
