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
import { HttpError } from './http-error.ts';
import type { ManifestFile } from './manifest.ts';

export interface Representation {
  /** File key in the tree: the plain file or its `.br` / `.gz` sibling. */
  readonly key: string;
  readonly encoding: 'br' | 'gzip' | undefined;
  readonly etag: string;
  readonly type: string;
  /** True when the file has precompressed siblings, so caches must key on Accept-Encoding. */
  readonly varies: boolean;
}

const SUFFIX = { br: '.br', gzip: '.gz' } as const;

/** The representation of `key` this request should get. */
export function selectRepresentation(key: string, entry: ManifestFile, headers: IncomingHttpHeaders): Representation {
  const available = entry.encodings ?? [];
  const encoding = negotiateEncoding(headers['accept-encoding'], available);
  return {
    key: encoding === undefined ? key : key + SUFFIX[encoding],
    encoding,
    // Each representation needs its own strong validator (RFC 9110 §8.8.3).
    etag: encoding === undefined ? entry.etag : `${entry.etag.slice(0, -1)}-${encoding}"`,
    type: entry.type,
    varies: available.length > 0,
  };
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

/** The headers every file response (200, 304, HEAD) carries. */
export function representationHeaders(representation: Representation): Record<string, string> {
  const headers: Record<string, string> = { ETag: representation.etag };
  if (representation.varies) headers['Vary'] = 'Accept-Encoding';
  return headers;
}

/** Writes the 200 response: from the cache when hot, else from disk (never following a link at the end of the path). */
export async function sendFile(
  response: ServerResponse,
  method: string,
  root: string,
  representation: Representation,
  cache: FileCache,
): Promise<void> {
  const path = join(root, representation.key);
  const headers: Record<string, string> = { ...representationHeaders(representation), 'Content-Type': representation.type };
  if (representation.encoding !== undefined) headers['Content-Encoding'] = representation.encoding;

  const cached = cache.get(path);
  if (cached !== undefined) return sendBytes(response, method, headers, cached);

  let handle: FileHandle;
  try {
    handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch (error) {
    // The manifest lists the file, so a missing one means the build was pruned under us.
    throw new HttpError(503, 'The data is being replaced by a new build; retry shortly.', {
      headers: { 'Retry-After': '1' },
      cause: error,
    });
  }
  try {
    const { size } = await handle.stat();
    if (size <= CACHEABLE_BYTES) {
      const bytes = await handle.readFile();
      cache.set(path, bytes);
      return sendBytes(response, method, headers, bytes);
    }
    response.writeHead(200, { ...headers, 'Content-Length': String(size) });
    if (method === 'HEAD') return void response.end();
    await pipeline(createReadStream('', { fd: handle, autoClose: false }), response);
  } finally {
    await handle.close();
  }
}

/** Larger files are streamed, never buffered. */
const CACHEABLE_BYTES = 1024 * 1024;

function sendBytes(response: ServerResponse, method: string, headers: Record<string, string>, bytes: Buffer): void {
  response.writeHead(200, { ...headers, 'Content-Length': String(bytes.length) });
  response.end(method === 'HEAD' ? undefined : bytes);
}
