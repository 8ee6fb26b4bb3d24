/**
 * The gateway: a `node:http` handler that runs every request through ordered steps, each a module
 * in `steps/`:
 *
 *   normalise → built-in paths → public files → route → authenticate (401) → authorise tier (403)
 *   → resolve file (400/404) → conditional (304, not counted) → count (429, refused calls not
 *   counted) → deliver (local file or private origin)
 *
 * It computes nothing about rewards: the manifest maps a request to a file, and the bytes come
 * from the build folder or the private origin.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BuildSource } from './build-source.ts';
import type { GatewayConfig } from './config.ts';
import { createFileCache } from './file-cache.ts';
import { createKeyCache } from './key-cache.ts';
import { HttpError, toHttpError } from './http-error.ts';
import type { Logger } from './logger.ts';
import type { OriginProxy } from './origin-proxy.ts';
import { pagingLinks } from './paging-links.ts';
import { type ResolvedFile, resolveFile } from './resolve-file.ts';
import { isNotModified, representationHeaders, selectRepresentation } from './serve-file.ts';
import { createAuthenticate } from './steps/authenticate.ts';
import { authoriseTier } from './steps/authorise-tier.ts';
import { createBuiltInRoutes } from './steps/built-in-routes.ts';
import { createDeliver } from './steps/deliver.ts';
import { createExchange, type Exchange } from './steps/exchange.ts';
import { normaliseRequest } from './steps/normalise-request.ts';
import { servePublic } from './steps/public-files.ts';
import { createQuota } from './steps/quota.ts';
import { logAccess, RETRY_AFTER_UNAVAILABLE, sendNotModified, sendPreflight, sendProblem, setCorsHeaders } from './steps/respond.ts';
import { routeRequest } from './steps/route-request.ts';
import { createStoreFailurePolicy } from './steps/store-failure.ts';
import type { Store } from './store.ts';

export { MAX_URL_LENGTH } from './steps/normalise-request.ts';

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

/** Starts listening on `config.host:config.port`. */
export async function startGateway(options: GatewayOptions): Promise<RunningGateway> {
  const handler = createRequestHandler(options);
  // Timeouts are checked every second (Node's default is every 30 s, which let a slow-header socket live 40 s).
  const server = createServer(
    { maxHeaderSize: 16 * 1024, requestTimeout: 30_000, headersTimeout: 10_000, connectionsCheckingInterval: 1_000 },
    handler,
  );
  server.keepAliveTimeout = 5_000;
  if (options.config.maxConnections > 0) server.maxConnections = options.config.maxConnections;
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
  const failures = createStoreFailurePolicy(config.failMode, logger);
  const serveBuiltIn = createBuiltInRoutes(builds, store);
  const authenticate = createAuthenticate(createKeyCache(store, { ttlMs: config.keyCacheMs }), failures);
  const quota = createQuota({ counter: store, limits: config.limits, now: options.now ?? (() => new Date()), failures });
  const deliver = createDeliver(createFileCache(config.cacheBytes), options.proxy);

  const handle = async (exchange: Exchange): Promise<void> => {
    setCorsHeaders(exchange.response, config.corsOrigin);
    if (normaliseRequest(exchange) === 'preflight') return sendPreflight(exchange.response);
    if (await serveBuiltIn(exchange)) return;
    const build = builds.current();
    if (build === undefined)
      throw new HttpError('build-unavailable', 'No data build is loaded yet.', { headers: { 'Retry-After': RETRY_AFTER_UNAVAILABLE } });
    if (await servePublic(exchange, build, deliver)) return;
    const match = routeRequest(exchange, build);
    const key = await authenticate(exchange);
    authoriseTier(match.route, key);
    if (match.route.dynamic === 'usage') return quota.sendUsage(exchange, key);
    let resolved: ResolvedFile;
    try {
      resolved = resolveFile(build.manifest, match.route, match.params, exchange.query);
    } catch (error) {
      // A 400 or 404 is not counted; it still tells the caller where its quota stands.
      await quota.putUsageHeaders(exchange);
      throw error;
    }
    const { fileKey } = resolved;
    const entry = build.manifest.files[fileKey];
    if (entry === undefined) throw new HttpError('not-found', 'Not found.');
    const representation = selectRepresentation(fileKey, entry, exchange.request.headers);
    exchange.response.setHeader('Cache-Control', 'private, no-cache');
    const links = pagingLinks(build.manifest, resolved, `/${exchange.segments.join('/')}`, exchange.query);
    if (links !== undefined) exchange.response.setHeader('Link', links);
    if (isNotModified(exchange.request.headers, representation.etag)) {
      await quota.putUsageHeaders(exchange);
      return sendNotModified(exchange.response, representationHeaders(representation));
    }
    const refund = await quota.count(exchange, key);
    try {
      await deliver(exchange, build, representation);
    } catch (error) {
      // Not served (origin down or failing, build pruned mid-read): not charged.
      if (toHttpError(error).status >= 500 && !exchange.response.headersSent) await refund();
      throw error;
    }
  };

  return (request, response) => {
    const exchange = createExchange(request, response);
    response.setHeader('X-Request-Id', exchange.requestId);
    response.once('close', () => logAccess(logger, exchange));
    handle(exchange).catch((error: unknown) => sendProblem(logger, exchange, toHttpError(error)));
  };
}
