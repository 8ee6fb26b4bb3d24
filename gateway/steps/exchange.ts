/** What the steps of one request found so far, for the next step and the access log. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { KeyRecord } from '../key-registry.ts';

export interface Exchange {
  readonly request: IncomingMessage;
  readonly response: ServerResponse;
  readonly method: string;
  /** `performance.now()` when the request arrived. */
  readonly started: number;
  segments: string[];
  query: URLSearchParams;
  routeId?: string;
  key?: KeyRecord;
}

/** A fresh exchange for a request that has not been looked at yet. */
export function createExchange(request: IncomingMessage, response: ServerResponse): Exchange {
  return {
    request,
    response,
    method: request.method ?? 'GET',
    started: performance.now(),
    segments: [],
    query: new URLSearchParams(),
  };
}
