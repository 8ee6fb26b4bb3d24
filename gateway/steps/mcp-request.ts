/**
 * Step 1 for `/mcp` when the gateway serves it (`--mcp`): the MCP endpoint takes POST (the
 * Streamable HTTP transport, stateless) and its CORS preflight; GET (a stream for
 * server-initiated messages) and DELETE (ending a session) are 405, which the protocol allows.
 * The later steps treat it as any request (the build, the key); `request-steps.ts` hands it to the
 * endpoint once the key is known.
 */
import { MCP_PATH } from '../../schemas/mcp.ts';
import { HttpError } from '../http-error.ts';
import type { Exchange } from './exchange.ts';

/** The methods `/mcp` takes. */
const MCP_ALLOW = 'POST, OPTIONS';

const MCP_PREFLIGHT_HEADERS = Object.freeze({
  'Access-Control-Allow-Methods': MCP_ALLOW,
  'Access-Control-Allow-Headers': 'Content-Type, Accept, X-API-Key, X-Request-Id, Mcp-Protocol-Version, Mcp-Session-Id, Last-Event-ID',
  'Access-Control-Max-Age': '86400',
  Allow: MCP_ALLOW,
});

/** The id `/mcp` requests have in the access log and the metrics. */
export const MCP_ROUTE_ID = 'mcp';

/** True for exactly the path `/mcp`, with or without a query. */
export function isMcpTarget(url: string | undefined): boolean {
  return url === MCP_PATH || (url?.startsWith(`${MCP_PATH}?`) ?? false);
}

/** Marks the exchange as the `/mcp` request it is: `preflight` for OPTIONS, `request` for a POST, else a 405 naming POST. */
export function normaliseMcpRequest(exchange: Exchange): 'preflight' | 'request' {
  exchange.routeId = MCP_ROUTE_ID;
  exchange.headers['Access-Control-Expose-Headers'] += ', WWW-Authenticate';
  if (exchange.method === 'OPTIONS') return 'preflight';
  if (exchange.method !== 'POST') {
    const detail = `Method ${exchange.method} is not allowed on /mcp; use POST (the Streamable HTTP transport, stateless).`;
    throw new HttpError('method-not-allowed', detail, { headers: { Allow: MCP_ALLOW } });
  }
  // Until the endpoint has read the body, an answer (a refusal) closes the connection rather than read on.
  exchange.headers['Connection'] = 'close';
  exchange.path = MCP_PATH.slice(1);
  return 'request';
}

/** The answer to a CORS preflight of `/mcp`. */
export function answerMcpPreflight(exchange: Exchange): void {
  exchange.answer = { kind: 'empty', status: 204, headers: MCP_PREFLIGHT_HEADERS };
}
