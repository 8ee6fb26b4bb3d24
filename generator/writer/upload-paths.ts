/**
 * What a deploy must upload to turn a copy of one build into the next (issue 44, item 3): every file
 * of the new build whose bytes the old one does not hold at that path, with its precompressed
 * siblings, and the manifest and build id when the builds differ. It reads the manifests only (an
 * ETag is equal exactly when the bytes are), so `cardrewards diff --format upload` lists it at once.
 */
import type { ManifestFile } from '../../schemas/manifest.ts';
import { BUILD_ID_PATH, byPath, ENCODING_SUFFIX, MANIFEST_PATH, storesSameFiles } from '../../tree/tree-contract.ts';

/** The part of a build the list needs: its id and its manifest's files. */
export interface UploadTree {
  readonly build: string;
  readonly files: Readonly<Record<string, ManifestFile>>;
}

/** The paths (relative to the build's folder, sorted) to upload over a copy of `before` so that it serves `after`. */
export function uploadPaths(before: UploadTree, after: UploadTree): string[] {
  if (before.build === after.build) return [];
  const paths: string[] = [MANIFEST_PATH, BUILD_ID_PATH];
  for (const [path, entry] of Object.entries(after.files)) {
    const old = before.files[path];
    if (old !== undefined && storesSameFiles(old, entry)) continue;
    paths.push(path, ...(entry.encodings ?? []).map((encoding) => `${path}${ENCODING_SUFFIX[encoding]}`));
  }
  return paths.sort(byPath);
}
