/**
 * Reads a file of a folder only when it is a regular file there: never through a symbolic link,
 * never a device, FIFO, socket or folder. The file is looked at without following links (lstat),
 * opened with O_NOFOLLOW, and the opened descriptor checked again (fstat), so a file swapped for a
 * link between the look and the read is refused too, before any byte of it is read.
 */
import { closeSync, constants, fstatSync, lstatSync, openSync, readSync, type Stats } from 'node:fs';
import { join } from 'node:path';
import { GeneratorError } from '../errors.ts';

/** A file of a folder as lstat saw it. */
export interface FolderFile {
  readonly path: string;
  readonly stats: Stats;
  /** What the file is when it is not a regular file (`a symbolic link`); absent for a regular file. */
  readonly refused?: string;
}

/** The outcome of reading an inspected file: its text, or what it turned out to be instead. */
export type FileText = { readonly text: string; readonly refused?: never } | { readonly text?: never; readonly refused: string };

// O_NONBLOCK: opening a FIFO put in place after the look returns at once instead of waiting for a writer.
// O_NOCTTY: a terminal device put there never becomes the process's controlling terminal.
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0);
const CHUNK_BYTES = 1024 * 1024;

/** `name` of `folder` as it is on disk, links not followed; undefined when there is no such file. */
export function inspectFile(folder: string, name: string): FolderFile | undefined {
  const path = join(folder, name);
  let stats: Stats | undefined;
  try {
    stats = lstatSync(path, { throwIfNoEntry: false });
  } catch (error) {
    throw new GeneratorError('ERR_DATASET_READ', `cannot read ${path}: ${(error as Error).message}`, { cause: error });
  }
  if (stats === undefined) return undefined;
  const refused = describeIrregular(stats);
  return refused === undefined ? { path, stats } : { path, stats, refused };
}

/**
 * The text of an inspected regular file, read as UTF-8 (a byte that is not becomes U+FFFD); what
 * it is instead when it is not, or is no longer, that regular file. A file past `maxBytes` throws,
 * counted as it is read, so a file whose size stat reports as 0 (procfs) cannot slip past.
 */
export function readInspected(file: FolderFile, maxBytes: number): FileText {
  if (file.refused !== undefined) return { refused: file.refused };
  let fd: number;
  try {
    fd = openSync(file.path, OPEN_FLAGS);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOOP') return { refused: 'a symbolic link' };
    throw new GeneratorError('ERR_DATASET_READ', `cannot read ${file.path}: ${(error as Error).message}`, { cause: error });
  }
  try {
    const opened = fstatSync(fd);
    const refused = describeIrregular(opened);
    if (refused !== undefined) return { refused };
    if (opened.dev !== file.stats.dev || opened.ino !== file.stats.ino) return { refused: 'a file replaced while it was being read' };
    return { text: readAtMost(fd, file.path, opened.size, maxBytes).toString('utf8') };
  } catch (error) {
    if (error instanceof GeneratorError) throw error;
    throw new GeneratorError('ERR_DATASET_READ', `cannot read ${file.path}: ${(error as Error).message}`, { cause: error });
  } finally {
    closeSync(fd);
  }
}

function readAtMost(fd: number, path: string, statSize: number, maxBytes: number): Buffer {
  if (statSize > maxBytes) throw tooLarge(path, `${statSize.toLocaleString('en-US')} bytes`, maxBytes);
  const chunks: Buffer[] = [];
  let total = 0;
  for (;;) {
    const chunk = Buffer.allocUnsafe(Math.min(CHUNK_BYTES, maxBytes + 1 - total));
    const count = readSync(fd, chunk, 0, chunk.length, null);
    if (count === 0) break;
    chunks.push(chunk.subarray(0, count));
    total += count;
    if (total > maxBytes) throw tooLarge(path, `more than ${maxBytes.toLocaleString('en-US')} bytes`, maxBytes);
  }
  return Buffer.concat(chunks, total);
}

function tooLarge(path: string, size: string, maxBytes: number): GeneratorError {
  return new GeneratorError(
    'ERR_DATASET_READ',
    `${path} is ${size}; a dataset file may be at most ${maxBytes.toLocaleString('en-US')} (docs/input-limits.md)`,
  );
}

/** What a file that is not a regular file is, in words; undefined for a regular file. */
function describeIrregular(stats: Stats): string | undefined {
  if (stats.isFile()) return undefined;
  if (stats.isSymbolicLink()) return 'a symbolic link';
  if (stats.isDirectory()) return 'a folder';
  if (stats.isFIFO()) return 'a FIFO';
  if (stats.isSocket()) return 'a socket';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device';
  return 'not a regular file';
}
