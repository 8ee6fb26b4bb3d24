/**
 * A built tree on disk as the diff and the writer see it: its folder, its manifest's file list and
 * routes, JSON files read only when asked for.
 */
import type { TreeFiles, TreeView } from './build-diff.ts';
import { parseJsonBytes } from '../../tree/parse-json-bytes.ts';
import { readManifestBytes, readTreeFile, treeRoot } from '../../tree/tree-contract.ts';
import type { Manifest } from '../../schemas/manifest.ts';
import { PackedFiles, type StoredFile } from './packed-files.ts';

export type { StoredFile };

export interface DiskTree extends TreeView {
  /** The build's real folder (not the `out` link). */
  readonly root: string;
  readonly files: TreeFiles<StoredFile>;
}

/** The tree in folder `root`, described by its (already parsed) manifest; it keeps each file's ETag and encodings, packed. */
export function diskTree(root: string, manifest: Manifest): DiskTree {
  return {
    root,
    build: manifest.build,
    files: new PackedFiles(manifest.files),
    routes: manifest.routes,
    read: (path) => JSON.parse(readTreeFile(root, path).toString('utf8')),
  };
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
