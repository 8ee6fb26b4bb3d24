/**
 * The built tree as the generator writes it and the gateway, `get` and `diff` read it (docs/manifest.md):
 * the names beside the files, the encoded siblings, how an ETag and a content type follow from a
 * file, the order of paths, and reading a tree's folder. One definition for both sides of the seam,
 * so the writer and the readers cannot drift apart.
 */
import { createHash } from 'node:crypto';
import { readFileSync, realpathSync, statSync, type Stats } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Encoding, ManifestFile } from '../schemas/manifest.ts';

/** The index of the tree: every file with its size, ETag, type and encodings, and the keyed routes. */
export const MANIFEST_PATH = 'manifest.json';

/**
 * A few bytes beside the manifest holding the build id, so a gateway in proxy mode whose origin
 * sends no ETag can tell a new build from the same one without downloading the whole manifest.
 */
export const BUILD_ID_PATH = 'build-id';

/** Files at least this large get precompressed siblings; below it compression saves too little to be worth a file. */
export const COMPRESS_MIN_BYTES = 4096;

/** The file name suffix of each precompressed sibling: `x.json.br`, `x.json.gz`. */
export const ENCODING_SUFFIX: Readonly<Record<Encoding, string>> = { br: '.br', gzip: '.gz' };

/** The folder that holds every build of the tree `out` links to: `<out>.builds/<build id>`. */
export function buildsFolder(out: string): string {
  return `${out}.builds`;
}

/** Quoted, truncated SHA-256 of the bytes: a strong ETag that is equal exactly when the bytes are. */
export function etagOf(bytes: Buffer): string {
  // Joined, not concatenated: one flat 24-character string rather than a chain holding the whole digest (a build keeps a million).
  return ['"', createHash('sha256').update(bytes).digest('base64url').slice(0, 22), '"'].join('');
}

/** The ETag of one encoding of a file: its plain ETag with the encoding inside the quotes (`"abc-br"`), so caches keep them apart. */
export function encodedEtag(etag: string, encoding: Encoding): string {
  return `${etag.slice(0, -1)}-${encoding}"`;
}

/** The content type a file name implies. */
export function contentTypeOf(path: string): string {
  if (path.endsWith('.json')) return 'application/json; charset=utf-8';
  if (path.endsWith('.csv')) return 'text/csv; charset=utf-8';
  if (path.endsWith('.html')) return 'text/html; charset=utf-8';
  if (path.endsWith('.css')) return 'text/css; charset=utf-8';
  if (path.endsWith('.js')) return 'text/javascript; charset=utf-8';
  if (path.endsWith('.xml')) return 'application/atom+xml; charset=utf-8'; // the tree's one XML file is the changes feed
  if (path.endsWith('.zip')) return 'application/zip';
  if (path.endsWith('.sqlite')) return 'application/vnd.sqlite3';
  return 'application/octet-stream';
}

/** Files that get .br and .gz siblings: text (JSON, HTML, CSS, scripts, the Atom feed) at least COMPRESS_MIN_BYTES long. */
export function isCompressible(path: string, size: number): boolean {
  const type = contentTypeOf(path);
  return size >= COMPRESS_MIN_BYTES && (type.startsWith('application/json') || type.startsWith('text/') || type.includes('+xml'));
}

/** The manifest entry of one file. */
export function entryOf(path: string, bytes: Buffer): ManifestFile {
  const type = contentTypeOf(path);
  return { size: bytes.length, etag: etagOf(bytes), type, ...(isCompressible(path, bytes.length) ? { encodings: PRECOMPRESSED } : {}) };
}

/** What decides the files a tree holds at a path: the ETag of its bytes and its precompressed siblings (a manifest entry is one). */
export interface StoredFile {
  readonly etag: string;
  readonly encodings?: readonly Encoding[] | undefined;
}

/**
 * Whether two manifest entries put the same files at their path: the same bytes (ETag) and the same
 * precompressed siblings, which are made from those bytes alone. A build links such a file from the
 * build before; a deploy need not upload it.
 */
export function storesSameFiles(a: StoredFile, b: StoredFile): boolean {
  if (a.etag !== b.etag) return false;
  const [left, right] = [a.encodings ?? [], b.encodings ?? []];
  return left.length === right.length && left.every((encoding, index) => encoding === right[index]);
}

/** The encodings of every compressible file: one frozen list shared by every entry (a build holds a million entries). */
const PRECOMPRESSED: Encoding[] = Object.freeze(['br', 'gzip']) as Encoding[];

/** The order of files in the manifest and the build id: by path, code unit by code unit. */
export function byPath(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The build folder `dir` shows now: `dist` is a link to `dist.builds/<id>`, resolved once so every read comes from one build. */
export function treeRoot(dir: string): string {
  return realpathSync(resolve(dir));
}

/** The bytes of the manifest in a build folder (parse them with parseJsonBytes: they may be longer than a string can be). */
export function readManifestBytes(root: string): Buffer {
  return readFileSync(join(root, MANIFEST_PATH));
}

/** The manifest file's stat, which changes when a new build is linked in its place. */
export function statManifest(root: string): Stats {
  return statSync(join(root, MANIFEST_PATH));
}

/** The bytes of one file of a build folder, by its key (`keyed/api/cards/x.json`). */
export function readTreeFile(root: string, key: string): Buffer {
  return readFileSync(join(root, key));
}
