/**
 * The keyed-route table (schemas/keyed-routes.ts) is the one place a keyed path is written: the
 * generator's routes follow it, shared files are declared and checked, request targets are
 * rendered from it, and no other source file spells a keyed path.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defineRoute, type RouteDefinition } from '../generator/route.ts';
import { checkSharedFiles, renderOutput } from '../generator/route-runner.ts';
import { routes } from '../generator/routes/index.ts';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { defineTool, type ToolContext } from '../mcp/define-tool.ts';
import type { RouteAnswer } from '../mcp/route-answer.ts';
import { KEYED_ROUTES, type KeyedRouteId, keyedRoute, keyedTarget } from '../schemas/keyed-routes.ts';
import { TOOL_CHARGES, toolChargesText } from '../schemas/mcp.ts';
import { ROOT } from './helpers/cli.ts';

describe('the keyed-route table', () => {
  it('is what the generator derives, route for route and in order', () => {
    expect(routes.map((route) => route.id)).toEqual(KEYED_ROUTES.map((route) => route.id));
    for (const route of routes) {
      const { id, path, tier, params, variants, answer, servesFilesOf } = route;
      expect({ id, path, tier, params, variants, answer, servesFilesOf }).toEqual(keyedRoute(route.id));
    }
  });

  it('gives a route without variants its file from its path: a document, a list, pages, a file', () => {
    expect(keyedRoute('cards-detail').variants).toEqual([{ query: {}, optional: {}, file: 'keyed/api/cards/{id}.json' }]);
    expect(keyedRoute('issuers-list').variants).toEqual([{ query: {}, optional: {}, file: 'keyed/api/issuers.json' }]);
    expect(keyedRoute('offers-list').variants).toEqual([
      { query: {}, optional: { page: 'page' }, file: 'keyed/api/offers/page-{page}.json' },
    ]);
    expect(keyedRoute('export-csv').variants).toEqual([{ query: {}, optional: {}, file: 'keyed/api/export/dataset.csv' }]);
    expect(keyedRoute('usage').variants).toEqual([]);
  });

  it('renders request targets: path parameters encoded, query in the order given, undefined left out', () => {
    expect(keyedTarget('cards-detail', { id: 'amex-gold' })).toBe('/api/cards/amex-gold');
    expect(keyedTarget('compute-best-card', {}, { mcc: '5411', valuation: undefined, segment: 'personal' })).toBe(
      '/api/compute/best-card?mcc=5411&segment=personal',
    );
    expect(keyedTarget('cards-detail', { id: 'a/b?c' })).toBe('/api/cards/a%2Fb%3Fc');
    expect(keyedTarget('extension-recommend', {}, { domain: 'https://www.amazon.com/dp/B0?x=1&y=2' })).toBe(
      '/api/extension/recommend?domain=https%3A%2F%2Fwww.amazon.com%2Fdp%2FB0%3Fx%3D1%26y%3D2',
    );
  });
});

describe('files two routes share', () => {
  const detail = routes.find((route) => route.id === 'mcc-detail') as RouteDefinition;
  const copy = (servesFilesOf: readonly string[]): RouteDefinition =>
    ({ ...defineRoute('stats', { schema: {}, summary: 'a copy' }), variants: detail.variants, servesFilesOf }) as RouteDefinition;

  it('are declared: the real catalogue passes', () => {
    expect(() => checkSharedFiles(routes)).not.toThrow();
  });

  it('are refused when a route answers from another route’s file without saying so', () => {
    expect(() => checkSharedFiles([...routes, copy([])])).toThrow(/both write keyed\/api\/mcc\/\{code\}\.json|without servesFilesOf/);
  });

  it('are refused when declared but not shared', () => {
    const declared = { ...copy(['cards-detail']), variants: [{ query: {}, optional: {}, file: 'keyed/api/elsewhere.json' }] };
    expect(() => checkSharedFiles([...routes, declared])).toThrow(/declares servesFilesOf: \['cards-detail'\] but answers from none/);
  });

  it('are never derived by the route that serves them from another', () => {
    const served = copy(['mcc-detail']);
    checkSharedFiles([...routes, served]);
    expect(() => [...renderOutput(served, { params: { code: '5411' }, document: {} })]).toThrow(/serves from another route's files/);
  });
});

/** A tool result carrying the answer's document, as the tools answer (enough for the SDK's checks). */
const toolAnswerOf = (answer: RouteAnswer) => ({
  content: [{ type: 'text' as const, text: answer.kind === 'document' ? answer.bytes.toString('utf8') : answer.problem.detail }],
  ...(answer.kind === 'document' ? { structuredContent: JSON.parse(answer.bytes.toString('utf8')) } : {}),
});

