/**
 * Puts files of the tree on disk from worker threads, off the main thread that derives them. For
 * each file a worker either hard-links it and its precompressed siblings (.br, .gz) from the
 * previous build, when the caller says the bytes are unchanged, or writes it, compresses it and
 * writes the siblings. Creating files and compressing them then cost the main thread only a message
 * and overlap with deriving. At most IN_FLIGHT_PER_WORKER files wait per worker: memory stays flat
 * however many files the tree has, and `add` waits while the pool is full.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { COMPRESSION } from './compression.ts';

/**
 * The worker's code, as a CommonJS string: it then runs the same from the TypeScript sources (tests,
 * tsx) and from lib/, where a worker file would need a loader in one case and a path in the other.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { brotliCompressSync, gzipSync, constants } = require('node:zlib');
const { linkSync, rmSync, writeFileSync } = require('node:fs');
const { brotliQuality, gzipLevel } = workerData;
const SUFFIX = { br: '.br', gzip: '.gz' };

function linkAll(from, to, encodings) {
  const names = ['', ...encodings.map((encoding) => SUFFIX[encoding])];
  try {
    for (const suffix of names) linkSync(from + suffix, to + suffix);
    return true;
  } catch {
    // A link made before the failure shares the old build's inode: remove it rather than write through it.
    for (const suffix of names) rmSync(to + suffix, { force: true });
    return false;
  }
}

parentPort.on('message', ({ id, bytes, destination, encodings, linkFrom }) => {
  try {
    if (linkFrom !== undefined && linkAll(linkFrom, destination, encodings)) return parentPort.postMessage({ id, linked: true });
    writeFileSync(destination, bytes);
    for (const encoding of encodings) {
      const packed =
        encoding === 'br'
          ? brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } })
          : gzipSync(bytes, { level: gzipLevel });
      writeFileSync(destination + SUFFIX[encoding], packed);
    }
    parentPort.postMessage({ id, linked: false });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.message ? error.message : error) });
  }
});
`;

/** Files queued per worker: enough to keep it busy between the main thread's turns, few enough to hold little memory. */
const IN_FLIGHT_PER_WORKER = 16;

export interface WriteJob {
  readonly bytes: Buffer;
  readonly destination: string;
  readonly encodings: readonly ('br' | 'gzip')[];
  /** The same file in the previous build, when its bytes are the same: link it (and its siblings) instead of writing. */
  readonly linkFrom?: string | undefined;
}

export interface WritePool {
  /** Queues one file; resolves once there is room for another. */
  add(job: WriteJob): Promise<void>;
  /** Waits for every file added so far; rejects with the first failure. */
  drain(): Promise<void>;
  /** Stops the workers (after drain, or to give up). */
  close(): Promise<void>;
  /** Files written so far, and files linked from the previous build. */
  readonly counts: { readonly written: number; readonly linked: number };
}

/** One worker per core but the one the main thread needs, at least one. */
export function createWritePool(workers = Math.max(1, availableParallelism() - 1)): WritePool {
  const pool = Array.from({ length: workers }, () => {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { brotliQuality: COMPRESSION.brotliQuality, gzipLevel: COMPRESSION.gzipLevel },
    });
    return { worker, pending: new Set<number>() };
  });
  const counts = { written: 0, linked: 0 };
  let nextId = 0;
  let failure: Error | undefined;
  let waiting: (() => void) | undefined;
  let idle: (() => void) | undefined;
  const inFlight = () => pool.reduce((sum, slot) => sum + slot.pending.size, 0);
  const wake = () => {
    const resume = waiting;
    waiting = undefined;
    resume?.();
    if (inFlight() === 0 || failure) {
      const done = idle;
      idle = undefined;
      done?.();
    }
  };
  for (const slot of pool) {
    slot.worker.on('message', ({ id, error, linked }: { id: number; error?: string; linked?: boolean }) => {
      slot.pending.delete(id);
      if (error !== undefined) failure ??= new Error(error);
      else if (linked) counts.linked++;
      else counts.written++;
      wake();
    });
    slot.worker.on('error', (error) => {
      failure ??= error;
      slot.pending.clear();
      wake();
    });
  }

  return {
    counts,
    async add(job) {
      if (failure) throw failure;
      // The least busy worker takes the file; the bytes are copied, since the caller's buffer may share memory.
      const slot = pool.reduce((best, candidate) => (candidate.pending.size < best.pending.size ? candidate : best));
      const id = nextId++;
      slot.pending.add(id);
      slot.worker.postMessage({ id, ...job });
      while (!failure && inFlight() >= workers * IN_FLIGHT_PER_WORKER) await new Promise<void>((resolve) => (waiting = resolve));
      if (failure) throw failure;
    },
    async drain() {
      while (!failure && inFlight() > 0) await new Promise<void>((resolve) => (idle = resolve));
      if (failure) throw failure;
    },
    async close() {
      await Promise.all(pool.map((slot) => slot.worker.terminate()));
    },
  };
}
