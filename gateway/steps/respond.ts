/** Responses the gateway writes itself: CORS headers, preflight, 304, small JSON documents and problem details. */
import type { ServerResponse } from 'node:http';
import { hashPrefix } from '../api-keys.ts';
import type { HttpError } from '../http-error.ts';
import type { Logger } from '../logger.ts';
import type { Exchange } from './exchange.ts';
import { ALLOWED_METHODS } from './normalise-request.ts';

/** Seconds a client should wait after a 503 from a missing build or an unreachable store. */
export const RETRY_AFTER_UNAVAILABLE = '5';

/** CORS on every response, so browser extensions and pages on other origins can call the API. */
export function setCorsHeaders(response: ServerResponse, origin: string): void {
  response.setHeader('Access-Control-Allow-Origin', origin);
  response.setHeader('Access-Control-Expose-Headers', 'ETag, Link, RateLimit, RateLimit-Policy, Retry-After, X-Request-Id');
  if (origin !== '*') response.setHeader('Vary', 'Origin');
}

/** The answer to a CORS preflight: which methods and headers may be used. */
export function sendPreflight(response: ServerResponse): void {
  response.writeHead(204, {
    'Access-Control-Allow-Methods': ALLOWED_METHODS,
    'Access-Control-Allow-Headers': 'X-API-Key, If-None-Match, X-Request-Id',
    'Access-Control-Max-Age': '86400',
    Allow: ALLOWED_METHODS,
  });
  response.end();
}

/** 304 with the representation's validators. */
export function sendNotModified(response: ServerResponse, headers: Record<string, string>): void {
  response.writeHead(304, headers);
  response.end();
}

/** A small JSON document the gateway answers itself (health, usage). */
export function sendJson(exchange: Exchange, status: number, body: unknown, cacheControl: string): void {
  const bytes = Buffer.from(`${JSON.stringify(body)}\n`);
  exchange.response.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(bytes.length),
    'Cache-Control': cacheControl,
  });
  exchange.response.end(exchange.method === 'HEAD' ? undefined : bytes);
}

/** Renders every refusal once, as problem details; the cause is logged, never sent. */
export function sendProblem(logger: Logger, exchange: Exchange, error: HttpError): void {
  const { response } = exchange;
  if (error.status >= 500) logger.error({ err: error.cause ?? error, route: exchange.routeId }, error.message);
  if (response.headersSent) {
    // Too late for a problem document (a stream broke half-way): cut the connection so the client sees a failure.
    response.destroy();
    return;
  }
  const path = (exchange.request.url ?? '/').split('?')[0] ?? '/';
  const bytes = Buffer.from(`${JSON.stringify(error.toProblem(path.slice(0, 300), exchange.requestId))}\n`);
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
export function logAccess(logger: Logger, exchange: Exchange): void {
  logger.info(
    {
      request_id: exchange.requestId,
      method: exchange.method,
      url: (exchange.request.url ?? '').slice(0, 300),
      status: exchange.response.statusCode,
      route: exchange.routeId,
      tier: exchange.key?.tier,
      key: exchange.key === undefined ? undefined : hashPrefix(exchange.key.hash),
      ms: Math.round((performance.now() - exchange.started) * 10) / 10,
      aborted: !exchange.response.writableFinished || undefined,
    },
    'request',
  );
}
