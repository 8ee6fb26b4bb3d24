/**
 * A bounded in-memory cache of hot files, by total bytes. Entries are keyed by representation,
 * and every build has its own representations (and its own folder), so a new build can never be
 * answered from an old entry. Each entry keeps its `Content-Length` value, made once.
 *
 * Eviction is second-chance (CLOCK), an approximation of least-recently-used: a hit only marks
 * its entry used, where a strict LRU would move it in the map on every request.
 */
import type { Representation } from './serve-file.ts';

export interface CachedFile {
  readonly bytes: Buffer;
  /** `bytes.length` as the `Content-Length` header's value. */
  readonly length: string;
}

export interface FileCache {
  get(representation: Representation): CachedFile | undefined;
  /** Keeps `bytes` when they fit, and returns them with their headers either way. */
  set(representation: Representation, bytes: Buffer): CachedFile;
  readonly bytes: number;
}

interface Entry extends CachedFile {
  used: boolean;
}

/** Files larger than an eighth of the cache are never kept: one huge export must not evict everything. */
export function createFileCache(maxBytes: number): FileCache {
  const entries = new Map<Representation, Entry>();
  let total = 0;
  return {
    get(representation) {
      const entry = entries.get(representation);
      if (entry !== undefined) entry.used = true;
      return entry;
    },
    set(representation, bytes) {
      const entry: Entry = {
        bytes,
        length: String(bytes.length),
        used: false,
      };
      if (bytes.length > maxBytes / 8 || entries.has(representation)) return entry;
      entries.set(representation, entry);
      total += bytes.length;
      // The oldest entries first: a used one gets a second chance at the end of the map, an unused one goes.
      for (const [oldest, old] of entries) {
        if (total <= maxBytes) break;
        entries.delete(oldest);
        if (old.used && old !== entry) {
          old.used = false;
          entries.set(oldest, old);
        } else total -= old.bytes.length;
      }
      return entry;
    },
    get bytes() {
      return total;
    },
  };
}
