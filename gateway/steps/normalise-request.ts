/** Step 1: method, URL length and shape, path segments (decoded one by one) and query, or a 400/405/414. */
import { RequestMemo } from '../bounded-map.ts';
import { HttpError } from '../http-error.ts';
import { type Exchange, NO_QUERY } from './exchange.ts';

export const MAX_URL_LENGTH = 2048;
export const ALLOWED_METHODS = 'GET, HEAD, OPTIONS';

/** Fills `path` and `query` of the exchange; `preflight` for a CORS OPTIONS request. */
export function normaliseRequest(exchange: Exchange): 'preflight' | 'request' {
  const { method, request } = exchange;
  if (method === 'OPTIONS') return 'preflight';
  if (method !== 'GET' && method !== 'HEAD')
    throw new HttpError('method-not-allowed', `Method ${method} is not allowed; use GET or HEAD.`, { headers: { Allow: ALLOWED_METHODS } });
  const url = request.url ?? '/';
  let target = targets.get(url);
  if (target === undefined) {
    target = parseRequestTarget(url);
    targets.set(url, target);
  }
  exchange.path = target.path;
  exchange.query = target.query;
  return 'request';
}

export interface RequestTarget {
  readonly path: string;
  /** Shared by every request with the same target: the steps only read it. */
  readonly query: URLSearchParams;
}

/** Request targets parsed last, by the URL as sent (a query's parse cost a best-card call 0.7 µs). */
const targets = new RequestMemo<RequestTarget>();

/** A request target (`/path?query`, or absolute-form) as its decoded path and query; 400/414 when it cannot be one. */
export function parseRequestTarget(url: string): RequestTarget {
  let raw = url;
  if (raw.length > MAX_URL_LENGTH) throw new HttpError('uri-too-long', `The URL is longer than ${MAX_URL_LENGTH} characters.`);
  if (raw.charCodeAt(0) !== SLASH) {
    // Absolute-form request targets (`GET http://host/path`) are allowed by HTTP/1.1.
    const absolute = /^https?:\/\/[^/?#]*/i.exec(raw);
    if (absolute) raw = raw.slice(absolute[0].length) || '/';
    if (!raw.startsWith('/')) throw new HttpError('bad-request-target', 'The request target must be a path starting with /.');
  }
  const queryAt = raw.indexOf('?');
  const rawPath = queryAt === -1 ? raw : raw.slice(0, queryAt);
  // The common case, checked in one pass over the whole path: nothing to decode, no dot segment.
  const path = isPlainPath(rawPath) ? rawPath.slice(1) : rawPath.slice(1).split('/').map(decodeSegment).join('/');
  // Most requests have no query: they share one empty, read-only URLSearchParams.
  if (queryAt === -1) return { path, query: NO_QUERY };
  const rawQuery = raw.slice(queryAt + 1);
  if (/%(?![0-9A-Fa-f]{2})/.test(rawQuery)) throw new HttpError('bad-request-target', 'The query string is not valid percent-encoding.');
  const query = new URLSearchParams(rawQuery.replace(/#.*$/, ''));
  for (const [name, value] of query) {
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what this refuses
    if (/[\u0000-\u001f\u007f]/.test(name + value))
      throw new HttpError('bad-request-target', `Query parameter "${name.slice(0, 50)}" contains control characters.`);
  }
  return { path, query };
}

const SLASH = 0x2f;
const DOT = 0x2e;
const PERCENT = 0x25;
const BACKSLASH = 0x5c;
/**
 * True when `path` is printable ASCII without `%` and `\\` (text that decodes to itself and hides no
 * control character) and has no `.` or `..` segment: it names itself, so nothing needs decoding or
 * refusing. A loop over the characters, not regular expressions: this runs for every request, and a
 * regular expression's call costs more than the path's few bytes.
 */
export function isPlainPath(path: string): boolean {
  for (let i = 0; i < path.length; i++) {
    const c = path.charCodeAt(i);
    if (c < 0x21 || c > 0x7e || c === PERCENT || c === BACKSLASH) return false;
    if (c === DOT && path.charCodeAt(i - 1) === SLASH) {
      // A segment that starts with `.` or `..` and ends there.
      const end = path.charCodeAt(i + 1) === DOT ? i + 2 : i + 1;
      if (end === path.length || path.charCodeAt(end) === SLASH) return false;
    }
  }
  return true;
}

/** One segment of a path that is not plain, decoded once; anything that could climb or hide a separator is refused. */
function decodeSegment(raw: string): string {
  let segment: string;
  try {
    segment = decodeURIComponent(raw);
  } catch {
    throw new HttpError('bad-request-target', 'The path is not valid percent-encoding.');
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what this refuses
  if (segment === '.' || segment === '..' || /[/\\\u0000-\u001f\u007f]/.test(segment))
    throw new HttpError('bad-request-target', 'The path contains a forbidden segment or character.');
  return segment;
}
