/**
 * `manifest.json`: the index of the output tree that the gateway, the CDN upload and the
 * incremental rebuild all read: every file with its size, ETag and content type.
 */
import type { ManifestFile, Manifest } from '../schemas/manifest.ts';
import { manifestRoutes } from './routes/index.ts';

export { MANIFEST_PATH } from '../tree/tree-contract.ts';
export const MANIFEST_VERSION = 1;

export type { Manifest };

/** The manifest document for a finished tree. */
export function createManifest(buildId: string, date: string, entries: ReadonlyMap<string, ManifestFile>): Manifest {
  return { version: MANIFEST_VERSION, build: buildId, date, files: Object.fromEntries(entries), routes: manifestRoutes() };
}
