/**
 * The gateway: a `node:http` handler that runs every request through ordered steps,
 *
 *   normalise → route → authenticate (401) → authorise tier (403) → resolve file (400/404)
 *   → conditional (304, not counted) → count (429, refused calls not counted) → serve or proxy
 *
 * each a small function below, read top to bottom. It computes nothing about rewards: the manifest
 * maps a request to a file, and the bytes come from the build folder or the private origin.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createDocs } from './api-docs.ts';
import { hashesEqual, hashKey, hashPrefix, isWellFormedKey } from './api-keys.ts';
import type { Build, BuildSource } from './build-source.ts';
import type { GatewayConfig } from './config.ts';
import { createFileCache } from './file-cache.ts';
import { HttpError, toHttpError } from './http-error.ts';
import type { Logger } from './logger.ts';
import { TIERS, type ManifestRoute, type Tier } from './manifest.ts';
import type { OriginProxy } from './origin-proxy.ts';
import { periodsOf } from './periods.ts';
import { rateLimitHeaders, retryAfterSeconds } from './rate-limit-headers.ts';
import { resolveFile } from './resolve-file.ts';
import { isNotModified, representationHeaders, selectRepresentation, sendFile, type Representation } from './serve-file.ts';
import { StoreUnavailableError, type Counts, type IncrementResult, type KeyRecord, type Limits, type Store } from './store.ts';

export interface GatewayOptions {
  readonly config: GatewayConfig;
  readonly store: Store;
  readonly builds: BuildSource;
  readonly logger: Logger;
  /** Proxy mode: forwards file reads to the private origin. */
  readonly proxy?: OriginProxy | undefined;
  /** The clock, for tests. */
  readonly now?: () => Date;
}

export interface RunningGateway {
  readonly server: Server;
  /** `http://host:port` as bound (port 0 becomes the real port). */
  readonly url: string;
  close(): Promise<void>;
}

export const MAX_URL_LENGTH = 2048;
const ALLOWED_METHODS = 'GET, HEAD, OPTIONS';
const PUBLIC_CACHE_CONTROL = 'public, max-age=86400, stale-while-revalidate=86400';
const STORE_RETRY_AFTER = '5';
const TIER_RANK: Readonly<Record<Tier, number>> = Object.fromEntries(TIERS.map((tier, index) => [tier, index])) as Record<Tier, number>;

/** Per request: what the steps found so far, for the next step and the access log. */
interface Exchange {
  readonly request: IncomingMessage;
  readonly response: ServerResponse;
  readonly method: string;
  segments: string[];
  query: URLSearchParams;
  routeId?: string;
  key?: KeyRecord;
  limits?: Limits;
}

