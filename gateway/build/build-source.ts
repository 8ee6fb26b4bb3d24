/**
 * The build the gateway serves. `dist` is a link the generator swaps atomically to
 * `dist.builds/<id>`; the gateway resolves it once per check, loads that folder's manifest and
 * reads every file from that same folder, so a request never mixes two builds. The link is
 * re-checked every `intervalMs` (a realpath and a stat), and a new build is picked up without a
 * restart; a build whose manifest cannot be loaded is logged and the previous one kept.
 */
import { GatewayError } from '../errors.ts';
import { parseManifest, type Manifest } from '../parse-manifest.ts';
import { indexPublicFiles, type PublicFileIndex } from './public-file-index.ts';
import { createRouter, type Router } from './router.ts';
import { BUILD_ID_PATH, MANIFEST_PATH, readManifestBytes, statManifest, treeRoot } from '../../tree/tree-contract.ts';

export interface Build {
  /** The resolved build folder: files are read from here only. */
  readonly root: string;
  readonly manifest: Manifest;
  readonly router: Router;
  /** Its public files by request path. */
  readonly publicFiles: PublicFileIndex;
}

export interface BuildSource {
  /** The current build, or undefined when none could be loaded yet. */
  current(): Build | undefined;
  /** Re-checks the link (or the origin's manifest) now; resolves true when a new build was loaded. */
  check(): Promise<boolean>;
  close(): void;
}

export interface BuildSourceOptions {
  readonly distDir: string;
  readonly intervalMs: number;
  readonly onLoad?: (build: Build) => void;
  readonly onError?: (error: GatewayError) => void;
}

/** A build served from `root` (a folder or the origin's URL): its manifest and what is looked up in it per request, made once. */
function createBuild(root: string, manifest: Manifest): Build {
  return { root, manifest, router: createRouter(manifest), publicFiles: indexPublicFiles(manifest.files) };
}

/** The build in folder `root` (its checked manifest). */
function readBuild(root: string): Build {
  return createBuild(root, parseManifest(readManifestBytes(root), `${root}/${MANIFEST_PATH}`));
}

/** The build `distDir` shows now, once (for offline tools); throws `GatewayError` when there is none. */
export function loadBuild(distDir: string): Build {
  try {
    return readBuild(treeRoot(distDir));
  } catch (error) {
    throw loadError(error, `${distDir}/${MANIFEST_PATH}`);
  }
}

/** Loads the build `distDir` shows now and keeps following the link. */
export function createBuildSource(options: BuildSourceOptions): BuildSource {
  let build: Build | undefined;
  let seen = '';
  const check = (): boolean => {
    let root: string;
    let stamp: string;
    try {
      root = treeRoot(options.distDir);
      const stat = statManifest(root);
      stamp = `${root}:${stat.ino}:${stat.mtimeMs}`;
    } catch (error) {
      if (seen !== 'missing')
        options.onError?.(
          new GatewayError('ERR_MANIFEST_READ', `no build at ${options.distDir}: ${(error as Error).message}`, { cause: error }),
        );
      seen = 'missing';
      return false;
    }
    if (stamp === seen) return false;
    seen = stamp;
    try {
      build = readBuild(root);
      options.onLoad?.(build);
      return true;
    } catch (error) {
      options.onError?.(loadError(error, `${root}/${MANIFEST_PATH}`));
      return false;
    }
  };
  check();
  const timer = setInterval(check, options.intervalMs);
  timer.unref();
  return {
    current: () => build,
    check: async () => check(),
    close: () => clearInterval(timer),
  };
}

/**
 * Proxy mode: the manifest comes from the private origin (`<origin>/manifest.json`, revalidated by
 * ETag every `intervalMs`), and `root` is the origin URL the files are proxied from.
 */
export async function createRemoteBuildSource(
  options: Omit<BuildSourceOptions, 'distDir'> & { readonly originUrl: string },
): Promise<BuildSource> {
  let build: Build | undefined;
  let etag: string | undefined;
  const url = `${options.originUrl}/${MANIFEST_PATH}`;
  /** True when the origin's build-id file names the build already loaded: no need to fetch the manifest. */
  const unchanged = async (): Promise<boolean> => {
    if (build === undefined || etag !== undefined) return false;
    const response = await fetch(`${options.originUrl}/${BUILD_ID_PATH}`, { signal: AbortSignal.timeout(5000) });
    return response.ok && (await response.text()).trim() === build.manifest.build;
  };
  const check = async (): Promise<boolean> => {
    try {
      // An origin that sends ETags answers a conditional request with 304; one that does not is asked for the build id.
      if (await unchanged()) return false;
      const response = await fetch(url, {
        headers: etag === undefined ? {} : { 'If-None-Match': etag },
        signal: AbortSignal.timeout(5000),
      });
      if (response.status === 304) return false;
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const manifest = parseManifest(new Uint8Array(await response.arrayBuffer()), url);
      etag = response.headers.get('etag') ?? undefined;
      if (build?.manifest.build === manifest.build) return false;
      build = createBuild(options.originUrl, manifest);
      options.onLoad?.(build);
      return true;
    } catch (error) {
      options.onError?.(loadError(error, url));
      return false;
    }
  };
  await check();
  const timer = setInterval(() => void check(), options.intervalMs);
  timer.unref();
  return { current: () => build, check, close: () => clearInterval(timer) };
}

/** A failed manifest load as a `GatewayError`: a refused manifest keeps its own error, anything else is a read failure. */
function loadError(error: unknown, where: string): GatewayError {
  if (error instanceof GatewayError) return error;
  return new GatewayError('ERR_MANIFEST_READ', `cannot load ${where}: ${(error as Error).message}`, { cause: error });
}
