/** What the steps of one request found so far, for the next step, the answer and the access log. */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Build } from '../build/build-source.ts';
import type { HttpError } from '../http-error.ts';
import type { KeyRecord } from '../key-registry.ts';
import type { ResolvedFile } from '../build/resolve-file.ts';
import type { RouteMatch } from '../build/router.ts';
import type { Representation } from '../http/serve-file.ts';
import type { RateLimitWindow } from '../../schemas/mcp.ts';
import { performance } from 'node:perf_hooks';

/**
 * What a step decided to answer; the transport writes it (`create-gateway.ts` on a socket, `get` on
 * stdout). Headers the steps gathered (`exchange.headers`) go on every answer.
 */
export type Answer =
  /** A document the gateway wrote itself (health, usage, docs, problem details). */
  | { readonly kind: 'bytes'; readonly status: number; readonly headers: Readonly<Record<string, string>>; readonly body: Buffer }
  /** No body: a preflight (204) or a 304. */
  | { readonly kind: 'empty'; readonly status: number; readonly headers: Readonly<Record<string, string>> }
  /** A file of the build, delivered from disk, the hot-file cache or the private origin. */
  | { readonly kind: 'file'; readonly build: Build; readonly representation: Representation }
  /** The request handed to a handler that answers on the socket itself (`/mcp`), or gives back an answer to write. */
  | { readonly kind: 'handover'; readonly serve: HandOver };

/** Serves an exchange on its socket, or resolves to the answer the writer should write instead; rejects with a failure to answer. */
export type HandOver = (exchange: Exchange) => Promise<Answer | undefined>;

/** Takes back a counted call whose answer failed (5xx): a call is charged only when it was served. */
export type Refund = () => Promise<void>;

export interface Exchange {
  readonly request: IncomingMessage;
  /** Absent when the request runs without a socket (`cardrewards get`). */
  readonly response: ServerResponse | undefined;
  readonly method: string;
  /** `performance.now()` when the request arrived. */
  readonly started: number;
  /** The client's well-formed `X-Request-Id`, or a new UUID: on the response, in the log and in problem details. */
  readonly requestId: string;
  /** Response headers gathered by the steps, written once with the answer (one object: no `setHeader` per header). */
  readonly headers: Record<string, string>;
  /**
   * The decoded path without its leading slash: the path as the tree names files. Its segments are
   * `path.split('/')`: a decoded segment never holds a `/` (normalise refuses one).
   */
  path: string;
  query: URLSearchParams;
  // What the steps find, undefined until one does. Every field exists from the start, so every exchange has one
  // shape: V8 allocates it once at its full size and the steps' property accesses stay monomorphic.
  routeId: string | undefined;
  key: KeyRecord | undefined;
  build: Build | undefined;
  match: RouteMatch | undefined;
  resolved: ResolvedFile | undefined;
  representation: Representation | undefined;
  /** Set by the count step: takes this call back if its answer fails. */
  refund: Refund | undefined;
  /** The key's quota windows as the RateLimit headers state them, where the quota put them (an MCP tool result carries them). */
  rateLimit: readonly RateLimitWindow[] | undefined;
  /** The answer, once a step has decided it. */
  answer: Answer | undefined;
  /** The refusal or failure behind a problem answer, for the log. */
  error: HttpError | undefined;
}

/** An incoming request id is echoed only when it is short and plain: never a way to inject into logs or headers. */
const WELL_FORMED_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Shared by every request without a query string: the steps only read it. */
export const NO_QUERY: URLSearchParams = new URLSearchParams();

/** A fresh exchange for a request that has not been looked at yet; its headers start with `X-Request-Id`. */
export function createExchange(request: IncomingMessage, response: ServerResponse | undefined): Exchange {
  const incoming = request.headers['x-request-id'];
  const requestId = typeof incoming === 'string' && WELL_FORMED_REQUEST_ID.test(incoming) ? incoming : randomUUID();
  return {
    request,
    response,
    method: request.method ?? 'GET',
    started: performance.now(),
    requestId,
    headers: { 'X-Request-Id': requestId },
    path: '',
    query: NO_QUERY,
    routeId: undefined,
    key: undefined,
    build: undefined,
    match: undefined,
    resolved: undefined,
    representation: undefined,
    refund: undefined,
    rateLimit: undefined,
    answer: undefined,
    error: undefined,
  };
}