/** Starts listening on `config.host:config.port`. */
export async function startGateway(options: GatewayOptions): Promise<RunningGateway> {
  const handler = createRequestHandler(options);
  const server = createServer({ maxHeaderSize: 16 * 1024, requestTimeout: 30_000, headersTimeout: 10_000 }, handler);
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.config.port, options.config.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = options.config.host.includes(':') ? `[${options.config.host}]` : options.config.host;
  return {
    server,
    url: `http://${host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** The request handler alone, e.g. to mount in another server. */
export function createRequestHandler(options: GatewayOptions): (request: IncomingMessage, response: ServerResponse) => void {
  const { config, store, builds, logger } = options;
  const now = options.now ?? (() => new Date());
  const cache = createFileCache(config.cacheBytes);
  const docs = createDocs();
  /** Keys seen valid recently: used only to fail open while the store is unreachable. */
  const knownKeys = new Map<string, KeyRecord>();

  return (request, response) => {
    const started = performance.now();
    const exchange: Exchange = { request, response, method: request.method ?? 'GET', segments: [], query: new URLSearchParams() };
    response.once('close', () => logAccess(logger, exchange, started));
    handle(exchange).catch((error: unknown) => sendError(logger, exchange, toHttpError(error)));
  };

  async function handle(exchange: Exchange): Promise<void> {
    setCorsHeaders(exchange.response, config.corsOrigin);
    if (normalise(exchange) === 'preflight') return sendPreflight(exchange.response);
    if (await serveBuiltIn(exchange)) return;
    const build = builds.current();
    if (build === undefined) throw new HttpError(503, 'No data build is loaded yet.', { headers: { 'Retry-After': STORE_RETRY_AFTER } });
    if (await servePublic(exchange, build)) return;
    const match = route(exchange, build);
    const key = await authenticate(exchange);
    authorise(match.route, key);
    if (match.route.dynamic === 'usage') return sendUsage(exchange, key);
    const fileKey = await withUsageHeaders(exchange, () => resolveFile(build.manifest, match.route, match.params, exchange.query));
    const entry = build.manifest.files[fileKey];
    if (entry === undefined) throw new HttpError(404, 'Not found.');
    const representation = selectRepresentation(fileKey, entry, exchange.request.headers);
    exchange.response.setHeader('Cache-Control', 'private, no-cache');
    if (isNotModified(exchange.request.headers, representation.etag)) {
      await withUsageHeaders(exchange, () => undefined);
      return sendNotModified(exchange.response, representationHeaders(representation));
    }
    await count(exchange, key);
    return deliver(exchange, build, representation);
  }

  /** The last step: the bytes from the build folder, or in proxy mode from the private origin (which holds the whole tree). */
  function deliver(exchange: Exchange, build: Build, representation: Representation): Promise<void> {
    if (options.proxy !== undefined) return options.proxy.forward(exchange.request, exchange.response, representation);
    return sendFile(exchange.response, exchange.method, build.root, representation, cache);
  }

  /** Step 0, the built-in paths: /healthz, /readyz, /docs. */
  async function serveBuiltIn(exchange: Exchange): Promise<boolean> {
    const path = `/${exchange.segments.join('/')}`;
    if (path === '/healthz') {
      sendJson(exchange, 200, { status: 'ok' }, 'no-store');
      return true;
    }
    if (path === '/readyz') {
      const build = builds.current();
      const storeError = await store.ping().then(
        () => undefined,
        (error: unknown) => error as Error,
      );
      if (build === undefined || storeError !== undefined) {
        throw new HttpError(503, build === undefined ? 'No data build is loaded.' : `The ${store.kind} store is unreachable.`, {
          headers: { 'Retry-After': STORE_RETRY_AFTER },
          cause: storeError,
        });
      }
      sendJson(exchange, 200, { status: 'ready', build: build.manifest.build, store: store.kind }, 'no-store');
      return true;
    }
    const asset = docs(path);
    if (asset === undefined) return false;
    exchange.response.writeHead(200, {
      'Content-Type': asset.type,
      'Content-Length': String(asset.bytes.length),
      'Cache-Control': 'public, max-age=3600',
    });
    exchange.response.end(exchange.method === 'HEAD' ? undefined : asset.bytes);
    return true;
  }

  /** Public files: no key, never counted, cacheable by anyone. */
  async function servePublic(exchange: Exchange, build: Build): Promise<boolean> {
    const fileKey = publicFileKey(build, exchange.segments);
    if (fileKey === undefined) return false;
    // A query on a static file (a cache buster, say) is ignored, as a CDN would.
    const entry = build.manifest.files[fileKey];
    if (entry === undefined) return false;
    exchange.routeId = 'public';
    const representation = selectRepresentation(fileKey, entry, exchange.request.headers);
    exchange.response.setHeader('Cache-Control', PUBLIC_CACHE_CONTROL);
    if (isNotModified(exchange.request.headers, representation.etag))
      sendNotModified(exchange.response, representationHeaders(representation));
    else await deliver(exchange, build, representation);
    return true;
  }

  /** Step 3: the key from X-API-Key, looked up by its hash; missing, malformed, unknown or revoked → 401. */
  async function authenticate(exchange: Exchange): Promise<KeyRecord> {
    const header = exchange.request.headers['x-api-key'];
    const value = Array.isArray(header) ? undefined : header?.trim();
    if (value === undefined || value.length === 0) throw unauthorized('This endpoint needs an API key in the X-API-Key header.');
    if (!isWellFormedKey(value)) throw unauthorized('The API key is not valid.');
    const hash = hashKey(value);
    let record: KeyRecord | undefined;
    try {
      record = await store.lookupKey(hash);
      if (record !== undefined) remember(hash, record);
    } catch (error) {
      record = storeFailure(error, 'key lookup', hash) ? knownKeys.get(hash) : undefined;
      if (record === undefined) throw unavailable(error);
    }
    if (record === undefined || !hashesEqual(record.hash, hash) || record.status !== 'active') {
      throw unauthorized(record?.status === 'revoked' ? 'The API key has been revoked.' : 'The API key is not valid.');
    }
    exchange.key = record;
    exchange.limits = config.limits[record.tier];
    return record;
  }

  /** Step 4: the key's tier must reach the route's minimum tier. */
  function authorise(route: ManifestRoute, key: KeyRecord): void {
    if (TIER_RANK[key.tier] >= TIER_RANK[route.tier]) return;
    throw new HttpError(403, `${route.path} needs the ${route.tier} tier or higher; this key is on the ${key.tier} tier.`);
  }

  /** Step 6: one atomic increment of the day and month counters; at a limit → 429 and nothing counted. */
  async function count(exchange: Exchange, key: KeyRecord): Promise<void> {
    const limits = config.limits[key.tier];
    let result: IncrementResult;
    try {
      result = await store.increment(key.hash, limits, now());
    } catch (error) {
      if (storeFailure(error, 'count', key.hash)) return;
      throw unavailable(error);
    }
    const headers = rateLimitHeaders(limits, result.counts, result.resetSeconds);
    if (!result.allowed) {
      const retryAfter = retryAfterSeconds(limits, result.counts, result.resetSeconds);
      const which = limits.monthly !== null && result.counts.month >= limits.monthly ? 'monthly' : 'daily';
      throw new HttpError(429, `The ${which} call limit of the ${key.tier} tier is reached; retry after ${retryAfter} s.`, {
        headers: { ...headers, 'Retry-After': String(retryAfter) },
      });
    }
    for (const [name, value] of Object.entries(headers)) exchange.response.setHeader(name, value);
  }

  /** `/api/usage`: the caller's own counters (answered by the gateway, not counted). */
  async function sendUsage(exchange: Exchange, key: KeyRecord): Promise<void> {
    const limits = config.limits[key.tier];
    const at = now();
    let counts: Counts;
    try {
      counts = await store.usage(key.hash, at);
    } catch (error) {
      throw unavailable(error);
    }
    const periods = periodsOf(at);
    for (const [name, value] of Object.entries(rateLimitHeaders(limits, counts, periods.resetSeconds)))
      exchange.response.setHeader(name, value);
    const window = (period: string, used: number, limit: number | null, reset: number) => ({
      period,
      used,
      limit,
      remaining: limit === null ? null : Math.max(0, limit - used),
      reset_seconds: reset,
    });
    sendJson(
      exchange,
      200,
      {
        key: hashPrefix(key.hash),
        name: key.name,
        tier: key.tier,
        day: window(periods.day, counts.day, limits.daily, periods.resetSeconds.day),
        month: window(periods.month, counts.month, limits.monthly, periods.resetSeconds.month),
      },
      'private, no-store',
    );
  }

  /**
   * Runs `action` (a step that answers without counting: 400, 404, 304) and puts the key's current
   * rate-limit headers on the response either way; a store that cannot say just leaves them out.
   */
  async function withUsageHeaders<T>(exchange: Exchange, action: () => T): Promise<T> {
    const { key, limits } = exchange;
    if (key !== undefined && limits !== undefined && (limits.daily !== null || limits.monthly !== null)) {
      const at = now();
      const counts = await store.usage(key.hash, at).catch(() => undefined);
      if (counts !== undefined) {
        for (const [name, value] of Object.entries(rateLimitHeaders(limits, counts, periodsOf(at).resetSeconds)))
          exchange.response.setHeader(name, value);
      }
    }
    return action();
  }

  /** True when the failure may be passed over (fail-open mode), logged either way. */
  function storeFailure(error: unknown, operation: string, hash: string): boolean {
    if (!(error instanceof StoreUnavailableError)) throw error;
    const open = config.failMode === 'open';
    logger.warn(
      { err: error.message, operation, key: hashPrefix(hash), failMode: config.failMode },
      open ? 'store unavailable: failing open' : 'store unavailable: failing closed',
    );
    return open;
  }

  function remember(hash: string, record: KeyRecord): void {
    knownKeys.delete(hash);
    knownKeys.set(hash, record);
    if (knownKeys.size > 10_000) knownKeys.delete(knownKeys.keys().next().value as string);
  }
}

/** Step 1: method, URL length and shape, path segments (decoded one by one) and query. */
function normalise(exchange: Exchange): 'preflight' | 'request' {
  const { method, request } = exchange;
  if (method === 'OPTIONS') return 'preflight';
  if (method !== 'GET' && method !== 'HEAD')
    throw new HttpError(405, `Method ${method} is not allowed; use GET or HEAD.`, { headers: { Allow: ALLOWED_METHODS } });
  let raw = request.url ?? '/';
  if (raw.length > MAX_URL_LENGTH) throw new HttpError(414, `The URL is longer than ${MAX_URL_LENGTH} characters.`);
  // Absolute-form request targets (`GET http://host/path`) are allowed by HTTP/1.1.
  const absolute = /^https?:\/\/[^/?#]*/i.exec(raw);
  if (absolute) raw = raw.slice(absolute[0].length) || '/';
  if (!raw.startsWith('/')) throw new HttpError(400, 'The request target must be a path starting with /.');
  const queryAt = raw.indexOf('?');
  const rawPath = queryAt === -1 ? raw : raw.slice(0, queryAt);
  const rawQuery = queryAt === -1 ? '' : raw.slice(queryAt + 1);
  exchange.segments = rawPath.slice(1).split('/').map(decodeSegment);
  if (/%(?![0-9A-Fa-f]{2})/.test(rawQuery)) throw new HttpError(400, 'The query string is not valid percent-encoding.');
  exchange.query = new URLSearchParams(rawQuery.replace(/#.*$/, ''));
  for (const [name, value] of exchange.query) {
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what this refuses
    if (/[\u0000-\u001f\u007f]/.test(name + value))
      throw new HttpError(400, `Query parameter "${name.slice(0, 50)}" contains control characters.`);
  }
  return 'request';
}

/** One path segment, decoded once; anything that could climb or hide a separator is refused. */
function decodeSegment(raw: string): string {
  let segment: string;
  try {
    segment = decodeURIComponent(raw);
  } catch {
    throw new HttpError(400, 'The path is not valid percent-encoding.');
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what this refuses
  if (segment === '.' || segment === '..' || /[/\\\u0000-\u001f\u007f]/.test(segment))
    throw new HttpError(400, 'The path contains a forbidden segment or character.');
  return segment;
}

/** Step 2: the keyed route for the path, else 404. */
function route(exchange: Exchange, build: Build) {
  const match = build.router.match(exchange.segments);
  if (match === undefined) throw new HttpError(404, `No resource at /${exchange.segments.join('/')}.`);
  exchange.routeId = match.route.id;
  return match;
}

/** `public/<path>`, or `public/<path>/index.html` for folder-like paths, when the manifest lists it. */
function publicFileKey(build: Build, segments: readonly string[]): string | undefined {
  const path = segments.join('/');
  const files = build.manifest.files;
  const direct = `public/${path}`;
  if (path.length > 0 && !path.endsWith('/') && Object.hasOwn(files, direct)) return direct;
  const last = segments[segments.length - 1] ?? '';
  if (last === '' || !last.includes('.')) {
    const index = `public/${path.replace(/\/?$/, '/')}index.html`.replace('public//', 'public/');
    if (Object.hasOwn(files, index)) return index;
  }
  return undefined;
}

function unauthorized(detail: string): HttpError {
  return new HttpError(401, detail, { headers: { 'WWW-Authenticate': 'APIKey header="X-API-Key"' } });
}

function unavailable(cause: unknown): HttpError {
  return new HttpError(503, 'The key and quota store is unreachable; retry shortly.', {
    headers: { 'Retry-After': STORE_RETRY_AFTER },
    cause,
  });
}

function setCorsHeaders(response: ServerResponse, origin: string): void {
  response.setHeader('Access-Control-Allow-Origin', origin);
  response.setHeader('Access-Control-Expose-Headers', 'ETag, RateLimit, RateLimit-Policy, Retry-After');
  if (origin !== '*') response.setHeader('Vary', 'Origin');
}

function sendPreflight(response: ServerResponse): void {
  response.writeHead(204, {
    'Access-Control-Allow-Methods': ALLOWED_METHODS,
    'Access-Control-Allow-Headers': 'X-API-Key, If-None-Match',
    'Access-Control-Max-Age': '86400',
    Allow: ALLOWED_METHODS,
  });
  response.end();
}

function sendNotModified(response: ServerResponse, headers: Record<string, string>): void {
  response.writeHead(304, headers);
  response.end();
}

function sendJson(exchange: Exchange, status: number, body: unknown, cacheControl: string): void {
  const bytes = Buffer.from(`${JSON.stringify(body)}\n`);
  exchange.response.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(bytes.length),
    'Cache-Control': cacheControl,
  });
  exchange.response.end(exchange.method === 'HEAD' ? undefined : bytes);
}

/** Renders every refusal once, as problem details; the cause is logged, never sent. */
function sendError(logger: Logger, exchange: Exchange, error: HttpError): void {
  const { response } = exchange;
  if (error.status >= 500) logger.error({ err: error.cause ?? error, route: exchange.routeId }, error.message);
  if (response.headersSent) {
    // Too late for a problem document (a stream broke half-way): cut the connection so the client sees a failure.
    response.destroy();
    return;
  }
  const bytes = Buffer.from(`${JSON.stringify(error)}\n`);
  response.removeHeader('ETag');
  response.removeHeader('Vary');
  response.writeHead(error.status, {
    ...error.headers,
    'Content-Type': 'application/problem+json',
    'Content-Length': String(bytes.length),
    'Cache-Control': 'no-store',
  });
  response.end(exchange.method === 'HEAD' ? undefined : bytes);
}

/** One structured line per request: never the key, only its hash prefix. */
function logAccess(logger: Logger, exchange: Exchange, started: number): void {
  logger.info(
    {
      method: exchange.method,
      url: (exchange.request.url ?? '').slice(0, 300),
      status: exchange.response.statusCode,
      route: exchange.routeId,
      tier: exchange.key?.tier,
      key: exchange.key === undefined ? undefined : hashPrefix(exchange.key.hash),
      ms: Math.round((performance.now() - started) * 10) / 10,
      aborted: !exchange.response.writableFinished || undefined,
    },
    'request',
  );
}
