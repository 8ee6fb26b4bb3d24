/** The MCP server over one way of answering requests: its tools and resources, with no transport (the caller connects one). */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { packageVersion } from '../tree/package-info.ts';
import { registerResources } from './resources.ts';
import { registerTools, type ToolContext } from './tools.ts';

/**
 * What every server shares: the gateway makes one server per `/mcp` request, and the SDK would build
 * a new Ajv for each (it validates only elicitation answers, which these servers never ask for) and
 * the version would be read from package.json each time.
 */
let shared: { readonly version: string; readonly jsonSchemaValidator: AjvJsonSchemaValidator } | undefined;

/** A server answering through `context` (offline from a build, or the gateway with the caller's key). */
export function createMcpServer(context: ToolContext): McpServer {
  shared ??= { version: packageVersion(), jsonSchemaValidator: new AjvJsonSchemaValidator() };
  const server = new McpServer(
    { name: 'cardrewards', version: shared.version },
    {
      jsonSchemaValidator: shared.jsonSchemaValidator,
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
