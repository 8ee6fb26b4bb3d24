/**
 * The gateway: a `node:http` handler that runs every request through the ordered steps of
 * `steps/request-steps.ts` (each a module in `steps/`), then writes the answer they decided: a document
 * of its own, or a file delivered from the build folder or the private origin.
 *
 * It computes nothing about rewards: the manifest maps a request to a file, and the bytes come
 * from the build folder or the private origin.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BuildSource } from './build/build-source.ts';
import type { GatewayConfig } from './config.ts';
import { createFileCache } from './http/file-cache.ts';
import { type HttpError, toHttpError } from './http-error.ts';
import { limitConnections } from './server/connection-limit.ts';
import { holdConnectionsForReaders } from './server/keep-alive.ts';
import { createKeyCache } from './key-cache.ts';
import { listen } from './server/listen.ts';
import type { Logger } from './logger.ts';
import type { Metrics } from './server/metrics.ts';
import type { OriginProxy } from './http/origin-proxy.ts';
import { readOriginFile, readThroughCache } from './steps/answer-without-socket.ts';
import type { McpLimits } from './mcp/mcp-limits.ts';
import { mountMcp } from './mcp/mount-mcp.ts';
import { type Access, createRequestSteps } from './steps/request-steps.ts';
import { createAuthenticate } from './steps/authenticate.ts';
import { createDeliver } from './steps/deliver.ts';
import { type Answer, createExchange, type Exchange } from './steps/exchange.ts';
import { createQuota } from './steps/quota.ts';
import { answerProblem, logAccess, logFailure } from './steps/respond.ts';
import { runSteps } from './steps/step.ts';
import { HEADERS_TIMEOUT_MS } from './server/server-timeouts.ts';
import { createStoreFailurePolicy } from './steps/store-failure.ts';
import type { OpenedStore } from './store.ts';
import { performance } from 'node:perf_hooks';

export { MAX_URL_LENGTH } from './steps/normalise-request.ts';

/** Where a response keeps its exchange for the 'close' listener (access log, metrics). */
const EXCHANGE = Symbol('exchange');

export interface GatewayOptions {
  readonly config: GatewayConfig;
  /** Taken apart here: the registry for keys, the counter for quotas, the connection for /readyz. */
  readonly store: OpenedStore;
  readonly builds: BuildSource;
  readonly logger: Logger;
  /** Proxy mode: forwards file reads to the private origin. */
  readonly proxy?: OriginProxy | undefined;
  /** The clock, for tests. */
  readonly now?: () => Date;
  /** This process's counters for `/metrics` (served apart, by `metrics-server.ts`); none when metrics are off. */
  readonly metrics?: Metrics | undefined;
  /** Milliseconds between two log summaries of a store outage (default 10 s), for tests. */
  readonly outageSummaryMs?: number | undefined;
  /** Shorter `/mcp` limits than `MCP_LIMITS`, for tests. */
  readonly mcpLimits?: Partial<McpLimits> | undefined;
}

export interface RunningGateway {
  readonly server: Server;
  /** `http://host:port` as bound (port 0 becomes the real port). */
  readonly url: string;
  close(): Promise<void>;
}

