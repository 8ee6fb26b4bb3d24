/**
 * Puts files of the tree on disk from worker threads, off the main thread that derives them. For
 * each file a worker either hard-links it and its precompressed siblings (.br, .gz) from the
 * previous build, when the caller says the bytes are unchanged, or writes it, compresses it and
 * writes the siblings, creating its folder when it is missing. Files travel in batches, one message
 * per batch each way: a message per file cost the main thread more than the file itself. At most
 * BATCHES_PER_WORKER batches wait per worker, so memory stays flat however many files the tree has,
 * and `add` waits while the pool is full.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { COMPRESSION } from './compression.ts';
import { ENCODING_SUFFIX } from '../../tree/tree-contract.ts';

/**
 * The worker's code, as a CommonJS string: it then runs the same from the TypeScript sources (tests,
 * tsx) and from lib/, where a worker file would need a loader in one case and a path in the other.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { brotliCompressSync, gzipSync, constants } = require('node:zlib');
const { linkSync, mkdirSync, rmSync, writeFileSync } = require('node:fs');
const { dirname } = require('node:path');
const { brotliQuality, gzipLevel, suffix: SUFFIX } = workerData;

/** Runs a write or link of a file, creating its folder (once) when it is missing. */
function inFolder(path, act) {
  try {
    act();
  } catch (error) {
    if (error.code !== 'ENOENT') throw error;
    mkdirSync(dirname(path), { recursive: true });
    act();
  }
}

function linkAll(from, to, encodings) {
  const names = ['', ...encodings.map((encoding) => SUFFIX[encoding])];
  try {
    inFolder(to, () => linkSync(from, to));
    for (const suffix of names.slice(1)) linkSync(from + suffix, to + suffix);
    return true;
  } catch {
    // A link made before the failure shares the old build's inode: remove it rather than write through it.
    for (const suffix of names) rmSync(to + suffix, { force: true });
    return false;
  }
}

function put({ bytes, destination, encodings, linkFrom }) {
  if (linkFrom !== undefined && linkAll(linkFrom, destination, encodings)) return true;
  inFolder(destination, () => writeFileSync(destination, bytes));
  for (const encoding of encodings) {
    const packed =
      encoding === 'br'
        ? brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } })
        : gzipSync(bytes, { level: gzipLevel });
    writeFileSync(destination + SUFFIX[encoding], packed);
  }
  return false;
}

parentPort.on('message', ({ id, jobs }) => {
  let linked = 0;
  try {
    for (const job of jobs) if (put(job)) linked++;
    parentPort.postMessage({ id, linked, written: jobs.length - linked });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.message ? error.message : error) });
  }
});
`;

/** Batches queued per worker: enough to keep it busy between the main thread's turns, few enough to hold little memory. */
const BATCHES_PER_WORKER = 4;
/** A batch is sent once it holds this many files or this many bytes. */
const BATCH_FILES = 64;
const BATCH_BYTES = 1 << 20;

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
      workerData: { brotliQuality: COMPRESSION.brotliQuality, gzipLevel: COMPRESSION.gzipLevel, suffix: ENCODING_SUFFIX },
    });
    return { worker, pending: new Set<number>() };
  });
  const counts = { written: 0, linked: 0 };
  let nextId = 0;
  let failure: Error | undefined;
  let waiting: (() => void) | undefined;
  let idle: (() => void) | undefined;
  let batch: WriteJob[] = [];
  let batchBytes = 0;
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
    slot.worker.on('message', (reply: { id: number; error?: string; linked?: number; written?: number }) => {
      slot.pending.delete(reply.id);
      if (reply.error !== undefined) failure ??= new Error(reply.error);
      counts.linked += reply.linked ?? 0;
      counts.written += reply.written ?? 0;
      wake();
    });
    slot.worker.on('error', (error) => {
      failure ??= error;
      slot.pending.clear();
      wake();
    });
  }
  // The least busy worker takes the batch; the bytes are copied, since the caller's buffers may share memory.
  const send = () => {
    if (batch.length === 0) return;
    const slot = pool.reduce((best, candidate) => (candidate.pending.size < best.pending.size ? candidate : best));
    const id = nextId++;
    slot.pending.add(id);
    slot.worker.postMessage({ id, jobs: batch });
    batch = [];
    batchBytes = 0;
  };

  return {
    counts,
    async add(job) {
      if (failure) throw failure;
      batch.push(job);
      batchBytes += job.bytes.length;
      if (batch.length < BATCH_FILES && batchBytes < BATCH_BYTES) return;
      send();
      while (!failure && inFlight() >= workers * BATCHES_PER_WORKER) await new Promise<void>((resolve) => (waiting = resolve));
      if (failure) throw failure;
    },
    async drain() {
      send();
      while (!failure && inFlight() > 0) await new Promise<void>((resolve) => (idle = resolve));
      if (failure) throw failure;
    },
    async close() {
      await Promise.all(pool.map((slot) => slot.worker.terminate()));
    },
  };
}
