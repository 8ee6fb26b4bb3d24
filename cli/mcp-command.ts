/**
 * `cardrewards mcp`: a Model Context Protocol server over stdio answering from a built tree, the
 * same answers as `cardrewards get`. Stdout carries the protocol, so nothing else may print there.
 */
import { resolve } from 'node:path';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { loadBuild } from '../gateway/build-source.ts';
import { createMcpServer } from './mcp/create-mcp-server.ts';

/** Serves the tree at `dist` until stdin closes. */
export async function mcp(options: { readonly dist: string }): Promise<void> {
  const server = createMcpServer(loadBuild(resolve(options.dist)));
  await server.connect(new StdioServerTransport());
}
