/** A Map with a size limit, and the memo the request path keeps of what requests sent. */

/**
 * The longest URL or path a request memo remembers: real request targets are far shorter, and 10,000
 * long ones (a URL may have 2,048 characters) would hold tens of megabytes.
 */
export const LONGEST_REMEMBERED_TARGET = 256;
/** How many entries each request memo keeps. */
export const REQUEST_MEMO_ENTRIES = 10_000;

/**
 * A Map that holds at most `limit` entries: setting one more drops the entry set longest ago, so a
 * flood of distinct requests can churn it but never grow it.
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

/**
 * What a request sent (a URL, a path) → what the gateway worked out from it alone, with the request
 * path's bounds: REQUEST_MEMO_ENTRIES entries, and nothing kept for a key over LONGEST_REMEMBERED_TARGET.
 * Its users set only answers, never refusals: a refused request is worked out again.
 */
export class RequestMemo<V> extends BoundedMap<string, V> {
  constructor() {
    super(REQUEST_MEMO_ENTRIES);
  }

  /** Remembers `value` for `key`, unless `key` is too long to keep. */
  override set(key: string, value: V): void {
    if (key.length <= LONGEST_REMEMBERED_TARGET) super.set(key, value);
  }
}
