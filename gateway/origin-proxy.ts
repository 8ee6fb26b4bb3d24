/**
 * Proxy mode: files are fetched from a private origin (where `dist/keyed` is published) instead
 * of the local disk. Built on http-proxy-3, the maintained rewrite of http-proxy with the same API
 * (docs/benchmarks.md, "Proxy library", has the measurement behind the choice). The proxy always
 * has an `error` listener: without one an upstream failure would crash the process.
 */
import { Agent, type IncomingMessage, type ServerResponse } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { pipeline } from 'node:stream/promises';
import { createProxyServer } from 'http-proxy-3';
import { HttpError } from './http-error.ts';
import type { Logger } from './logger.ts';
import { putRepresentationHeaders, type Representation } from './serve-file.ts';

export interface OriginProxy {
  /**
   * Streams `<origin>/<representation.key>` to the client with the manifest's type, encoding and
   * ETag (a static origin knows neither that `x.json.br` is brotli JSON nor our validators);
   * rejects with a 502 `HttpError` when the origin fails or answers anything but 200: the
   * origin's status, headers and body never reach the client. `headers` are the ones the steps
   * gathered (CORS, request id, RateLimit…). Also rejects (502) when the origin fails or stalls
   * after its headers, so the body could not be delivered in full: the caller refunds the call and
   * cuts the connection. A client that leaves mid-body is no failure of ours: that resolves.
   */
  forward(
    request: IncomingMessage,
    response: ServerResponse,
    representation: Representation,
    headers: Record<string, string>,
  ): Promise<void>;
  close(): void;
}

/** Headers the client must not pass to the origin, and headers of the origin the gateway sets itself. */
const PRIVATE_REQUEST_HEADERS = ['x-api-key', 'authorization', 'cookie', 'x-forwarded-for', 'forwarded'];
/** Origin connections kept open for reuse, at most this many at a time. */
export const ORIGIN_MAX_SOCKETS = 64;
/** How long the origin may take to answer (and then between bytes) before the call fails with a 502. */
export const ORIGIN_TIMEOUT_MS = 10_000;

export function createOriginProxy(originUrl: string, logger: Logger, timeoutMs = ORIGIN_TIMEOUT_MS): OriginProxy {
  const agentOptions = { keepAlive: true, maxSockets: ORIGIN_MAX_SOCKETS, maxFreeSockets: ORIGIN_MAX_SOCKETS, timeout: timeoutMs };
  const agent = originUrl.startsWith('https:') ? new HttpsAgent(agentOptions) : new Agent(agentOptions);
  const proxy = createProxyServer({
    agent,
    changeOrigin: true,
    ignorePath: true,
    proxyTimeout: timeoutMs,
    timeout: timeoutMs,
    xfwd: false,
    selfHandleResponse: true,
  });
  proxy.on('error', (error: Error) => {
    // Reported per request through the callback below; this listener keeps a stray error from crashing the process.
    logger.debug({ err: error.message }, 'proxy error');
  });
  /** Per client response: what to do with the origin's response (the proxy has one event for all requests). */
  const pending = new WeakMap<ServerResponse, (origin: IncomingMessage) => void>();
  proxy.on('proxyRes', (origin: IncomingMessage, _request: IncomingMessage, response: ServerResponse) => pending.get(response)?.(origin));
  return {
    forward(request, response, representation, headers) {
      for (const name of PRIVATE_REQUEST_HEADERS) delete request.headers[name];
      // The representation is already chosen: the origin must send exactly that file.
      delete request.headers['accept-encoding'];
      delete request.headers['if-none-match'];
      const key = representation.key;
      return new Promise<void>((resolve, reject) => {
        const fail = (cause: unknown, detail = 'The data origin did not answer; retry shortly.') =>
          reject(new HttpError('origin-failed', detail, { headers: { 'Retry-After': '5' }, cause }));
        pending.set(response, (origin) => {
          if (origin.statusCode !== 200) {
            // The origin's own error page is no answer of ours: drop it, log the status, answer 502.
            origin.resume();
            return fail(new Error(`origin answered ${origin.statusCode} for ${key}`), 'The data origin failed to answer; retry shortly.');
          }
          const length = origin.headers['content-length'];
          // Registered before the pipeline's own listeners: which side closed first decides whose failure it is.
          let clientLeft = false;
          let originFailed = false;
          origin.once('aborted', () => {
            originFailed = true;
          });
          origin.once('error', () => {
            if (!clientLeft) originFailed = true;
          });
          // The proxy's own timeout on a stalled answer also closes the client's socket: that is the origin's failure, not the client leaving.
          let timedOut = false;
          request.socket.once('timeout', () => {
            timedOut = true;
          });
          response.once('close', () => {
            if (!response.writableFinished && !originFailed && !timedOut) clientLeft = true;
          });
          putRepresentationHeaders(headers, representation);
          if (length !== undefined) headers['Content-Length'] = length;
          response.writeHead(200, headers);
          pipeline(origin, response).then(resolve, (error: unknown) =>
            clientLeft ? resolve() : fail(error, 'The data origin stopped in the middle of the answer.'),
          );
        });
        proxy.web(request, response, { target: `${originUrl}/${key}` }, (error: Error) => fail(error));
      });
    },
    close: () => {
      proxy.close();
      agent.destroy();
    },
  };
}
