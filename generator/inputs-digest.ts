/**
 * A digest of everything a build depends on: the dataset's bytes, the options, and the
 * generator's own source. Equal digests mean an equal tree, so a rebuild with nothing changed
 * can stop before deriving anything.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DatasetSources } from './load-dataset.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** The folders whose code decides the output. */
const SOURCE_DIRS = ['generator', 'schemas'];

/** Hex digest of the dataset texts, the build options and the generator's source files. */
export function inputsDigest(sources: DatasetSources, options: Readonly<Record<string, string | undefined>>): string {
  const hash = createHash('sha256');
  for (const [file, text] of [...sources].sort(([a], [b]) => (a < b ? -1 : 1)))
    hash.update(`${file}\u0000${text ?? '\u0001missing'}\u0000`);
  for (const [key, value] of Object.entries(options).sort(([a], [b]) => (a < b ? -1 : 1))) hash.update(`${key}=${value ?? ''}\u0000`);
  for (const file of sourceFiles()) hash.update(`${relative(ROOT, file)}\u0000`).update(readFileSync(file));
  hash.update(readFileSync(join(ROOT, 'package-lock.json')));
  return hash.digest('hex');
}

function sourceFiles(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts')) files.push(path);
    }
  };
  for (const dir of SOURCE_DIRS) walk(join(ROOT, dir));
  return files;
}
