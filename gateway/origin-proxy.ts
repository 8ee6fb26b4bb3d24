/**
 * Proxy mode: files are fetched from a private origin (where `dist/keyed` is published) instead
 * of the local disk. Built on http-proxy-3, the maintained rewrite of http-proxy with the same API
 * (docs/benchmarks.md, "Proxy library", has the measurement behind the choice). The proxy always
 * has an `error` listener: without one an upstream failure would crash the process.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createProxyServer } from 'http-proxy-3';
import { HttpError } from './http-error.ts';
import type { Logger } from './logger.ts';
import { representationHeaders, type Representation } from './serve-file.ts';

export interface OriginProxy {
  /**
   * Streams `<origin>/<representation.key>` to the client with the manifest's type, encoding and
   * ETag (a static origin knows neither that `x.json.br` is brotli JSON nor our validators);
   * rejects with a 502 `HttpError` when the origin fails before the response started.
   */
  forward(request: IncomingMessage, response: ServerResponse, representation: Representation): Promise<void>;
  close(): void;
}

/** Headers the client must not pass to the origin, and headers of the origin the gateway sets itself. */
const PRIVATE_REQUEST_HEADERS = ['x-api-key', 'authorization', 'cookie', 'x-forwarded-for', 'forwarded'];
const GATEWAY_RESPONSE_HEADERS = [
  'cache-control',
  'set-cookie',
  'access-control-allow-origin',
  'access-control-expose-headers',
  'vary',
  'content-type',
  'content-encoding',
  'etag',
];

export function createOriginProxy(originUrl: string, logger: Logger, timeoutMs = 10_000): OriginProxy {
  const proxy = createProxyServer({ changeOrigin: true, ignorePath: true, proxyTimeout: timeoutMs, timeout: timeoutMs, xfwd: false });
  proxy.on('error', (error: Error) => {
    // Reported per request through the callback below; this listener keeps a stray error from crashing the process.
    logger.debug({ err: error.message }, 'proxy error');
  });
  proxy.on('proxyRes', (proxyResponse: IncomingMessage) => {
    for (const name of GATEWAY_RESPONSE_HEADERS) delete proxyResponse.headers[name];
  });
  return {
    forward(request, response, representation) {
      for (const name of PRIVATE_REQUEST_HEADERS) delete request.headers[name];
      // The representation is already chosen: the origin must send exactly that file.
      delete request.headers['accept-encoding'];
      delete request.headers['if-none-match'];
      for (const [name, value] of Object.entries(representationHeaders(representation))) response.setHeader(name, value);
      response.setHeader('Content-Type', representation.type);
      if (representation.encoding !== undefined) response.setHeader('Content-Encoding', representation.encoding);
      const key = representation.key;
      return new Promise<void>((resolve, reject) => {
        response.once('close', () => resolve());
        proxy.web(request, response, { target: `${originUrl}/${key}` }, (error: Error) => {
          reject(new HttpError(502, 'The data origin did not answer; retry shortly.', { headers: { 'Retry-After': '5' }, cause: error }));
        });
      });
    },
    close: () => proxy.close(),
  };
}
