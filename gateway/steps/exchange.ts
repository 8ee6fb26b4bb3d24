/** What the steps of one request found so far, for the next step and the access log. */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { KeyRecord } from '../key-registry.ts';

export interface Exchange {
  readonly request: IncomingMessage;
  readonly response: ServerResponse;
  readonly method: string;
  /** `performance.now()` when the request arrived. */
  readonly started: number;
  /** The client's well-formed `X-Request-Id`, or a new UUID: on the response, in the log and in problem details. */
  readonly requestId: string;
  segments: string[];
  query: URLSearchParams;
  routeId?: string;
  key?: KeyRecord;
}

/** An incoming request id is echoed only when it is short and plain: never a way to inject into logs or headers. */
const WELL_FORMED_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** A fresh exchange for a request that has not been looked at yet. */
export function createExchange(request: IncomingMessage, response: ServerResponse): Exchange {
  const incoming = request.headers['x-request-id'];
  return {
    request,
    response,
    method: request.method ?? 'GET',
    started: performance.now(),
    requestId: typeof incoming === 'string' && WELL_FORMED_REQUEST_ID.test(incoming) ? incoming : randomUUID(),
    segments: [],
    query: new URLSearchParams(),
  };
}
