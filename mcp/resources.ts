/**
 * The MCP resources: the static MCC and merchant records (`cardrewards://mcc/{code}`,
 * `cardrewards://merchant/{slug}`), listed from the search index, and the ranking rules
 * (`docs/ranking.md`, read from the package root when asked).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import { packageRoot } from '../tree/package-info.ts';
import type { AnswerRequest } from './route-answer.ts';
import type { ToolContext } from './tools.ts';

/** The static record at `path` as a JSON resource; a missing one is an MCP error the client sees. */
async function readRecord(answer: AnswerRequest, uri: URL, path: string): Promise<ReadResourceResult> {
  const reply = await answer(path);
  if (reply.kind === 'problem') throw new Error(`${uri.href}: ${reply.problem.detail}`);
  return { contents: [{ uri: uri.href, mimeType: 'application/json', text: reply.bytes.toString('utf8') }] };
}

/** One template per record kind, listing the records the search index names. */
function recordTemplate(server: McpServer, context: ToolContext, kind: 'mcc' | 'merchant', variable: 'code' | 'slug', what: string): void {
  const template = new ResourceTemplate(`cardrewards://${kind}/{${variable}}`, {
    list: async () => ({
      resources: ((await context.searchEntries()) ?? [])
        .filter((entry) => entry.type === kind)
        .map((entry) => ({ uri: `cardrewards://${kind}/${entry.id}`, name: entry.name, mimeType: 'application/json' })),
    }),
  });
  server.registerResource(kind, template, { description: what, mimeType: 'application/json' }, (uri, variables) => {
    const value = String(variables[variable]);
    if (!/^[a-z0-9-]+$/.test(value)) throw new Error(`${uri.href}: not a valid ${variable}`);
    return readRecord(context.follow, uri, `/api/${kind}/${value}.json`);
  });
}

/** Adds every resource to `server`: public documents, read through `follow` and never charged. */
export function registerResources(server: McpServer, context: ToolContext): void {
  recordTemplate(server, context, 'mcc', 'code', 'A merchant category code: its description, group, merchants and best cards.');
  recordTemplate(server, context, 'merchant', 'slug', 'A merchant: its MCC, domains and top card.');
  server.registerResource(
    'ranking',
    'cardrewards://docs/ranking.md',
    { description: 'How cards are ranked: values, valuations, conditions and tie-breaks.', mimeType: 'text/markdown' },
    (uri) => ({
      contents: [{ uri: uri.href, mimeType: 'text/markdown', text: readFileSync(join(packageRoot(), 'docs/ranking.md'), 'utf8') }],
    }),
  );
}
