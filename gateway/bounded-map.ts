/** A Map with a size limit, and the limits the request path's memos share. */

/**
 * The longest URL or path a request memo remembers: real request targets are far shorter, and 10,000
 * long ones (a URL may have 2,048 characters) would hold tens of megabytes.
 */
export const LONGEST_REMEMBERED_TARGET = 256;

/**
 * A Map that holds at most `limit` entries: setting one more drops the entry set longest ago. The
 * request path's memos use it (raw key → hash, URL → target, path → route, URL → file), so a flood of
 * distinct requests can churn a memo but never grow it.
 */
export class BoundedMap<K, V> {
  readonly #entries = new Map<K, V>();
  readonly #limit: number;

  constructor(limit: number) {
    this.#limit = limit;
  }

  get(key: K): V | undefined {
    return this.#entries.get(key);
  }

  /** Sets `key` as the newest entry (an existing one moves to the end), dropping the oldest beyond the limit. */
  set(key: K, value: V): void {
    this.#entries.delete(key);
    this.#entries.set(key, value);
    if (this.#entries.size > this.#limit) this.#entries.delete(this.#entries.keys().next().value as K);
  }

  get size(): number {
    return this.#entries.size;
  }
}
