/**
 * A bounded in-memory LRU of hot files, by total bytes. Entries are keyed by absolute path, and
 * every build lives in its own folder, so a new build can never be answered from an old entry.
 */

export interface FileCache {
  get(path: string): Buffer | undefined;
  set(path: string, bytes: Buffer): void;
  readonly bytes: number;
}

/** Files larger than an eighth of the cache are never kept: one huge export must not evict everything. */
export function createFileCache(maxBytes: number): FileCache {
  const entries = new Map<string, Buffer>();
  let total = 0;
  return {
    get(path) {
      const bytes = entries.get(path);
      if (bytes !== undefined) {
        // Re-insert: a Map iterates in insertion order, so the first key is the least recently used.
        entries.delete(path);
        entries.set(path, bytes);
      }
      return bytes;
    },
    set(path, bytes) {
      if (bytes.length > maxBytes / 8 || entries.has(path)) return;
      entries.set(path, bytes);
      total += bytes.length;
      for (const [oldest, old] of entries) {
        if (total <= maxBytes) break;
        entries.delete(oldest);
        total -= old.length;
      }
    },
    get bytes() {
      return total;
    },
  };
}
