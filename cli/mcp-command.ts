/**
 * `cardrewards mcp`: a Model Context Protocol server over stdio answering from a built tree, the
 * same answers as `cardrewards get`. Stdout carries the protocol, so nothing else may print there.
 */
import { resolve } from 'node:path';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createMcpServer } from '../mcp/create-mcp-server.ts';
import { searchEntries } from '../mcp/search-entries.ts';
import { createOfflineAnswer, loadBuild } from '../gateway/open-gateway.ts';

/** Serves the tree at `dist` until stdin closes. */
export async function mcp(options: { readonly dist: string }): Promise<void> {
  const build = loadBuild(resolve(options.dist));
  const answer = createOfflineAnswer(build);
  // Offline nothing is counted: a tool's charged answer and the documents it follows are the same reads.
  const server = createMcpServer({
    answer,
    follow: answer,
    searchEntries: () => searchEntries(build, answer),
    buildDate: build.manifest.date,
  });
  await server.connect(new StdioServerTransport());
}
