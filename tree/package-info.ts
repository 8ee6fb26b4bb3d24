/**
 * Where the installed package lives and which version it is. The code runs either from its
 * TypeScript sources (development, tests) or compiled into `lib/` (production), so the package
 * root is found by walking up to `package.json` rather than by a fixed relative path.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let root: string | undefined;

/** The folder holding this package's `package.json`. */
export function packageRoot(): string {
  if (root !== undefined) return root;
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('cardrewards: package.json not found above the running code');
    dir = parent;
  }
  root = dir;
  return dir;
}

interface PackageJson {
  readonly version: string;
  readonly bugs?: string | { readonly url?: string };
}

function readPackageJson(): PackageJson {
  return JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as PackageJson;
}

/** The `version` field of this package's `package.json`. */
export function packageVersion(): string {
  return readPackageJson().version;
}

/** The issue tracker's address from `package.json` (`bugs`, as npm reads it), or undefined when none is recorded. */
export function packageIssuesUrl(): string | undefined {
  const { bugs } = readPackageJson();
  return typeof bugs === 'string' ? bugs : bugs?.url;
}

/** The folder, at the package root, of the site's stylesheet and browser scripts (shipped as they are, not compiled). */
export const BROWSER_ASSETS_DIR = 'browser';
/** The folder, at the package root, of the browser extension's pages, styles and bundled scripts (docs/extension.md), packaged by the build. */
export const EXTENSION_ASSETS_DIR = 'extension';
