/**
 * The hand-over that puts `/mcp` on the gateway when `--mcp` is on: the request steps hand a `/mcp`
 * request to it once the key is known. The MCP SDK is imported the first time it is needed, so a
 * gateway without `/mcp` (the default) never loads it.
 */
import type { HandOver } from '../steps/exchange.ts';
import type { McpEndpointOptions } from './mcp-endpoint.ts';

/** The hand-over over the endpoint's options; the endpoint module is loaded on the first request for it. */
export function mountMcp(options: McpEndpointOptions): HandOver {
  let endpoint: Promise<HandOver> | undefined;
  return async (exchange) => {
    endpoint ??= import('./mcp-endpoint.ts').then((module) => module.createMcpEndpoint(options));
    return (await endpoint)(exchange);
  };
}
