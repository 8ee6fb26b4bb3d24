/**
 * Sends one file of the build: picks the representation (precompressed `br`/`gzip` sibling or the
 * plain file) from `Accept-Encoding`, answers conditional requests from the manifest's ETag, and
 * streams the bytes from the hot-file cache or the disk.
 */
import { constants, createReadStream } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FileCache } from './file-cache.ts';
import { HttpError } from '../http-error.ts';
import type { ManifestFile } from '../parse-manifest.ts';
import { ENCODING_SUFFIX, encodedEtag } from '../../tree/tree-contract.ts';

export interface Representation {
  /** File key in the tree: the plain file or its `.br` / `.gz` sibling. */
  readonly key: string;
  readonly encoding: 'br' | 'gzip' | undefined;
  readonly etag: string;
  readonly type: string;
  /** True when the file has precompressed siblings, so caches must key on Accept-Encoding. */
  readonly varies: boolean;
  /** The validators a 200, a 304 and a HEAD all carry (ETag, Vary). */
  readonly validators: Readonly<Record<string, string>>;
}

/**
 * Representations made so far, per manifest entry: each is built once per build (a new build has
 * new entry objects) and shared by every request for it, validators included.
 */
const representations = new WeakMap<ManifestFile, Map<string, Representation>>();

/** The representation of `key` this request should get. */
export function selectRepresentation(key: string, entry: ManifestFile, headers: IncomingHttpHeaders): Representation {
  const encoding = negotiateEncoding(headers['accept-encoding'], entry.encodings ?? []);
  let known = representations.get(entry);
  if (known === undefined) {
    known = new Map();
    representations.set(entry, known);
  }
  const name = encoding ?? 'identity';
  let representation = known.get(name);
  if (representation === undefined) {
    representation = createRepresentation(key, entry, encoding);
    known.set(name, representation);
  }
  return representation;
}

function createRepresentation(key: string, entry: ManifestFile, encoding: 'br' | 'gzip' | undefined): Representation {
  const varies = (entry.encodings ?? []).length > 0;
  // Each representation needs its own strong validator (RFC 9110 §8.8.3).
  const etag = encoding === undefined ? entry.etag : encodedEtag(entry.etag, encoding);
  return Object.freeze({
    key: encoding === undefined ? key : key + ENCODING_SUFFIX[encoding],
    encoding,
    etag,
    type: entry.type,
    varies,
    validators: Object.freeze(putValidators({}, etag, varies)),
  });
}

/** Puts the validators a 200, a 304 and a HEAD all carry (ETag, and Vary when the file has encoded siblings) on `headers`. */
function putValidators(headers: Record<string, string>, etag: string, varies: boolean): Record<string, string> {
  headers['ETag'] = etag;
  if (varies) headers['Vary'] = 'Accept-Encoding';
  return headers;
}

/**
 * Puts a representation's own headers (validators, type, encoding; not its length) on a 200's `headers`,
 * one named store each: copying a shared object of them into a request's headers (Object.assign) took
 * V8's generic, megamorphic store for every header of every answer.
 */
export function putRepresentationHeaders(headers: Record<string, string>, representation: Representation): Record<string, string> {
  putValidators(headers, representation.etag, representation.varies);
  headers['Content-Type'] = representation.type;
  if (representation.encoding !== undefined) headers['Content-Encoding'] = representation.encoding;
  return headers;
}

/** Takes back what `putRepresentationHeaders` and a length put on `headers`: the file is not sent after all. */
export function dropRepresentationHeaders(headers: Record<string, string>): void {
  delete headers['ETag'];
  delete headers['Vary'];
  delete headers['Content-Type'];
  delete headers['Content-Encoding'];
  delete headers['Content-Length'];
}

/** The preferred of `available` that the client accepts with q > 0 (ties: br before gzip). */
export function negotiateEncoding(header: string | undefined, available: readonly ('br' | 'gzip')[]): 'br' | 'gzip' | undefined {
  if (header === undefined || available.length === 0) return undefined;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...parameters] = part.trim().toLowerCase().split(';');
    const q = parameters.map((p) => /^\s*q=([01](\.\d{0,3})?)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    weights.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const weightOf = (name: string) => weights.get(name) ?? weights.get('*') ?? 0;
  let best: 'br' | 'gzip' | undefined;
  for (const encoding of (['br', 'gzip'] as const).filter((e) => available.includes(e))) {
    if (weightOf(encoding) > 0 && (best === undefined || weightOf(encoding) > weightOf(best))) best = encoding;
  }
  return best;
}

/** True when `If-None-Match` lists this representation's ETag (weak comparison) or `*`. */
export function isNotModified(headers: IncomingHttpHeaders, etag: string): boolean {
  const header = headers['if-none-match'];
  if (header === undefined) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

/**
 * Writes the 200 response with `headers` (what the steps gathered) and the file's own: from the
 * cache when hot (synchronously: no promise, no file system call), else from disk, never following
 * a link at the end of the path.
 */
export function sendFile(
  response: ServerResponse,
  method: string,
  root: string,
  representation: Representation,
  cache: FileCache,
  headers: Record<string, string>,
): Promise<void> | undefined {
  const cached = cache.get(representation);
  if (cached === undefined) return readAndSend(response, method, root, representation, cache, headers);
  // The headers object is this request's own, and nothing can fail between here and writeHead.
  putRepresentationHeaders(headers, representation)['Content-Length'] = cached.length;
  response.writeHead(200, headers);
  response.end(method === 'HEAD' ? undefined : cached.bytes);
  return undefined;
}

async function readAndSend(
  response: ServerResponse,
  method: string,
  root: string,
  representation: Representation,
  cache: FileCache,
  headers: Record<string, string>,
): Promise<void> {
  let handle: FileHandle;
  try {
    handle = await open(join(root, representation.key), constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch (error) {
    // The manifest lists the file, so a missing one means the build was pruned under us.
    throw new HttpError('build-unavailable', 'The data is being replaced by a new build; retry shortly.', {
      headers: { 'Retry-After': '1' },
      cause: error,
    });
  }
  try {
    const { size } = await handle.stat();
    if (size <= CACHEABLE_BYTES) {
      const file = cache.set(representation, await handle.readFile());
      putRepresentationHeaders(headers, representation)['Content-Length'] = file.length;
      response.writeHead(200, headers);
      response.end(method === 'HEAD' ? undefined : file.bytes);
      return;
    }
    putRepresentationHeaders(headers, representation)['Content-Length'] = String(size);
    response.writeHead(200, headers);
    if (method === 'HEAD') return void response.end();
    await pipeline(createReadStream('', { fd: handle, autoClose: false }), response);
  } finally {
    await handle.close();
  }
}

/** Larger files are streamed, never buffered. */
const CACHEABLE_BYTES = 1024 * 1024;
