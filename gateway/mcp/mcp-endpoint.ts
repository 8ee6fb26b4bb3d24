/**
 * `/mcp`: the MCP tools over the Streamable HTTP transport, stateless (no `sessionIdGenerator`):
 * every POST is answered on its own by a fresh server and transport, so any gateway process or
 * worker can take any request and nothing is kept between them. Answers are plain JSON
 * (`enableJsonResponse`): a tool answers at once, there is nothing to stream. GET (a stream for
 * server-initiated messages) and DELETE (ending a session) are 405, which the protocol allows.
 *
 * The HTTP request itself needs a valid `X-API-Key` (401 otherwise, as any keyed route): the
 * gateway's own authentication step, before any byte of the body is read. Each tool call is then
 * authorised and counted as its route (`keyed-answer.ts`); every other message is free, and paid
 * for by the bounds of `mcp-limits.ts`: the body's size and time, the batch's length and answer
 * bytes, the key's allowance of free messages and the process's requests at once.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { createMcpServer } from '../../mcp/create-mcp-server.ts';
import type { ReadBuildFile } from '../steps/answer-without-socket.ts';
import type { Build, BuildSource } from '../build/build-source.ts';
import { HttpError, toHttpError } from '../http-error.ts';
import type { Logger } from '../logger.ts';
import type { Metrics } from '../server/metrics.ts';
import type { Access } from '../steps/request-steps.ts';
import { createExchange, type Exchange } from '../steps/exchange.ts';
import { answerProblem, logAccess, logFailure, setCorsHeaders } from '../steps/respond.ts';
import { createCurrentBuild } from '../steps/route-request.ts';
import { createKeyedContexts } from './keyed-answer.ts';
import { createAdmission } from './mcp-admission.ts';
import { MCP_LIMITS, type McpLimits } from './mcp-limits.ts';
import { paceMessages } from './pace-messages.ts';
import { readBody } from './read-body.ts';
import { screenMessages } from './screen-messages.ts';

export interface McpEndpointOptions {
  readonly corsOrigin: string;
  readonly builds: Pick<BuildSource, 'current'>;
  readonly access: Access;
  readonly read: ReadBuildFile;
  readonly logger: Logger;
  /** This process's counters for `/metrics`; none when metrics are off. */
  readonly metrics?: Metrics | undefined;
  /** Limits a test shortens; the rest are `MCP_LIMITS`. */
  readonly limits?: Partial<McpLimits> | undefined;
}

const ALLOW = 'POST, OPTIONS';
/** Seconds to wait when the process is busy with other `/mcp` requests: they take milliseconds. */
const RETRY_AFTER_BUSY = '1';
const PREFLIGHT_HEADERS = {
  'Access-Control-Allow-Methods': ALLOW,
  'Access-Control-Allow-Headers': 'Content-Type, Accept, X-API-Key, X-Request-Id, Mcp-Protocol-Version, Mcp-Session-Id, Last-Event-ID',
  'Access-Control-Max-Age': '86400',
  Allow: ALLOW,
};

