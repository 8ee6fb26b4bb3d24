/**
 * A digest of everything a build depends on: the dataset's bytes, the options, and the code that
 * actually runs (the package version, the generator's files as loaded — compiled `.js` in
 * production, `.ts` in development — the lock file, and Node's compression libraries). Equal
 * digests mean an equal tree, so a rebuild with nothing changed can stop before deriving anything,
 * and an upgraded install never takes an old tree for its own.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, extname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DatasetSources } from './load-dataset.ts';
import { BROWSER_ASSETS_DIR, EXTENSION_ASSETS_DIR, packageRoot, packageVersion } from '../../tree/package-info.ts';

/** This module's own file (generator/dataset/): the folder two above it holds the running code, its extension says which kind. */
const SELF = fileURLToPath(import.meta.url);
/** The folders (beside `generator/`) whose code decides the output. */
const CODE_DIRS = ['generator', 'schemas', 'tree', 'errors'];

/** Hex digest of the dataset texts, the build options and the running generator. */
export function inputsDigest(sources: DatasetSources, options: Readonly<Record<string, string | undefined>>): string {
  const hash = createHash('sha256');
  for (const [file, text] of [...sources].sort(([a], [b]) => (a < b ? -1 : 1)))
    hash.update(`${file}\u0000${text ?? '\u0001missing'}\u0000`);
  for (const [key, value] of Object.entries(options).sort(([a], [b]) => (a < b ? -1 : 1))) hash.update(`${key}=${value ?? ''}\u0000`);
  hash.update(`version=${packageVersion()}\u0000zlib=${process.versions.zlib}\u0000brotli=${process.versions.brotli ?? ''}\u0000`);
  const codeRoot = dirname(dirname(dirname(SELF)));
  for (const file of codeFiles(codeRoot, extname(SELF))) hash.update(`${relative(codeRoot, file)}\u0000`).update(readFileSync(file));
  // The site's stylesheet and browser scripts, and the extension the build packages, are copied into the tree: they decide its bytes too.
  for (const dir of [BROWSER_ASSETS_DIR, EXTENSION_ASSETS_DIR]) {
    const assets = join(packageRoot(), dir);
    for (const name of readdirSync(assets).sort()) hash.update(`${dir}/${name}\u0000`).update(readFileSync(join(assets, name)));
  }
  const lock = join(packageRoot(), 'package-lock.json');
  if (existsSync(lock)) hash.update(readFileSync(lock));
  return hash.digest('hex');
}

/** Every file ending in `extension` below the code folders, in a fixed order. */
function codeFiles(codeRoot: string, extension: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith(extension)) files.push(path);
    }
  };
  for (const dir of CODE_DIRS) if (existsSync(join(codeRoot, dir))) walk(join(codeRoot, dir));
  return files;
}
