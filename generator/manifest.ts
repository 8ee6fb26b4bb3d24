/**
 * `manifest.json`: the index of the output tree that the gateway, the CDN upload and the
 * incremental rebuild all read: every file with its size, ETag and content type.
 */
import type { FileEntry } from './compile.ts';
import { manifestRoutes } from './routes/index.ts';

export const MANIFEST_PATH = 'manifest.json';
export const MANIFEST_VERSION = 1;

export interface Manifest {
  readonly version: number;
  readonly build: string;
  /** The day dated rules were evaluated on. */
  readonly date: string;
  readonly files: Readonly<Record<string, FileEntry>>;
  readonly routes: ReturnType<typeof manifestRoutes>;
}

/** The manifest document for a finished tree. */
export function createManifest(buildId: string, date: string, entries: ReadonlyMap<string, FileEntry>): Manifest {
  return { version: MANIFEST_VERSION, build: buildId, date, files: Object.fromEntries(entries), routes: manifestRoutes() };
}