/** The `/mcp` handler. */
export function createMcpEndpoint({ corsOrigin, builds, access, read, logger, metrics, limits: shortened }: McpEndpointOptions) {
  const limits: McpLimits = { ...MCP_LIMITS, ...shortened };
  const admission = createAdmission(limits);
  const logs = logger.isLevelEnabled('info');
  const contexts = createKeyedContexts({
    corsOrigin,
    builds,
    access,
    read,
    // Each tool call in the access log as the route request it became, with the /mcp request's id.
    observe: logs ? (reply) => logAccess(logger, reply.exchange, reply.kind === 'document' ? 200 : reply.problem.status, true) : undefined,
  });
  const observeMessage = metrics === undefined ? () => undefined : metrics.observeMcpMessage.bind(metrics);
  // Step 3 of the request steps: the build every tool call of this request reads (503 while none is loaded).
  const currentBuild = createCurrentBuild(builds);

  /** Writes a problem (401, 405, 408, 413, 429, 503…) as the gateway writes every refusal. */
  const refuse = (exchange: Exchange, response: ServerResponse, error: HttpError): void => {
    answerProblem(exchange, error);
    logFailure(logger, exchange, error);
    const answer = exchange.answer;
    if (answer?.kind !== 'bytes') return;
    response.writeHead(answer.status, { ...exchange.headers, ...answer.headers });
    response.end(exchange.method === 'HEAD' ? undefined : answer.body);
  };

  /** A body the transport would refuse (not JSON, an id twice) answered as it answers: a JSON-RPC error, 400. */
  const refuseJsonRpc = (exchange: Exchange, response: ServerResponse, code: number, message: string): void => {
    const body = Buffer.from(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
    response.writeHead(400, { ...exchange.headers, 'Content-Type': 'application/json', 'Content-Length': String(body.length) });
    response.end(body);
  };

  /** Answers the request; `progress.bodyRead` tells a refusal whether the connection can be kept. */
  const handle = async (exchange: Exchange, request: IncomingMessage, response: ServerResponse, progress: { bodyRead: boolean }) => {
    if (exchange.method === 'OPTIONS') {
      response.writeHead(204, { ...exchange.headers, ...PREFLIGHT_HEADERS });
      response.end();
      return;
    }
    if (exchange.method !== 'POST') {
      const detail = `Method ${exchange.method} is not allowed on /mcp; use POST (the Streamable HTTP transport, stateless).`;
      throw new HttpError('method-not-allowed', detail, { headers: { Allow: ALLOW } });
    }
    await access.authenticate(exchange);
    currentBuild(exchange);
    const build = exchange.build as Build;
    const body = await readBody(request, limits, exchange.started);
    progress.bodyRead = true;
    const screened = screenMessages(body, limits.batchMessages);
    if (screened.kind === 'invalid') return refuseJsonRpc(exchange, response, screened.code, screened.message);
    const leave = admission.enter();
    if (leave === undefined)
      throw new HttpError('mcp-busy', `This process is answering ${limits.inFlight} /mcp requests, the most it takes at once.`, {
        headers: { 'Retry-After': RETRY_AFTER_BUSY },
      });
    try {
      // The key was authenticated above: its hash names its allowance.
      const wait = admission.takeFree(exchange.key?.hash ?? '', screened.free, performance.now());
      if (wait > 0)
        throw new HttpError(
          'rate-limited',
          `${screened.free} free messages (not tool calls) are more than this key has left: ${limits.freeBurst} at once, then ${limits.freePerSecond} a second.`,
          { headers: { 'Retry-After': String(wait) } },
        );
      const server = createMcpServer(contexts({ 'x-api-key': request.headers['x-api-key'], 'x-request-id': exchange.requestId }, build));
      // No sessionIdGenerator: stateless. The body is read and parsed above.
      const transport = new StreamableHTTPServerTransport({ enableJsonResponse: true });
      // The server closes its transport; nothing is kept once the answer is sent (or the client left).
      response.once('close', () => void server.close().catch(() => undefined));
      await server.connect(transport);
      paceMessages(transport, limits.answerBytes, observeMessage);
      for (const [name, value] of Object.entries(exchange.headers)) response.setHeader(name, value);
      await transport.handleRequest(request, response, screened.body);
    } finally {
      leave();
    }
  };

  return (request: IncomingMessage, response: ServerResponse): void => {
    const exchange = createExchange(request, response);
    exchange.routeId = 'mcp';
    setCorsHeaders(exchange, corsOrigin);
    exchange.headers['Access-Control-Expose-Headers'] += ', WWW-Authenticate';
    response.once('close', () => {
      if (logs) logAccess(logger, exchange, response.statusCode, response.writableFinished);
      const status = response.writableFinished ? response.statusCode : 0;
      metrics?.observeRequest('mcp', exchange.key?.tier ?? 'none', status, (performance.now() - exchange.started) / 1000);
    });
    const progress = { bodyRead: false };
    handle(exchange, request, response, progress).catch((error: unknown) => {
      const failure = toHttpError(error);
      if (response.headersSent) {
        logFailure(logger, exchange, failure);
        response.destroy();
        return;
      }
      // A body left unread (refused before it, or cut off) is not read on: the connection closes with the answer.
      if (!progress.bodyRead && exchange.method === 'POST') exchange.headers['Connection'] = 'close';
      refuse(exchange, response, failure);
    });
  };
}
