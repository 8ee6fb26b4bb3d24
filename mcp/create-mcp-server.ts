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
        'Credit card rewards answers: which card to use at a merchant, MCC or website, portal and offer stacks, card details. Use search to find slugs and codes. ' +
        'A merchant or MCC answer is for paying in store unless channel is online; a website (domain) is online. ' +
        'For the cards a person already holds (one is enough, cards closed to applicants included) use best_of_my_cards. ' +
        'Every tool answers structuredContent that its outputSchema describes.',
    },
  );
  registerTools(server, context);
  registerResources(server, context);
  return server;
}
