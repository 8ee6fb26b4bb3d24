/**
 * The site's static assets: the stylesheet and the scripts that run in readers' browsers. They
 * live as plain files in `browser/` at the package root (shipped with the package, hashed into the
 * inputs digest) and are copied into the tree as they are. The scripts are committed bundles of
 * `browser/*.ts` (scripts/generate-browser-scripts.ts), so building a tree needs no bundler.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BROWSER_ASSETS_DIR, packageRoot } from '../../../tree/package-info.ts';
import { PUBLIC_FILES, type PublicFile, publicFile } from '../../../schemas/public-files.ts';

export interface Asset {
  /** Path inside the output tree. */
  readonly file: string;
  /** Site path with a content-hash query, so a changed asset is never served stale from a cache. */
  readonly href: string;
  readonly bytes: Buffer;
}

function asset(name: string, sitePath: PublicFile): Asset {
  const bytes = readFileSync(join(packageRoot(), BROWSER_ASSETS_DIR, name));
  const version = createHash('sha256').update(bytes).digest('hex').slice(0, 10);
  return { file: publicFile(sitePath), href: `${sitePath}?v=${version}`, bytes };
}

export const stylesheet = asset('site.css', PUBLIC_FILES.stylesheet);
export const searchScript = asset('search.js', PUBLIC_FILES.searchScript);
export const walletScript = asset('wallet.js', PUBLIC_FILES.walletScript);
export const widgetScript = asset('mcc-widget.js', PUBLIC_FILES.widgetScript);