/** A keyed route's path as a pattern: placeholders match one segment without a dot (public files end in .json). */
const keyedPatterns = KEYED_ROUTES.map((route) => ({
  id: route.id,
  pattern: new RegExp(`^${route.path.replace(/\{[^{}]+\}/g, '[^/.]+')}$`),
}));

/** Source files where a keyed path may be written: the table, the generator's route declarations, tests, docs and generated types. */
const ALLOWED = /^(schemas\/|generator\/routes\/|test\/|docs\/|lib\/)|client\/api-types\.ts$/;

describe('keyed paths in the source', () => {
  it('are written nowhere but the table, the route declarations, the tests and the docs', () => {
    const files = execFileSync('git', ['ls-files', '*.ts', '*.js'], { cwd: ROOT, encoding: 'utf8' })
      .split('\n')
      .filter((file) => file !== '' && !ALLOWED.test(file));
    const found: string[] = [];
    for (const file of files) {
      readFileSync(join(ROOT, file), 'utf8')
        .split('\n')
        .forEach((line, index) => {
          if (/^\s*(\*|\/\/|\/\*)/.test(line)) return;
          // A literal that starts a path, a path after an interpolated origin (`${base}/api/…`) or in markup (`<code>/api/…`).
          for (const match of line.matchAll(/['"`}>](\/api\/[^'"`\s<]*)/g)) {
            const path = (match[1] as string).replace(/\$\{[^}]*\}/g, 'x').split('?')[0] as string;
            const route = keyedPatterns.find(({ pattern }) => pattern.test(path));
            if (route) found.push(`${file}:${index + 1}: ${match[1]} (${route.id})`);
          }
        });
    }
    expect(found).toEqual([]);
  });
});

describe('what the MCP tools are charged as', () => {
  it("is written in the API document's text from the tool table, every tool with its routes", () => {
    const text = toolChargesText();
    for (const [name, ids] of Object.entries(TOOL_CHARGES)) {
      expect(text).toContain(`${name}: `);
      for (const id of ids) expect(text).toContain(keyedRoute(id).path);
    }
    expect(text).toContain('recommend_for_domain: /api/extension/recommend;');
    expect(text).toContain('compare_cards: /api/compute/best-card or /api/compute/earn-table;');
  });

  it('refuses a tool call that would be charged as a route its table does not name', async () => {
    const server = new McpServer({ name: 'test', version: '0' });
    const asked: string[] = [];
    const context: ToolContext = {
      answer: async (target) => {
        asked.push(target);
        return { kind: 'document', bytes: Buffer.from('{"query":"x","results":[]}'), fileKey: 'keyed/x.json' };
      },
      follow: async () => ({ kind: 'document', bytes: Buffer.from('{}'), fileKey: 'keyed/x.json' }),
      searchEntries: async () => [],
      buildDate: '2026-11-28',
    };
    const charging = (route: KeyedRouteId) =>
      defineTool({
        name: 'search',
        description: 'a test',
        inputSchema: {},
        run: async (_args, ctx) => toolAnswerOf(await ctx.charge(route)),
      });
    charging('programs-list')(server, context);
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: 'test', version: '0' });
    await client.connect(clientSide);
    const result = await client.callTool({ name: 'search', arguments: {} });
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toContain('may not be charged as /api/programs');
    expect(asked).toEqual([]);
    await client.close();
  });
});
