/**
 * A built tree on disk as the diff and the writer see it: its folder, its manifest's file list and
 * routes, JSON files read only when asked for.
 */
import type { TreeView } from './build-diff.ts';
import { readManifestText, readTreeFile, treeRoot } from '../../tree/tree-contract.ts';
import type { Manifest, ManifestFile } from '../../schemas/manifest.ts';

export interface DiskTree extends TreeView {
  /** The build's real folder (not the `out` link). */
  readonly root: string;
  readonly files: Readonly<Record<string, ManifestFile>>;
}

/** The tree in folder `root`, described by its (already parsed) manifest. */
export function diskTree(root: string, manifest: Manifest): DiskTree {
  return {
    root,
    build: manifest.build,
    files: manifest.files,
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
    manifest = JSON.parse(readManifestText(root)) as Manifest;
  } catch {
    return undefined;
  }
  if (typeof manifest?.build !== 'string' || typeof manifest.files !== 'object' || !Array.isArray(manifest.routes)) return undefined;
  return diskTree(root, manifest);
}
