/** Answers the gateway writes itself: CORS headers, preflight, 304, small JSON documents and problem details. */
import { hashPrefix } from '../api-keys.ts';
import { dropRepresentationHeaders } from '../http/serve-file.ts';
import type { HttpError } from '../http-error.ts';
import type { Logger } from '../logger.ts';
import type { Exchange } from './exchange.ts';
import { ALLOWED_METHODS } from './normalise-request.ts';
import { performance } from 'node:perf_hooks';

/** Seconds a client should wait after a 503 from a missing build or an unreachable store. */
export const RETRY_AFTER_UNAVAILABLE = '5';

/** What any answer can carry beyond the CORS-safelisted headers. */
export const EXPOSED_HEADERS = 'ETag, Link, RateLimit, RateLimit-Policy, Retry-After, X-Request-Id';
/**
 * What a public file's answer can carry beyond the CORS-safelisted headers (a 200 or 304; a 503 while
 * a build is replaced). Naming only these keeps the most frequent answer's head short: Node checks
 * every byte of every header it writes.
 */
export const PUBLIC_EXPOSED_HEADERS = 'ETag, Retry-After, X-Request-Id';

/** CORS on every answer, so browser extensions and pages on other origins can call the API. */
export function setCorsHeaders(exchange: Exchange, origin: string): void {
  const { headers } = exchange;
  headers['Access-Control-Allow-Origin'] = origin;
  headers['Access-Control-Expose-Headers'] = EXPOSED_HEADERS;
  if (origin !== '*') headers['Vary'] = 'Origin';
}

/** A public file is the answer: it exposes only the headers such an answer has. */
export function narrowCorsToPublicFile(exchange: Exchange): void {
  exchange.headers['Access-Control-Expose-Headers'] = PUBLIC_EXPOSED_HEADERS;
}

const PREFLIGHT_HEADERS = Object.freeze({
  'Access-Control-Allow-Methods': ALLOWED_METHODS,
  'Access-Control-Allow-Headers': 'X-API-Key, If-None-Match, X-Request-Id',
  'Access-Control-Max-Age': '86400',
  Allow: ALLOWED_METHODS,
});

/** The answer to a CORS preflight: which methods and headers may be used. */
export function answerPreflight(exchange: Exchange): void {
  exchange.answer = { kind: 'empty', status: 204, headers: PREFLIGHT_HEADERS };
}

/** 304 with the representation's validators. */
export function answerNotModified(exchange: Exchange, validators: Readonly<Record<string, string>>): void {
  exchange.answer = { kind: 'empty', status: 304, headers: validators };
}

/** A small JSON document the gateway answers itself (health, usage). */
export function answerJson(exchange: Exchange, status: number, body: unknown, cacheControl: string): void {
  const bytes = Buffer.from(`${JSON.stringify(body)}\n`);
  exchange.answer = {
    kind: 'bytes',
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': String(bytes.length), 'Cache-Control': cacheControl },
    body: bytes,
  };
}

/** Every refusal rendered once, as problem details: the validators of a file that was not sent are dropped; the cause is never sent. */
export function answerProblem(exchange: Exchange, error: HttpError): void {
  const path = (exchange.request.url ?? '/').split('?')[0] ?? '/';
  const bytes = Buffer.from(`${JSON.stringify(error.toProblem(path.slice(0, 300), exchange.requestId))}\n`);
  // A file's headers may already be on the exchange when its delivery failed.
  dropRepresentationHeaders(exchange.headers);
  exchange.error = error;
  exchange.answer = {
    kind: 'bytes',
    status: error.status,
    headers: {
      ...error.headers,
      'Content-Type': 'application/problem+json',
      'Content-Length': String(bytes.length),
      'Cache-Control': 'no-store',
    },
    body: bytes,
  };
}

/**
 * The failure behind a 5xx, logged with its cause (never sent to the client). A store outage is
 * not: `store-failure.ts` logs it once for all the requests it refuses.
 */
export function logFailure(logger: Logger, exchange: Exchange, error: HttpError): void {
  if (error.status >= 500 && error.code !== 'store-unavailable')
    logger.error({ err: error.cause ?? error, route: exchange.routeId }, error.message);
}

/** One structured line per request: never the key, only its hash prefix. */
export function logAccess(logger: Logger, exchange: Exchange, status: number, finished: boolean): void {
  logger.info(
    {
      request_id: exchange.requestId,
      method: exchange.method,
      url: (exchange.request.url ?? '').slice(0, 300),
      status,
      route: exchange.routeId,
      tier: exchange.key?.tier,
      key: exchange.key === undefined ? undefined : hashPrefix(exchange.key.hash),
      ms: Math.round((performance.now() - exchange.started) * 10) / 10,
      aborted: !finished || undefined,
    },
    'request',
  );
}
