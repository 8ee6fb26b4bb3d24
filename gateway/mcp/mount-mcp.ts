/**
 * The hook that puts `/mcp` on the gateway when `--mcp` is on. The MCP SDK is imported the first
 * time it is needed, so a gateway without `/mcp` (the default) never loads it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { MCP_PATH } from '../../schemas/mcp.ts';
import type { McpEndpointOptions } from './mcp-endpoint.ts';

/** Takes requests for `/mcp` (true) and lets every other request through (false). */
export type McpMount = (request: IncomingMessage, response: ServerResponse) => boolean;

/** The mount over the endpoint's options; the endpoint module is loaded on the first request for it. */
export function mountMcp(options: McpEndpointOptions): McpMount {
  let endpoint: Promise<(request: IncomingMessage, response: ServerResponse) => void> | undefined;
  return (request, response) => {
    // Exactly the path, with or without a query.
    const url = request.url ?? '';
    if (url !== MCP_PATH && !url.startsWith(`${MCP_PATH}?`)) return false;
    endpoint ??= import('./mcp-endpoint.ts').then((module) => module.createMcpEndpoint(options));
    endpoint.then(
      (handle) => handle(request, response),
      (error: unknown) => {
        options.logger.error({ err: error }, 'the MCP endpoint could not be loaded');
        response.writeHead(500).end();
      },
    );
    return true;
  };
}