/** Starts listening on `config.host:config.port`; rejects with `ERR_LISTEN` naming that address when it cannot. */
export async function startGateway(options: GatewayOptions): Promise<RunningGateway> {
  const handler = createRequestHandler(options);
  // Timeouts are checked every second (Node's default is every 30 s, which let a slow-header socket live 40 s).
  const server = createServer({
    maxHeaderSize: 16 * 1024,
    requestTimeout: 30_000,
    headersTimeout: HEADERS_TIMEOUT_MS,
    connectionsCheckingInterval: 1_000,
  });
  const connections = holdConnectionsForReaders(server);
  const { maxConnections: max, corsOrigin } = options.config;
  server.on('request', max > 0 ? limitConnections(server, { connections, max, corsOrigin, handler }) : handler);
  await listen(server, options.config.host, options.config.port, 'port', 'host');
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

/** The request handler alone, e.g. to mount in another server: the request steps, then the answer written to the socket. */
export function createRequestHandler(options: GatewayOptions): (request: IncomingMessage, response: ServerResponse) => void {
  const { config, builds, logger, metrics } = options;
  const { store } = options;
  const { registry, counter } = store;
  const health = { kind: store.kind, ping: () => store.ping(), warnings: () => store.warnings() };
  const failures = createStoreFailurePolicy(config.failMode, logger, {
    ...(metrics === undefined ? {} : { observeStoreError: (operation: string) => metrics.observeStoreError(operation) }),
    ...(options.outageSummaryMs === undefined ? {} : { summaryMs: options.outageSummaryMs }),
  });
  const access: Access = {
    authenticate: createAuthenticate(createKeyCache(registry, { ttlMs: config.keyCacheMs }), failures),
    quota: createQuota({
      counter,
      limits: config.limits,
      now: options.now ?? (() => new Date()),
      failures,
      observe:
        metrics === undefined
          ? undefined
          : (outcome, seconds, tier) => {
              if (outcome !== 'error') metrics.observeStoreLatency(seconds);
              if (outcome === 'refused') metrics.observeQuotaRefusal(tier);
            },
    }),
  };
  // One hot-file cache for answers on the socket and the files /mcp tool calls read.
  const fileCache = createFileCache(config.cacheBytes);
  // `/mcp` (--mcp): its requests run the same steps up to the key; its tool calls run them with the same access, counted as their routes.
  const mcp = config.mcp
    ? mountMcp({
        corsOrigin: config.corsOrigin,
        builds,
        access,
        read: options.proxy === undefined ? readThroughCache(fileCache) : readOriginFile,
        logger,
        metrics,
        limits: options.mcpLimits,
      })
    : undefined;
  const { steps, settle } = createRequestSteps({ corsOrigin: config.corsOrigin, builds, readiness: health, access, mcp });
  const deliver = createDeliver(fileCache, options.proxy);
  // Building the access-log line costs even when pino drops it: skip it when the level is off.
  const logs = logger.isLevelEnabled('info');

  /** Writes the decided answer; a file whose delivery fails is refunded and answered with its problem (or the connection cut). */
  const write = (exchange: Exchange): void => {
    const answer = exchange.answer as Answer;
    const response = exchange.response as ServerResponse;
    try {
      if (answer.kind === 'file') {
        const delivering = deliver(exchange, answer.build, answer.representation);
        if (delivering !== undefined) delivering.catch((error: unknown) => fail(exchange, error));
        return;
      }
      if (answer.kind === 'handover') {
        answer.serve(exchange).then(
          (next) => {
            if (next === undefined) return;
            exchange.answer = next;
            write(exchange);
          },
          (error: unknown) => fail(exchange, error),
        );
        return;
      }
      if (exchange.error !== undefined) logFailure(logger, exchange, exchange.error);
      response.writeHead(answer.status, Object.assign(exchange.headers, answer.headers));
      response.end(answer.kind === 'bytes' && exchange.method !== 'HEAD' ? answer.body : undefined);
    } catch (error) {
      // A header Node refuses, say: answered once as a problem; if even that cannot be written, the connection is cut.
      if (exchange.error === undefined || answer.kind === 'file' || answer.kind === 'handover') fail(exchange, error);
      else cut(exchange, toHttpError(error));
    }
  };

  /** The steps decided: the quota settles the call (usage headers on an uncounted answer), then the answer is written. */
  const decided = (exchange: Exchange): void => {
    const settling = settle(exchange);
    if (settling === undefined) write(exchange);
    else settling.then(() => write(exchange));
  };

  /** A failure after the answer was decided: settled (a counted call is refunded), then a problem document or, too late for one, a cut. */
  const fail = (exchange: Exchange, error: unknown): void => {
    const failure = toHttpError(error);
    const response = exchange.response as ServerResponse;
    // Not served in full (origin down, failing or stalled mid-body, build pruned mid-read): not charged.
    (settle(exchange, failure) ?? Promise.resolve())
      .catch((refundError: unknown) => logger.error({ err: refundError }, 'refund failed'))
      .then(() => {
        if (response.headersSent) return cut(exchange, failure);
        answerProblem(exchange, failure);
        write(exchange);
      });
  };

  /** Too late for a problem document (a body broke half-way): cut the connection so the client sees a failure. */
  const cut = (exchange: Exchange, failure: HttpError): void => {
    logFailure(logger, exchange, failure);
    exchange.response?.destroy();
  };

  /** When the connection is done with the answer (sent, or cut): the access log and the metrics. */
  const finish = (exchange: Exchange, response: ServerResponse): void => {
    if (logs) logAccess(logger, exchange, response.statusCode, response.writableFinished);
    metrics?.observeRequest(
      exchange.routeId ?? 'none',
      exchange.key?.tier ?? 'none',
      response.writableFinished ? response.statusCode : 0,
      (performance.now() - exchange.started) / 1000,
    );
  };
  const observed = logs || metrics !== undefined;
  // One listener function for every response, its exchange kept on the response: no closure per request.
  const onClose = function (this: ServerResponse & { [EXCHANGE]?: Exchange }): void {
    finish(this[EXCHANGE] as Exchange, this);
  };

  return (request, response) => {
    const exchange = createExchange(request, response);
    if (observed) {
      (response as ServerResponse & { [EXCHANGE]?: Exchange })[EXCHANGE] = exchange;
      response.on('close', onClose);
    }
    runSteps(steps, exchange, decided);
  };
}
