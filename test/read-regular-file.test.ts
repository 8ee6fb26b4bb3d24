/**
 * The dataset reader's file rule on real files (issue 45, item 1): a file swapped between the look
 * and the read (for a link, a FIFO or another file) is refused unread, and a file whose size stat
 * reports as 0 (procfs) is held to the byte limit by the bytes it yields.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { inspectFile, readInspected } from '../generator/internal/read-regular-file.ts';

const work = mkdtempSync(join(tmpdir(), 'cardrewards-regular-file-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const MAX = 1024;

/** A regular file inspected, then replaced (by a rename, as an attacker would) with what `make` puts at a path, before it is read. */
function swapped(name: string, make: (path: string) => void) {
  const path = join(work, name);
  writeFileSync(path, 'slug,name\n');
  const inspected = inspectFile(work, name);
  expect(inspected?.refused).toBeUndefined();
  // Made beside it while it still exists, so the replacement cannot reuse its inode.
  make(`${path}.new`);
  renameSync(`${path}.new`, path);
  return readInspected(inspected!, MAX);
}

describe('reading a file of the dataset folder', () => {
  it('reads a regular file, and reports a missing one as absent', () => {
    writeFileSync(join(work, 'cards.csv'), 'slug,name\ncafé,Café\n');
    expect(readInspected(inspectFile(work, 'cards.csv')!, MAX)).toEqual({ text: 'slug,name\ncafé,Café\n' });
    expect(inspectFile(work, 'nothing.csv')).toBeUndefined();
  });

  it('refuses a file swapped for a link, a FIFO or another file after it was looked at, reading none of it', () => {
    const secret = join(work, 'secret');
    writeFileSync(secret, 'TOKEN=not-for-the-download\n');
    expect(swapped('linked.csv', (path) => symlinkSync(secret, path))).toEqual({ refused: 'a symbolic link' });
    // Opened without waiting for a writer, so the refusal comes at once.
    expect(swapped('fifo.csv', (path) => execFileSync('mkfifo', [path]))).toEqual({ refused: 'a FIFO' });
    expect(swapped('other.csv', (path) => writeFileSync(path, 'TOKEN=another file\n'))).toEqual({
      refused: 'a file replaced while it was being read',
    });
  });

  it('counts the bytes a procfs file yields against the limit, whatever size it reports', () => {
    const environ = inspectFile('/proc/self', 'environ');
    expect(environ?.stats.size).toBe(0);
    // The environment of a test run is longer than 16 bytes.
    expect(() => readInspected(environ!, 16)).toThrow(/environ is more than 16 bytes; a dataset file may be at most 16/);
  });
});
