/**
 * Writes a compiled tree to disk atomically and incrementally.
 *
 * `out` is a symbolic link to `<out>.builds/<build id>/`. A new build is written into a
 * temporary folder beside the old one and swapped in by renaming a new link over `out`, which
 * is atomic: a reader sees the whole old tree or the whole new one. Files whose bytes did not
 * change are hard-linked from the previous build instead of rewritten, and a build whose id
 * equals the current one writes nothing at all.
 */
import {
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { BuildOutput } from './compile.ts';
import { GeneratorError } from './errors.ts';
import { BUILD_ID_PATH } from '../schemas/manifest.ts';
import { MANIFEST_PATH, type Manifest } from './manifest.ts';

export interface EmitResult {
  /** False when the tree already was this build: nothing was written. */
  readonly changed: boolean;
  readonly written: number;
  /** Files carried over unchanged from the previous build (hard links, no bytes written). */
  readonly reused: number;
  /** Files of the previous build that the new one no longer has. */
  readonly removed: number;
  readonly buildDir: string;
}

const SUFFIX = { br: '.br', gzip: '.gz' } as const;

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Deterministic compression: fixed levels, and gzip's header carries no time or name. It runs on
 * libuv's thread pool, so it proceeds on the other core while the main thread creates files.
 */
export function compress(bytes: Buffer, encoding: 'br' | 'gzip'): Promise<Buffer> {
  return encoding === 'br'
    ? brotliAsync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } })
    : gzipAsync(bytes, { level: 6 });
}

/** How many finished builds to keep, the live one included (the previous one allows a rollback). */
const KEEP_BUILDS = 2;

/** Name of the file, beside manifest.json, that records the inputs digest of a build (not part of the tree). */
export const INPUTS_FILE = '.inputs';

/** The inputs digest the live build at `outDir` was made from, if any. */
export function liveInputs(outDir: string): string | undefined {
  try {
    return readFileSync(join(resolve(outDir), INPUTS_FILE), 'utf8').trim();
  } catch {
    return undefined;
  }
}

/** Writes `output` to `outDir` (see the module comment); the old tree stays live until the swap. */
export async function emitTree(outDir: string, output: BuildOutput, inputs?: string): Promise<EmitResult> {
  const out = resolve(outDir);
  const buildsDir = `${out}.builds`;
  const target = join(buildsDir, output.buildId);
  const live = liveBuild(out);
  if (live !== undefined && live === target && existsSync(join(target, MANIFEST_PATH))) {
    if (inputs !== undefined) writeFileSync(join(target, INPUTS_FILE), `${inputs}\n`);
    return { changed: false, written: 0, reused: 0, removed: 0, buildDir: target };
  }

  const previous = live === undefined ? undefined : readPreviousManifest(live);
  const temporary = join(buildsDir, `.tmp-${output.buildId}-${process.pid}`);
  let written = 0;
  let reused = 0;
  const compressed: Promise<void>[] = [];
  try {
    rmSync(temporary, { recursive: true, force: true });
    mkdirSync(temporary, { recursive: true });
    const made = new Set<string>();
    for (const [path, bytes] of output.files) {
      const destination = join(temporary, path);
      const folder = dirname(destination);
      if (!made.has(folder)) {
        mkdirSync(folder, { recursive: true });
        made.add(folder);
      }
      const entry = output.entries.get(path);
      const siblings = (entry?.encodings ?? []).map((encoding) => `${path}${SUFFIX[encoding]}`);
      const unchanged =
        live !== undefined &&
        previous?.files[path]?.etag === entry?.etag &&
        (previous?.files[path]?.encodings?.length ?? 0) === siblings.length;
      if (unchanged && [path, ...siblings].every((file) => tryLink(join(live, file), join(temporary, file)))) {
        reused++;
      } else {
        for (const encoding of entry?.encodings ?? []) {
          compressed.push(compress(bytes, encoding).then((packed) => writeFileSync(`${destination}${SUFFIX[encoding]}`, packed)));
        }
        writeFileSync(destination, bytes);
        written++;
      }
    }
    await Promise.all(compressed);
    writeFileSync(join(temporary, MANIFEST_PATH), output.manifest);
    writeFileSync(join(temporary, BUILD_ID_PATH), `${output.buildId}\n`);
    if (inputs !== undefined) writeFileSync(join(temporary, INPUTS_FILE), `${inputs}\n`);
    written++;
    rmSync(target, { recursive: true, force: true });
    renameSync(temporary, target);
    swapLink(out, target, buildsDir);
  } catch (error) {
    await Promise.allSettled(compressed);
    rmSync(temporary, { recursive: true, force: true });
    if (error instanceof GeneratorError) throw error;
    throw new GeneratorError('ERR_OUTPUT_WRITE', `could not write ${outDir}: ${(error as Error).message}; the previous tree is unchanged`, {
      cause: error,
    });
  }
  const removed = previous === undefined ? 0 : Object.keys(previous.files).filter((path) => !output.files.has(path)).length;
  pruneBuilds(buildsDir, [target, live]);
  return { changed: true, written, reused, removed, buildDir: target };
}

/** The real folder `out` shows now, or undefined when there is none. */
function liveBuild(out: string): string | undefined {
  try {
    return realpathSync(out);
  } catch {
    return undefined;
  }
}

function readPreviousManifest(live: string): Manifest | undefined {
  try {
    return JSON.parse(readFileSync(join(live, MANIFEST_PATH), 'utf8')) as Manifest;
  } catch {
    return undefined;
  }
}

function tryLink(from: string, to: string): boolean {
  try {
    linkSync(from, to);
    return true;
  } catch {
    return false;
  }
}

/** Points `out` at `target` with one rename; an `out` that is a real folder (an old layout) is moved aside first. */
function swapLink(out: string, target: string, buildsDir: string): void {
  const stat = lstatSync(out, { throwIfNoEntry: false });
  if (stat && !stat.isSymbolicLink()) {
    if (!stat.isDirectory()) throw new GeneratorError('ERR_OUTPUT_PATH', `${out} exists and is not a folder or a link`);
    renameSync(out, join(buildsDir, `.previous-folder-${process.pid}`));
  }
  const link = `${out}.link-${process.pid}`;
  rmSync(link, { force: true });
  symlinkSync(relative(dirname(out), target), link, 'dir');
  renameSync(link, out);
}

function pruneBuilds(buildsDir: string, keep: (string | undefined)[]): void {
  const kept = new Set(
    keep
      .filter((k): k is string => k !== undefined)
      .map((k) => basename(k))
      .slice(0, KEEP_BUILDS),
  );
  for (const name of readdirSync(buildsDir)) {
    if (kept.has(name) || (name.startsWith('.tmp-') && !name.endsWith(`-${process.pid}`))) continue;
    rmSync(join(buildsDir, name), { recursive: true, force: true });
  }
}

/** Where `out` points, for reports; undefined when it is not a link. */
export function linkTarget(outDir: string): string | undefined {
  try {
    return readlinkSync(resolve(outDir));
  } catch {
    return undefined;
  }
}
