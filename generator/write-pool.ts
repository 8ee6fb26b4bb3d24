/**
 * Writes files of the tree on worker threads, off the main thread that derives them: each worker
 * writes a file, then compresses it and writes its precompressed siblings (.br, .gz), so creating
 * files and compressing them cost the main thread only a message and overlap with deriving. At
 * most IN_FLIGHT_PER_WORKER files wait per worker: memory stays flat however many files the tree
 * has, and `add` waits while the pool is full.
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
const { writeFileSync } = require('node:fs');
const { brotliQuality, gzipLevel } = workerData;
parentPort.on('message', ({ id, bytes, destination, encodings }) => {
  try {
    writeFileSync(destination, bytes);
    for (const encoding of encodings) {
      const packed =
        encoding === 'br'
          ? brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } })
          : gzipSync(bytes, { level: gzipLevel });
      writeFileSync(destination + (encoding === 'br' ? '.br' : '.gz'), packed);
    }
    parentPort.postMessage({ id });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.message ? error.message : error) });
  }
});
`;

/** Files queued per worker: enough to keep it busy between the main thread's turns, few enough to hold little memory. */
const IN_FLIGHT_PER_WORKER = 16;

export interface WritePool {
  /** Writes `bytes` to `destination`, and compressed to `destination` + `.br` / `.gz` for each encoding; resolves once there is room for another file. */
  add(bytes: Buffer, destination: string, encodings: readonly ('br' | 'gzip')[]): Promise<void>;
  /** Waits for every file added so far; rejects with the first failure. */
  drain(): Promise<void>;
  /** Stops the workers (after drain, or to give up). */
  close(): Promise<void>;
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
    slot.worker.on('message', ({ id, error }: { id: number; error?: string }) => {
      slot.pending.delete(id);
      if (error !== undefined) failure ??= new Error(error);
      wake();
    });
    slot.worker.on('error', (error) => {
      failure ??= error;
      slot.pending.clear();
      wake();
    });
  }

  return {
    async add(bytes, destination, encodings) {
      if (failure) throw failure;
      // The least busy worker takes the file; a copy is sent because the caller keeps its bytes.
      const slot = pool.reduce((best, candidate) => (candidate.pending.size < best.pending.size ? candidate : best));
      const id = nextId++;
      slot.pending.add(id);
      slot.worker.postMessage({ id, bytes, destination, encodings });
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
