/**
 * The MCP resources: the static MCC and merchant records (`cardrewards://mcc/{code}`,
 * `cardrewards://merchant/{slug}`), listed from the search index a page at a time, and the ranking
 * rules (`docs/ranking.md`, read from the package root when asked).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import {
  ErrorCode,
  ListResourcesRequestSchema,
  McpError,
  type ReadResourceResult,
  type Resource,
} from '@modelcontextprotocol/sdk/types.js';
import { packageRoot } from '../tree/package-info.ts';
import { createResourceListing, type ResourceListing, resourcePage } from './resource-list.ts';
import type { AnswerRequest } from './route-answer.ts';
import type { SearchEntry } from './search-entries.ts';
import { isStaticRecordEntry } from '../schemas/search-match.ts';
import type { ToolContext } from './tools.ts';

/** The protocol's error for a resource that does not exist (the SDK names no constant for it). */
export const RESOURCE_NOT_FOUND = -32002;

const RECORDS = [
  { kind: 'mcc', variable: 'code', description: 'A merchant category code: its description, group, merchants and best cards.' },
  { kind: 'merchant', variable: 'slug', description: 'A merchant: its MCC, domains and top card.' },
] as const;

const RANKING = {
  uri: 'cardrewards://docs/ranking.md',
  name: 'ranking',
  description: 'How cards are ranked: values, valuations, conditions and tie-breaks.',
  mimeType: 'text/markdown',
} as const satisfies Resource;

/** The static record at `path` as a JSON resource; a missing one is the protocol's resource-not-found error. */
async function readRecord(answer: AnswerRequest, uri: URL, path: string): Promise<ReadResourceResult> {
  const reply = await answer(path);
  if (reply.kind === 'problem') {
    if (reply.problem.status === 404) throw new McpError(RESOURCE_NOT_FOUND, `Resource not found: ${uri.href}`, { uri: uri.href });
    throw new Error(`${uri.href}: ${reply.problem.detail}`);
  }
  return { contents: [{ uri: uri.href, mimeType: 'application/json', text: reply.bytes.toString('utf8') }] };
}

/** A build's listing, made once per search index (the same array for every request on the build). */
const listings = new WeakMap<readonly SearchEntry[], ResourceListing>();
const NO_ENTRIES: readonly SearchEntry[] = Object.freeze([]);

function listingOf(entries: readonly SearchEntry[]): ResourceListing {
  let listing = listings.get(entries);
  if (listing === undefined) {
    listing = createResourceListing([
      RANKING,
      ...RECORDS.flatMap(({ kind, description }) =>
        entries
          // A record resource is a static file: a merchant outside the 1,540 static ones is found by search, not listed.
          .filter((entry) => entry.type === kind && isStaticRecordEntry(entry))
          .map((entry) => ({ uri: `cardrewards://${kind}/${entry.id}`, name: entry.name, description, mimeType: 'application/json' })),
      ),
    ]);
    listings.set(entries, listing);
  }
  return listing;
}

let rankingText: string | undefined;

/** Adds every resource to `server`: public documents, read through `follow` and never charged. */
export function registerResources(server: McpServer, context: ToolContext): void {
  for (const { kind, variable, description } of RECORDS) {
    // The records are listed by `resources/list` below, a page at a time, not by the template.
    const template = new ResourceTemplate(`cardrewards://${kind}/{${variable}}`, { list: undefined });
    server.registerResource(kind, template, { description, mimeType: 'application/json' }, (uri, variables) => {
      const value = String(variables[variable]);
      if (!/^[a-z0-9-]+$/.test(value)) throw new McpError(ErrorCode.InvalidParams, `${uri.href}: not a valid ${variable}`);
      return readRecord(context.follow, uri, `/api/${kind}/${value}.json`);
    });
  }
  const { uri, name, ...metadata } = RANKING;
  server.registerResource(name, uri, metadata, (asked) => {
    // The installed package's document: read once, on its first read.
    rankingText ??= readFileSync(join(packageRoot(), 'docs/ranking.md'), 'utf8');
    return { contents: [{ uri: asked.href, mimeType: RANKING.mimeType, text: rankingText }] };
  });
  // The SDK lists every resource in one answer (421 KB on the real data) and takes no cursor: this handler replaces its own.
  server.server.setRequestHandler(ListResourcesRequestSchema, async (request) =>
    resourcePage(listingOf((await context.searchEntries()) ?? NO_ENTRIES), request.params?.cursor),
  );
}
