/**
 * The files of the build a new build follows, packed for the length of the build: every path's and
 * ETag's bytes in one buffer, the encodings as a small code, and an open-addressing table of the
 * files by a hash of the path. A Map of path strings to entries took about 210 bytes a file on the
 * heap (270 MB at ten times today's merchants, held through the whole build, and V8 leaves the heap
 * room to grow past that); this takes about 110, off the heap but for the table.
 */
import type { Encoding } from '../../schemas/manifest.ts';
import type { StoredFile } from '../../tree/tree-contract.ts';
import type { TreeFiles } from './build-diff.ts';

const EMPTY = -1;

export class PackedFiles implements TreeFiles<StoredFile> {
  /** Each file's path then its ETag, as UTF-8, file after file in the order given. */
  #bytes = Buffer.allocUnsafe(2 ** 16);
  /** Where file i's path starts in #bytes; its ETag starts at #etagStart[i] and ends where file i + 1 starts. */
  #pathStart = new Uint32Array(1024);
  #etagStart = new Uint32Array(1024);
  /** Index into #encodingLists of each file's encodings (0: none). */
  #encodings = new Uint8Array(1024);
  readonly #encodingLists: (readonly Encoding[] | undefined)[] = [undefined];
  /** File indexes by hash of the path, EMPTY where none; at most half full. */
  readonly #table: Int32Array;
  readonly #count: number;
  /** Scratch space for the path being looked up, grown as needed. */
  #probe = Buffer.alloc(256);

  /** Packs `files` ([path, entry] pairs, each path once), keeping their order for keys(). */
  constructor(files: Iterable<readonly [string, StoredFile]>) {
    let count = 0;
    let at = 0;
    for (const [path, { etag, encodings }] of files) {
      if (count + 1 >= this.#pathStart.length) this.#growIndex();
      const length = Buffer.byteLength(path) + Buffer.byteLength(etag);
      if (at + length > this.#bytes.length) this.#growBytes(at + length);
      this.#pathStart[count] = at;
      at += this.#bytes.write(path, at);
      this.#etagStart[count] = at;
      at += this.#bytes.write(etag, at);
      this.#encodings[count] = this.#encodingCode(encodings);
      count++;
    }
    this.#pathStart[count] = at;
    this.#count = count;
    this.#table = new Int32Array(2 ** Math.ceil(Math.log2(Math.max(2, count * 2)))).fill(EMPTY);
    for (let index = 0; index < count; index++) this.#insert(this.#pathAt(index), index);
  }

  /** The files of a parsed manifest's `files` object. */
  static ofRecord(files: Readonly<Record<string, StoredFile>>): PackedFiles {
    return new PackedFiles(
      (function* () {
        for (const path in files) yield [path, files[path] as StoredFile] as const;
      })(),
    );
  }

  get size(): number {
    return this.#count;
  }

  get(path: string): StoredFile | undefined {
    const index = this.#find(path);
    if (index === EMPTY) return undefined;
    const etag = this.#bytes.toString('utf8', this.#etagStart[index], this.#pathStart[index + 1]);
    const encodings = this.#encodingLists[this.#encodings[index] as number];
    return encodings === undefined ? { etag } : { etag, encodings };
  }

  *keys(): Generator<string> {
    for (let index = 0; index < this.#count; index++) yield this.#pathAt(index);
  }

  #pathAt(index: number): string {
    return this.#bytes.toString('utf8', this.#pathStart[index], this.#etagStart[index]);
  }

  /** A buffer of at least `needed` bytes (twice the last, so a million files copy it about twenty times) with the bytes so far. */
  #growBytes(needed: number): void {
    const bytes = Buffer.allocUnsafe(Math.max(needed, this.#bytes.length * 2));
    this.#bytes.copy(bytes);
    this.#bytes = bytes;
  }

  #growIndex(): void {
    const length = this.#pathStart.length * 2;
    this.#pathStart = grown(this.#pathStart, length);
    this.#etagStart = grown(this.#etagStart, length);
    this.#encodings = grown(this.#encodings, length);
  }

  /** The code of an encoding list, the same for equal lists (a tree has two or three distinct ones). */
  #encodingCode(encodings: readonly Encoding[] | undefined): number {
    if (encodings === undefined) return 0;
    const key = encodings.join();
    const code = this.#encodingLists.findIndex((list) => list !== undefined && list.join() === key);
    if (code > 0) return code;
    if (this.#encodingLists.length > 255) throw new RangeError('more than 255 distinct encoding lists in one tree');
    this.#encodingLists.push(Object.freeze([...encodings]));
    return this.#encodingLists.length - 1;
  }

  #insert(path: string, index: number): void {
    const mask = this.#table.length - 1;
    let slot = hashOf(path) & mask;
    // Each path comes once (the keys of a manifest's object): the first empty slot is its own.
    while (this.#table[slot] !== EMPTY) slot = (slot + 1) & mask;
    this.#table[slot] = index;
  }

  #find(path: string): number {
    const mask = this.#table.length - 1;
    for (let slot = hashOf(path) & mask; ; slot = (slot + 1) & mask) {
      const index = this.#table[slot] as number;
      if (index === EMPTY || this.#pathIs(index, path)) return index;
    }
  }

  /** Whether file `index`'s path is `path`, compared as bytes (no string made per probe). */
  #pathIs(index: number, path: string): boolean {
    const start = this.#pathStart[index] as number;
    const end = this.#etagStart[index] as number;
    const length = Buffer.byteLength(path);
    if (length !== end - start) return false;
    if (this.#probe.length < length) this.#probe = Buffer.alloc(length * 2);
    this.#probe.write(path, 0);
    return this.#bytes.compare(this.#probe, 0, length, start, end) === 0;
  }
}

/** A copy of `array` with room for `length` items (a plain typed array: a Buffer's constructor is the deprecated Buffer()). */
function grown<T extends Uint8Array | Uint32Array>(array: T, length: number): T {
  const copy = (array instanceof Uint32Array ? new Uint32Array(length) : new Uint8Array(length)) as T;
  copy.set(array);
  return copy;
}

/** FNV-1a over the path's UTF-16 code units: cheap, and spread well enough for a half-full table. */
function hashOf(path: string): number {
  let hash = 0x811c9dc5;
  for (let at = 0; at < path.length; at++) hash = Math.imul(hash ^ path.charCodeAt(at), 0x01000193);
  return hash >>> 0;
}
