/**
 * The public files of one build (`dist/public`) by the request path that names them, made once when
 * the build is loaded: a request finds its file, or learns there is none, with one look-up instead of
 * building `public/<path>` keys to try against the manifest.
 *
 * A path names `public/<path>`; a folder-like path (`card/amex-gold`, `card/amex-gold/`, or the empty
 * path) names its `index.html`, and a file of the same name wins over a folder's index. A last
 * segment with a dot (`mcc/5411.json`) is a file name, never a folder.
 */
import type { Manifest, ManifestFile } from '../parse-manifest.ts';

export interface PublicFile {
  /** The file's key in the manifest and the tree (`public/...`). */
  readonly key: string;
  readonly entry: ManifestFile;
}

/** Request path (decoded, no leading slash) → the public file it names. */
export type PublicFileIndex = ReadonlyMap<string, PublicFile>;

const PUBLIC = 'public/';
const INDEX = 'index.html';

export function indexPublicFiles(files: Manifest['files']): PublicFileIndex {
  const index = new Map<string, PublicFile>();
  const keys = Object.keys(files).filter((key) => key.startsWith(PUBLIC));
  // Folders first: `card/amex-gold/index.html` answers `card/amex-gold/` and `card/amex-gold`; `index.html` the empty path.
  for (const key of keys) {
    const path = key.slice(PUBLIC.length);
    if (path !== INDEX && !path.endsWith(`/${INDEX}`)) continue;
    const file: PublicFile = { key, entry: files[key] as ManifestFile };
    const folder = path.slice(0, -INDEX.length);
    index.set(folder, file);
    const bare = folder.slice(0, -1);
    if (bare !== '' && !bare.slice(bare.lastIndexOf('/') + 1).includes('.')) index.set(bare, file);
  }
  // Files last: a file named like a folder wins over that folder's index.
  for (const key of keys) index.set(key.slice(PUBLIC.length), { key, entry: files[key] as ManifestFile });
  return index;
}
