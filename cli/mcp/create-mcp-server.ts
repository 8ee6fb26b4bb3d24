/** The MCP server over a loaded build: its tools and resources, with no transport (the command connects one). */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Build } from '../../gateway/build-source.ts';
import { packageVersion } from '../../generator/package-info.ts';
import { createOfflineAnswer } from '../offline-answer.ts';
import { registerResources } from './resources.ts';
import { registerTools } from './tools.ts';

/** A server answering from `build` exactly as `cardrewards get` would. */
export function createMcpServer(build: Build): McpServer {
  const server = new McpServer(
    { name: 'cardrewards', version: packageVersion() },
    {
      instructions:
        'Credit card rewards answers from a local build: which card to use at a merchant, MCC or website, portal and offer stacks, card details. Use search to find slugs and codes.',
    },
  );
  const answer = createOfflineAnswer(build);
  registerTools(server, { answer, buildDate: build.manifest.date });
  registerResources(server, answer);
  return server;
}
