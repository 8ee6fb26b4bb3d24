/**
 * `/mcp`: the MCP tools over the Streamable HTTP transport, stateless (no `sessionIdGenerator`):
 * every POST is answered on its own by a fresh server and transport, so any gateway process or
 * worker can take any request and nothing is kept between them. Answers are plain JSON
 * (`enableJsonResponse`): a tool answers at once, there is nothing to stream.
 *
 * The request reaches the endpoint through the gateway's own request steps (`steps/mcp-request.ts`
 * for the method and the preflight, then the build and the key: 401 before any byte of the body is
 * read), and every refusal here is written by the gateway's writer. Each tool call is then
 * authorised and counted as its route (`keyed-answer.ts`); every other message is free, and paid
 * for by the bounds of `mcp-limits.ts`: the body's size and time, the batch's length and answer
 * bytes, the key's allowance of free messages and the process's requests at once.
 */
import { performance } from 'node:perf_hooks';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { createMcpServer } from '../../mcp/create-mcp-server.ts';
import type { BuildSource, Build } from '../build/build-source.ts';
import { HttpError } from '../http-error.ts';
import type { Logger } from '../logger.ts';
import type { Metrics } from '../server/metrics.ts';
import type { ReadBuildFile } from '../steps/answer-without-socket.ts';
import type { Answer, Exchange, HandOver } from '../steps/exchange.ts';
import { logAccess } from '../steps/respond.ts';
import type { Access } from '../steps/request-steps.ts';
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

/** Seconds to wait when the process is busy with other `/mcp` requests: they take milliseconds. */
const RETRY_AFTER_BUSY = '1';

/** The `/mcp` hand-over: answers a POST whose key the request steps authenticated, on its socket. */
export function createMcpEndpoint({ corsOrigin, builds, access, read, logger, metrics, limits: shortened }: McpEndpointOptions): HandOver {
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
  const observeToolCall = metrics === undefined ? () => undefined : metrics.observeMcpToolCall.bind(metrics);

  /** A body the transport would refuse (not JSON, an id twice) answered as it answers: a JSON-RPC error, 400. */
  const jsonRpcError = (code: number, message: string): Answer => {
    const body = Buffer.from(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
    return { kind: 'bytes', status: 400, headers: { 'Content-Type': 'application/json', 'Content-Length': String(body.length) }, body };
  };

  return async (exchange: Exchange): Promise<Answer | undefined> => {
    const request = exchange.request;
    const response = exchange.response;
    if (response === undefined) throw new Error('/mcp is answered on a socket only');
    const body = await readBody(request, limits, exchange.started);
    // The body is read: an answer from here on keeps the connection.
    delete exchange.headers['Connection'];
    const screened = screenMessages(body, limits.batchMessages);
    if (screened.kind === 'invalid') return jsonRpcError(screened.code, screened.message);
    const leave = admission.enter();
    if (leave === undefined)
      throw new HttpError('mcp-busy', `This process is answering ${limits.inFlight} /mcp requests, the most it takes at once.`, {
        headers: { 'Retry-After': RETRY_AFTER_BUSY },
      });
    try {
      // The key was authenticated by the request steps: its hash names its allowance.
      const wait = admission.takeFree(exchange.key?.hash ?? '', screened.free, performance.now());
      if (wait > 0)
        throw new HttpError(
          'rate-limited',
          `${screened.free} free messages (not tool calls) are more than this key has left: ${limits.freeBurst} at once, then ${limits.freePerSecond} a second.`,
          { headers: { 'Retry-After': String(wait) } },
        );
      const build = exchange.build as Build;
      const server = createMcpServer(contexts({ 'x-api-key': request.headers['x-api-key'], 'x-request-id': exchange.requestId }, build));
      // No sessionIdGenerator: stateless. The body is read and parsed above.
      const transport = new StreamableHTTPServerTransport({ enableJsonResponse: true });
      // The server closes its transport; nothing is kept once the answer is sent (or the client left).
      response.once('close', () => void server.close().catch(() => undefined));
      await server.connect(transport);
      paceMessages(transport, limits.answerBytes, observeMessage, observeToolCall);
      for (const [name, value] of Object.entries(exchange.headers)) response.setHeader(name, value);
      await transport.handleRequest(request, response, screened.body);
      return undefined;
    } finally {
      leave();
    }
  };
}
