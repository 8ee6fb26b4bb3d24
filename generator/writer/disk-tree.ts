/**
 * A built tree on disk as the diff and the writer see it: its folder, its manifest's file list and
 * routes, JSON files read only when asked for.
 */
import type { TreeFiles, TreeView } from './build-diff.ts';
import { parseJsonBytes } from '../../tree/parse-json-bytes.ts';
import { readManifestBytes, readTreeFile, treeRoot } from '../../tree/tree-contract.ts';
import type { Encoding, Manifest } from '../../schemas/manifest.ts';

/** What a writer and a diff need of a file of a built tree: the ETag of its bytes and its precompressed siblings. */
export interface StoredFile {
  readonly etag: string;
  readonly encodings?: readonly Encoding[] | undefined;
}

export interface DiskTree extends TreeView {
  /** The build's real folder (not the `out` link). */
  readonly root: string;
  readonly files: TreeFiles<StoredFile>;
}

/** The tree in folder `root`, described by its (already parsed) manifest; it keeps only what StoredFile names of each file. */
export function diskTree(root: string, manifest: Manifest): DiskTree {
  return {
    root,
    build: manifest.build,
    files: storedFiles(manifest.files),
    routes: manifest.routes,
    read: (path) => JSON.parse(readTreeFile(root, path).toString('utf8')),
  };
}

/**
 * The manifest's files, each reduced to its ETag and encodings, the encoding lists shared: a build
 * that follows a tree of a million files holds this for the whole build, and the parsed manifest's
 * own entries (with sizes, types and a list each) are about twice its size.
 */
function storedFiles(files: Manifest['files']): Map<string, StoredFile> {
  const lists = new Map<string, readonly Encoding[]>();
  const stored = new Map<string, StoredFile>();
  // for…in walks the keys in the manifest's (sorted) order without an array of [path, entry] pairs.
  for (const path in files) {
    const { etag, encodings } = files[path] as Manifest['files'][string];
    if (encodings === undefined) {
      stored.set(path, { etag });
      continue;
    }
    const key = encodings.join();
    const shared = lists.get(key) ?? Object.freeze([...encodings]);
    lists.set(key, shared);
    stored.set(path, { etag, encodings: shared });
  }
  return stored;
}

/**
 * The build `outDir` shows now, the one a new build follows; undefined when there is none or its
 * manifest cannot be read (then the new build starts a new history and links nothing from it).
 */
export function liveTree(outDir: string): DiskTree | undefined {
  let root: string;
  let manifest: Manifest;
  try {
    root = treeRoot(outDir);
    manifest = parseJsonBytes(readManifestBytes(root)) as Manifest;
  } catch {
    return undefined;
  }
  if (typeof manifest?.build !== 'string' || typeof manifest.files !== 'object' || !Array.isArray(manifest.routes)) return undefined;
  return diskTree(root, manifest);
}
