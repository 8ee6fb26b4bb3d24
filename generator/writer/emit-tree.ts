/**
 * Writes a compiled tree to disk atomically and incrementally.
 *
 * `out` is a symbolic link to `<out>.builds/<build id>/`. A new build is written into a
 * temporary folder beside the old one and swapped in by renaming a new link over `out`, which
 * is atomic: a reader sees the whole old tree or the whole new one. Files whose bytes did not
 * change are hard-linked from the previous build instead of rewritten; a build whose id equals
 * the live one (its files were all links) is dropped before the swap and the live tree stays.
 *
 * The temporary folder is `<out>.builds/.tmp-<pid>`. A build that is interrupted (its `signal`
 * aborts: SIGINT, SIGTERM) stops its workers and removes it; one that was killed outright leaves
 * it, and the next build removes every `.tmp-<pid>` whose process is gone (removeAbandonedTrees).
 */
import {
  closeSync,
  existsSync,
  lstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { type BuildPlan, duplicatePath, type OutputFile } from '../build-plan.ts';
import { type DiskTree, liveTree } from './disk-tree.ts';
import { createWritePool } from './write-pool.ts';
import type { ManifestFile } from '../../schemas/manifest.ts';
import { GeneratorError } from '../errors.ts';
import { BUILD_ID_PATH, buildsFolder, entryOf, MANIFEST_PATH, storesSameFiles } from '../../tree/tree-contract.ts';

export interface EmitOptions {
  /** Aborts the build: the workers stop, the temporary tree is removed and `emitTree` rejects with ERR_INTERRUPTED. */
  readonly signal?: AbortSignal;
  /** The most bytes the tree may hold (see output-bound.ts); a build that would exceed it stops with ERR_OUTPUT_BOUND. */
  readonly maxBytes?: number;
  /** What the bound is made of, for the message (the largest tables' budgets). */
  readonly boundDetail?: string;
}

export interface EmitResult {
  /** False when the tree already was this build: nothing was written. */
  readonly changed: boolean;
  readonly buildId: string;
  /** Files in the tree, the manifest included. */
  readonly files: number;
  readonly written: number;
  /** Files carried over unchanged from the previous build (hard links, no bytes written). */
  readonly reused: number;
  /** Files of the previous build that the new one no longer has. */
  readonly removed: number;
  readonly buildDir: string;
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

/**
 * Writes the tree (see the module comment) while it is derived: each file is written or linked and
 * then released, and its compression waits in a bounded queue (write-pool.ts), so memory does not
 * grow with the number of files. The old tree stays live until the swap.
 */
export async function emitTree(
  outDir: string,
  plan: BuildPlan,
  inputs?: string,
  // The caller that already read the live build (for its history) passes it: its manifest is read once.
  previous: DiskTree | undefined = liveTree(outDir),
  options: EmitOptions = {},
): Promise<EmitResult> {
  const out = resolve(outDir);
  const buildsDir = buildsFolder(out);
  const live = liveBuild(out);
  const temporary = join(buildsDir, `${TEMPORARY_PREFIX}${process.pid}`);
  const maxBytes = options.maxBytes ?? Number.POSITIVE_INFINITY;
  let treeBytes = 0;
  const entries = new Map<string, ManifestFile>();
  // Files are linked, or written and compressed, on worker threads while this thread derives the next ones.
  const pool = createWritePool();
  let target: string;
  let written: number;
  let reused: number;
  try {
    rmSync(temporary, { recursive: true, force: true });
    mkdirSync(temporary, { recursive: true });
    const put = async (file: OutputFile) => {
      const { path, bytes } = file;
      if (entries.has(path)) throw duplicatePath(file);
      treeBytes += bytes.length;
      if (treeBytes > maxBytes) {
        throw new GeneratorError(
          'ERR_OUTPUT_BOUND',
          `the tree passed ${maxBytes.toLocaleString('en-US')} bytes at ${path}, the bound for this dataset's rows` +
            `${options.boundDetail ? ` (largest: ${options.boundDetail})` : ''} (docs/input-limits.md); nothing was published`,
        );
      }
      const entry = entryOf(path, bytes);
      entries.set(path, entry);
      const destination = join(temporary, path);
      const encodings = entry.encodings ?? [];
      const before = previous?.files.get(path);
      const unchanged = previous !== undefined && before !== undefined && storesSameFiles(before, entry);
      // Waits only when the workers have a full queue: memory stays flat however large the tree.
      await pool.add({ bytes, destination, encodings, linkFrom: unchanged ? join(previous.root, path) : undefined });
    };
    const derive = async () => {
      for (const file of plan.answers) await put(file);
      // The history compares these answers with the previous build's, reading the few it needs back from disk.
      await pool.drain();
      const read = (path: string) => JSON.parse(readFileSync(join(temporary, path), 'utf8'));
      const { buildId, files: historyFiles } = plan.afterAnswers(entries, read);
      for (const file of historyFiles) await put(file);
      await pool.drain();
      return buildId;
    };
    const buildId = await unlessAborted(derive(), options.signal);
    ({ written, linked: reused } = pool.counts);
    target = join(buildsDir, buildId);
    await pool.close();
    if (live === target && existsSync(join(target, MANIFEST_PATH))) {
      // The same tree as the live one (inputs that do not change the output): keep the live tree.
      rmSync(temporary, { recursive: true, force: true });
      if (inputs !== undefined) writeFileSync(join(target, INPUTS_FILE), `${inputs}\n`);
      return { changed: false, files: entries.size + 1, written: 0, reused: 0, removed: 0, buildId, buildDir: target };
    }
    // Checked and written a chunk at a time, once the tree is known to be new; a check that fails lands in the catch below.
    writeChunks(join(temporary, MANIFEST_PATH), plan.manifest(entries, buildId));
    writeFileSync(join(temporary, BUILD_ID_PATH), `${buildId}\n`);
    if (inputs !== undefined) writeFileSync(join(temporary, INPUTS_FILE), `${inputs}\n`);
    written++;
    rmSync(target, { recursive: true, force: true });
    renameSync(temporary, target);
    swapLink(out, target, buildsDir);
  } catch (error) {
    await pool.close();
    rmSync(temporary, { recursive: true, force: true });
    if (error instanceof GeneratorError) throw error;
    throw new GeneratorError('ERR_OUTPUT_WRITE', `could not write ${outDir}: ${(error as Error).message}; the previous tree is unchanged`, {
      cause: error,
    });
  }
  let removed = 0;
  for (const path of previous?.files.keys() ?? []) if (!entries.has(path)) removed++;
  pruneBuilds(buildsDir, [target, live]);
  return { changed: true, files: entries.size + 1, written, reused, removed, buildId: basename(target), buildDir: target };
}

/** Writes `chunks` one after another into a new file at `path`, as they come (the manifest, never whole in memory). */
function writeChunks(path: string, chunks: Iterable<Buffer>): void {
  const fd = openSync(path, 'w');
  try {
    for (const chunk of chunks) writeSync(fd, chunk);
  } finally {
    closeSync(fd);
  }
}

/** Prefix of a build's temporary folder in `<out>.builds/`; the writing process's id follows. */
const TEMPORARY_PREFIX = '.tmp-';

/**
 * `work`, unless `signal` aborts first: then ERR_INTERRUPTED (the caller's cleanup runs at once,
 * while `work` is left to fail on its own against stopped workers and a removed folder).
 */
function unlessAborted<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (signal === undefined) return work;
  work.catch(() => undefined);
  return new Promise<T>((resolvePromise, reject) => {
    const abort = () =>
      reject(
        new GeneratorError('ERR_INTERRUPTED', `the build was interrupted (${String(signal.reason ?? 'aborted')}); nothing was published`),
      );
    if (signal.aborted) return abort();
    signal.addEventListener('abort', abort, { once: true });
    work.then(resolvePromise, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

/**
 * Removes the temporary trees of builds whose process no longer runs (killed with SIGKILL, or a
 * machine that went down): a pid that answers signal 0, or that belongs to another user, may still
 * be writing and is left alone. Returns the names removed.
 */
export function removeAbandonedTrees(buildsDir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(buildsDir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    if (!name.startsWith(TEMPORARY_PREFIX)) continue;
    const pid = Number(name.slice(TEMPORARY_PREFIX.length));
    if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || isRunning(pid)) continue;
    rmSync(join(buildsDir, name), { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists and belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The real folder `out` shows now, or undefined when there is none. */
function liveBuild(out: string): string | undefined {
  try {
    return realpathSync(out);
  } catch {
    return undefined;
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
    // Another build's temporary tree is its own to remove (removeAbandonedTrees takes those of dead builds).
    if (kept.has(name) || (name.startsWith(TEMPORARY_PREFIX) && !name.endsWith(`-${process.pid}`))) continue;
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
