/** The MCP server over one way of answering requests: its tools and resources, with no transport (the caller connects one). */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { packageVersion } from '../tree/package-info.ts';
import { registerResources } from './resources.ts';
import { registerTools, type ToolContext } from './tools.ts';

/** A server answering through `context` (offline from a build, or the gateway with the caller's key). */
export function createMcpServer(context: ToolContext): McpServer {
  const server = new McpServer(
    { name: 'cardrewards', version: packageVersion() },
    {
      instructions:
        'Credit card rewards answers: which card to use at a merchant, MCC or website, portal and offer stacks, card details. Use search to find slugs and codes.',
    },
  );
  registerTools(server, context);
  registerResources(server, context);
  return server;
}
