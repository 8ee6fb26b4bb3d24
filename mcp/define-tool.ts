/**
 * How a tool is put on the server: its input shape (zod, which the SDK publishes as JSON Schema and
 * checks), its output schema (the JSON Schema of its answers, schemas/mcp.ts, published as it is),
 * and the caller's quota after the call on every result that reached the quota.
 */
import type { McpServer, ToolCallback } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ShapeOutput, ZodRawShapeCompat } from '@modelcontextprotocol/sdk/server/zod-compat.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { RATE_LIMIT_META, TOOL_CHARGES, type ToolName, toolOutputSchema } from '../schemas/mcp.ts';
import { type KeyedRouteId, keyedRoute, keyedTarget } from '../schemas/keyed-routes.ts';
import type { AnswerRequest, RateLimitWindow, RouteAnswer } from './route-answer.ts';
import type { SearchEntry } from './search-entries.ts';

/** What the tools need from whoever serves them. */
export interface ToolContext {
  /** The tool's one charged request: authorised and counted as the route it names (offline, nothing is counted). */
  readonly answer: AnswerRequest;
  /** Another document the same answer needs: authorised like `answer`, not counted again. */
  readonly follow: AnswerRequest;
  /** The search entries of the build answered from, read once per build. */
  readonly searchEntries: () => Promise<SearchEntry[] | undefined>;
  /** The build date, for answers that carry no date. */
  readonly buildDate: string;
}

/** One tool, ready to be added to a server. */
export type Tool = (server: McpServer, context: ToolContext) => void;

/**
 * The SDK takes an output schema as zod and publishes zod's JSON Schema of it; an object that
 * takes anything, carrying our JSON Schema as its metadata, publishes exactly our schema (zod merges
 * the metadata into its output). The SDK's own check on the server then only asks for an object:
 * the documents were checked against these schemas when they were built, and clients check them.
 */
function publishedAs(schema: object): z.ZodType {
  return z.looseObject({}).meta(schema as Record<string, unknown>);
}

/** `result` with the caller's quota windows after the call, when the call reached the quota (never offline). */
function withRateLimit(result: CallToolResult, windows: readonly RateLimitWindow[] | undefined): CallToolResult {
  if (windows === undefined) return result;
  return { ...result, _meta: { ...result._meta, [RATE_LIMIT_META]: { windows } } };
}

/** The route a tool is charged as, with the parameters and query of its request (`keyedTarget`'s arguments). */
export type ChargeRequest = (
  route: KeyedRouteId,
  params?: Readonly<Record<string, string>>,
  query?: Readonly<Record<string, string | undefined>>,
) => Promise<RouteAnswer>;

/**
 * What a tool runs with: the context's `follow` and search entries, and `charge` in place of
 * `answer`: the tool names the route it is charged as, one of its own (TOOL_CHARGES), never a path.
 */
export type ToolRun = Omit<ToolContext, 'answer'> & { readonly charge: ChargeRequest };

/** One tool: its name, description, input shape and what it does. */
export function defineTool<Shape extends ZodRawShapeCompat>(tool: {
  readonly name: ToolName;
  readonly description: string;
  readonly inputSchema: Shape;
  readonly run: (args: ShapeOutput<Shape>, context: ToolRun) => Promise<CallToolResult>;
}): Tool {
  const outputSchema = publishedAs(toolOutputSchema(tool.name));
  return (server, context) => {
    const run = async (args: ShapeOutput<Shape>): Promise<CallToolResult> => {
      // The quota as the tool's one charged request left it (a tool charges at most one).
      let windows: readonly RateLimitWindow[] | undefined;
      const charge: ChargeRequest = async (route, params = {}, query = {}) => {
        if (!TOOL_CHARGES[tool.name].includes(route))
          throw new Error(`tool ${tool.name} may not be charged as ${keyedRoute(route).path} (schemas/mcp.ts, TOOL_CHARGES)`);
        const reply = await context.answer(keyedTarget(route, params, query));
        windows = reply.rateLimit ?? windows;
        return reply;
      };
      const { answer: _answer, ...shared } = context;
      return withRateLimit(await tool.run(args, { ...shared, charge }), windows);
    };
    // The SDK's callback type is conditional on the shape, which TypeScript cannot resolve for a generic one.
    const callback = run as unknown as ToolCallback<Shape>;
    server.registerTool(tool.name, { description: tool.description, inputSchema: tool.inputSchema, outputSchema }, callback);
  };
}
