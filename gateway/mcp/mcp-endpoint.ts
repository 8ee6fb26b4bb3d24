/**
 * `/mcp`: the MCP tools over the Streamable HTTP transport, stateless (no `sessionIdGenerator`):
 * every POST is answered on its own by a fresh server and transport, so any gateway process or
 * worker can take any request and nothing is kept between them. Answers are plain JSON
 * (`enableJsonResponse`): a tool answers at once, there is nothing to stream. GET (a stream for
 * server-initiated messages) and DELETE (ending a session) are 405, which the protocol allows.
 *
 * The HTTP request itself needs a valid `X-API-Key` (401 otherwise, as any keyed route): the
 * gateway's own authentication step, before any JSON-RPC is read. `initialize` and `tools/list`
 * then cost nothing; each tool call is authorised and counted as its route (`keyed-answer.ts`).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { createMcpServer } from '../../mcp/create-mcp-server.ts';
import type { ReadBuildFile } from '../answer-without-socket.ts';
import type { BuildSource } from '../build-source.ts';
import { HttpError, toHttpError } from '../http-error.ts';
import type { Logger } from '../logger.ts';
import type { Access } from '../request-steps.ts';
import { createExchange, type Exchange } from '../steps/exchange.ts';
import { answerProblem, logAccess, logFailure, RETRY_AFTER_UNAVAILABLE, setCorsHeaders } from '../steps/respond.ts';
import { createKeyedContexts } from './keyed-answer.ts';

export interface McpEndpointOptions {
  readonly corsOrigin: string;
  readonly builds: Pick<BuildSource, 'current'>;
  readonly access: Access;
  readonly read: ReadBuildFile;
  readonly logger: Logger;
}

const ALLOW = 'POST, OPTIONS';
/** A JSON-RPC message to this endpoint is small: a tool's arguments are a few slugs. */
const MAX_BODY_BYTES = 64 * 1024;
const PREFLIGHT_HEADERS = {
  'Access-Control-Allow-Methods': ALLOW,
  'Access-Control-Allow-Headers': 'Content-Type, Accept, X-API-Key, X-Request-Id, Mcp-Protocol-Version, Mcp-Session-Id, Last-Event-ID',
  'Access-Control-Max-Age': '86400',
  Allow: ALLOW,
};

/** The `/mcp` handler. */
export function createMcpEndpoint({ corsOrigin, builds, access, read, logger }: McpEndpointOptions) {
  const logs = logger.isLevelEnabled('info');
  const contexts = createKeyedContexts({
    corsOrigin,
    builds,
    access,
    read,
    // Each tool call in the access log as the route request it became, with the /mcp request's id.
    observe: logs ? (reply) => logAccess(logger, reply.exchange, reply.kind === 'document' ? 200 : reply.problem.status, true) : undefined,
  });

  /** Writes a problem (401, 405, 503…) as the gateway writes every refusal. */
  const refuse = (exchange: Exchange, response: ServerResponse, error: HttpError): void => {
    answerProblem(exchange, error);
    logFailure(logger, exchange, error);
    const answer = exchange.answer;
    if (answer?.kind !== 'bytes') return;
    response.writeHead(answer.status, { ...exchange.headers, ...answer.headers });
    response.end(exchange.method === 'HEAD' ? undefined : answer.body);
  };

  const handle = async (exchange: Exchange, request: IncomingMessage, response: ServerResponse): Promise<void> => {
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
    const build = builds.current();
    if (build === undefined)
      throw new HttpError('build-unavailable', 'No data build is loaded yet.', { headers: { 'Retry-After': RETRY_AFTER_UNAVAILABLE } });
    const server = createMcpServer(contexts({ 'x-api-key': request.headers['x-api-key'], 'x-request-id': exchange.requestId }, build));
    const transport = new StreamableHTTPServerTransport({
      // No sessionIdGenerator: stateless.
      enableJsonResponse: true,
      maxRequestBodySize: MAX_BODY_BYTES,
    });
    // The server closes its transport; nothing is kept once the answer is sent (or the client left).
    response.once('close', () => void server.close().catch(() => undefined));
    await server.connect(transport);
    for (const [name, value] of Object.entries(exchange.headers)) response.setHeader(name, value);
    await transport.handleRequest(request, response);
  };

  return (request: IncomingMessage, response: ServerResponse): void => {
    const exchange = createExchange(request, response);
    exchange.routeId = 'mcp';
    setCorsHeaders(exchange, corsOrigin);
    exchange.headers['Access-Control-Expose-Headers'] += ', WWW-Authenticate';
    if (logs) response.once('close', () => logAccess(logger, exchange, response.statusCode, response.writableFinished));
    handle(exchange, request, response).catch((error: unknown) => {
      const failure = toHttpError(error);
      if (response.headersSent) {
        logFailure(logger, exchange, failure);
        response.destroy();
      } else refuse(exchange, response, failure);
    });
  };
}
