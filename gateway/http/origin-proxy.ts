/**
 * Proxy mode: files are fetched from a private origin (where `dist/keyed` is published) instead
 * of the local disk, over a pool of kept-alive connections. It forwards with node:http itself:
 * http-proxy-3 (docs/benchmarks.md, "Proxy library") destroys the origin request whenever a
 * client leaves, so every client abort cost a new origin connection. Here a client that leaves
 * lets a small answer finish into the void, and its connection goes back to the pool.
 */
import {
  Agent,
  type ClientRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  request as httpRequest,
  type ServerResponse,
} from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { HttpError } from '../http-error.ts';
import type { Logger } from '../logger.ts';
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

/** Headers the client must not pass to the origin: credentials, forwarding claims, and hop-by-hop ones. */
const PRIVATE_REQUEST_HEADERS = new Set([
  'x-api-key',
  'authorization',
  'cookie',
  'x-forwarded-for',
  'forwarded',
  'host',
  'connection',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  // The representation is already chosen: the origin must send exactly that file.
  'accept-encoding',
  'if-none-match',
]);
/** Origin connections kept open for reuse, at most this many at a time. */
export const ORIGIN_MAX_SOCKETS = 64;
/** How long the origin may take to answer (and then between bytes) before the call fails with a 502. */
export const ORIGIN_TIMEOUT_MS = 10_000;
/** After a client left: an origin answer up to this size is read to its end so its connection is kept… */
const DRAINED_BYTES = 1024 * 1024;
/** …when it ends within this time; otherwise its connection is closed. */
const DRAIN_MS = 2_000;

/** Forwards file reads to `originUrl` (http or https) over kept-alive connections. */
export function createOriginProxy(originUrl: string, logger: Logger, timeoutMs = ORIGIN_TIMEOUT_MS): OriginProxy {
  const agentOptions = { keepAlive: true, maxSockets: ORIGIN_MAX_SOCKETS, maxFreeSockets: ORIGIN_MAX_SOCKETS, timeout: timeoutMs };
  const secure = originUrl.startsWith('https:');
  const agent = secure ? new HttpsAgent(agentOptions) : new Agent(agentOptions);
  const send = secure ? httpsRequest : httpRequest;
  return {
    forward(request, response, representation, headers) {
      const key = representation.key;
      return new Promise<void>((resolve, reject) => {
        let settled = false;
        const settle = (error?: HttpError) => {
          if (settled) return;
          settled = true;
          if (error === undefined) resolve();
          else reject(error);
        };
        const fail = (cause: unknown, detail = 'The data origin did not answer; retry shortly.') =>
          settle(new HttpError('origin-failed', detail, { headers: { 'Retry-After': '5' }, cause }));
        let clientLeft = false;
        let answer: IncomingMessage | undefined;
        const outgoing: ClientRequest = send(`${originUrl}/${key}`, {
          agent,
          method: request.method === 'HEAD' ? 'HEAD' : 'GET',
          headers: forwardedHeaders(request.headers),
        });
        outgoing.setTimeout(timeoutMs, () => outgoing.destroy(new Error(`origin timed out after ${timeoutMs} ms for ${key}`)));
        outgoing.on('error', (error: Error) => {
          if (clientLeft) return logger.debug({ err: error.message }, 'origin request dropped after the client left');
          fail(error);
        });
        // Registered first: a client that leaves before the end is no failure of ours.
        response.once('close', () => {
          if (response.writableFinished || settled) return settle();
          clientLeft = true;
          finishWithoutClient(outgoing, answer);
          settle();
        });
        outgoing.once('response', (origin: IncomingMessage) => {
          answer = origin;
          if (clientLeft) return;
          if (origin.statusCode !== 200) {
            // The origin's own error page is no answer of ours: drop it, log the status, answer 502.
            origin.resume();
            return fail(new Error(`origin answered ${origin.statusCode} for ${key}`), 'The data origin failed to answer; retry shortly.');
          }
          origin.once('close', () => {
            if (!origin.complete && !clientLeft)
              fail(new Error(`origin stopped after part of ${key}`), 'The data origin stopped in the middle of the answer.');
          });
          const length = origin.headers['content-length'];
          putRepresentationHeaders(headers, representation);
          if (length !== undefined) headers['Content-Length'] = length;
          response.writeHead(200, headers);
          origin.pipe(response);
        });
        outgoing.end();
      });
    },
    close: () => agent.destroy(),
  };
}

/** The client's request headers the origin may see. */
function forwardedHeaders(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const forwarded: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) if (!PRIVATE_REQUEST_HEADERS.has(name)) forwarded[name] = value;
  return forwarded;
}

/**
 * The client left before the end: reads the rest of the origin's answer (or all of it, once it comes)
 * so its connection returns to the pool, unless it is larger than `DRAINED_BYTES` or lasts past `DRAIN_MS`.
 */
function finishWithoutClient(outgoing: ClientRequest, answer: IncomingMessage | undefined): void {
  const timer = setTimeout(() => outgoing.destroy(), DRAIN_MS);
  const drain = (origin: IncomingMessage) => {
    origin.unpipe();
    if (!(Number(origin.headers['content-length']) <= DRAINED_BYTES)) return outgoing.destroy();
    origin.once('close', () => clearTimeout(timer));
    origin.resume();
  };
  if (answer === undefined) outgoing.once('response', drain);
  else if (answer.complete) clearTimeout(timer);
  else drain(answer);
}
