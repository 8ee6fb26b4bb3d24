/** The JSON-RPC methods of `/mcp` as the gateway tells them apart: which one is charged, and their names and outcomes in the metrics. */
import { PROBLEM_TYPES } from '../../schemas/problem-types.ts';
import { TOOL_NAMES } from '../../schemas/mcp.ts';

/** The one method charged to the key's quota (as its route's call); every other message is free. */
export const CHARGED_METHOD = 'tools/call';

/** What the server answers or takes; any other method is `other` in the metrics, so a client cannot mint labels. */
const KNOWN_METHODS: ReadonlySet<string> = new Set([
  'initialize',
  'ping',
  'tools/list',
  CHARGED_METHOD,
  'resources/list',
  'resources/templates/list',
  'resources/read',
  'prompts/list',
  'completion/complete',
  'logging/setLevel',
  'notifications/initialized',
  'notifications/cancelled',
]);

/** `method` as the metrics name it: a known method, `other`, or `none` for a message without one (a response). */
export function methodLabel(method: unknown): string {
  if (typeof method !== 'string') return 'none';
  return KNOWN_METHODS.has(method) ? method : 'other';
}

/** A tool call's tool as the metrics name it: one of the server's tools, or `other`, so a client cannot mint labels. */
export function toolLabel(params: unknown): string {
  const name = typeof params === 'object' && params !== null ? (params as { name?: unknown }).name : undefined;
  return typeof name === 'string' && TOOL_NAMES.has(name) ? name : 'other';
}

/**
 * What became of a tool call, from its JSON-RPC result: `answered`, the problem code of a tool
 * error that carries one (`quota-exceeded`, `tier-too-low`, `not-found` …), or `refused` for one
 * the tool refused for its arguments. The codes are the gateway's own few, so the labels stay few.
 */
export function toolOutcome(result: unknown): string {
  const { isError, structuredContent } = (typeof result === 'object' && result !== null ? result : {}) as {
    isError?: unknown;
    structuredContent?: { code?: unknown };
  };
  if (isError !== true) return 'answered';
  const code = structuredContent?.code;
  return typeof code === 'string' && Object.hasOwn(PROBLEM_TYPES, code) ? code : 'refused';
}
