/**
 * A built tree on disk as the diff and the writer see it: its folder, its manifest's file list and
 * routes, JSON files read only when asked for.
 */
import type { TreeFiles, TreeView } from './build-diff.ts';
import { jsonObjectReader } from '../../tree/parse-json-bytes.ts';
import { readManifestBytes, readTreeFile, type StoredFile, treeRoot } from '../../tree/tree-contract.ts';
import type { Manifest } from '../../schemas/manifest.ts';
import { PackedFiles } from './packed-files.ts';

export interface DiskTree extends TreeView {
  /** The build's real folder (not the `out` link). */
  readonly root: string;
  readonly files: TreeFiles<StoredFile>;
}

/** The tree in folder `root`, described by its (already parsed) manifest; it keeps each file's ETag and encodings, packed. */
export function diskTree(root: string, manifest: Manifest): DiskTree {
  return treeAt(root, manifest.build, manifest.routes, PackedFiles.ofRecord(manifest.files));
}

function treeAt(root: string, build: string, routes: Manifest['routes'], files: PackedFiles): DiskTree {
  return { root, build, files, routes, read: (path) => JSON.parse(readTreeFile(root, path).toString('utf8')) };
}

/**
 * The build `outDir` shows now, the one a new build follows; undefined when there is none or its
 * manifest cannot be read (then the new build starts a new history and links nothing from it). Its
 * files are packed as they are parsed, a run at a time: the parsed manifest, about three times the
 * packed files (0.4 GB at ten times today's merchants), is never made whole.
 */
export function liveTree(outDir: string): DiskTree | undefined {
  try {
    const root = treeRoot(outDir);
    const manifest = jsonObjectReader(readManifestBytes(root));
    const build = manifest.value('build');
    const routes = manifest.value('routes');
    if (typeof build !== 'string' || !Array.isArray(routes)) return undefined;
    // An entry without a string ETag throws while it is packed: a damaged manifest, read as none.
    return treeAt(root, build, routes as Manifest['routes'], new PackedFiles(manifest.entries('files') as Iterable<[string, StoredFile]>));
  } catch {
    return undefined;
  }
}
