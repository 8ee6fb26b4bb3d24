/**
 * `manifest.json`: the index of the output tree that the gateway, the CDN upload and the
 * incremental rebuild all read: every file with its size, ETag and content type.
 *
 * It is written as text, entry by entry, in the canonical JSON of the whole document (sorted keys,
 * no white space): a tree of a million files makes a manifest of over a hundred megabytes, and
 * building it as one object, checking that, ordering a copy and serialising it held four copies of
 * every entry at the build's peak. Each part is checked against the schema the gateway loads it with.
 */
import { canonicalJson } from './canonical-json.ts';
import { invalidDocument } from './errors.ts';
import { manifestRoutes } from './routes/index.ts';
import { type Manifest, type ManifestFile, manifestFileSchema, manifestSchema, SAFE_FILE_KEY } from '../schemas/manifest.ts';
import { validatorFor } from '../schemas/validator.ts';
import { MANIFEST_PATH } from '../tree/tree-contract.ts';

const MANIFEST_VERSION = 1;

/** About this many bytes of text go into each chunk of the manifest. */
const CHUNK_BYTES = 1 << 20;

/**
 * The bytes of `manifest.json` for a finished tree, a chunk at a time as they are asked for, with a
 * final newline: the canonical JSON of `{ version, build, date, files, routes }` with `files` from
 * `entries`, whose `paths` are given in code-unit order. Only one chunk is held at a time.
 */
export function* manifestChunks(
  buildId: string,
  date: string,
  entries: ReadonlyMap<string, ManifestFile>,
  paths: readonly string[],
): Generator<Buffer> {
  // Everything but the files, checked as a manifest of no file; then each file's key and entry.
  const head: Manifest = { version: MANIFEST_VERSION, build: buildId, date, files: {}, routes: manifestRoutes() };
  const checkHead = validatorFor(manifestSchema);
  if (!checkHead(head)) throw invalidDocument(MANIFEST_PATH, checkHead.errors);
  const checkEntry = validatorFor(manifestFileSchema);
  const safeKey = new RegExp(SAFE_FILE_KEY);
  // Canonical order of the document's keys: build, date, files, routes, version.
  let text = `{"build":${JSON.stringify(buildId)},"date":${JSON.stringify(date)},"files":{`;
  for (let i = 0; i < paths.length; i++) {
    const path = paths[i] as string;
    const entry = entries.get(path) as ManifestFile;
    if (!safeKey.test(path))
      throw invalidDocument(MANIFEST_PATH, [{ message: `is not a safe file key (${SAFE_FILE_KEY})` }], `/files/${path}`);
    if (!checkEntry(entry)) throw invalidDocument(MANIFEST_PATH, checkEntry.errors, `/files/${path}`);
    text += `${i === 0 ? '' : ','}${JSON.stringify(path)}:${canonicalJson(entry)}`;
    if (text.length >= CHUNK_BYTES) {
      yield Buffer.from(text, 'utf8');
      text = '';
    }
  }
  text += `},"routes":${canonicalJson(head.routes)},"version":${MANIFEST_VERSION}}\n`;
  yield Buffer.from(text, 'utf8');
}
