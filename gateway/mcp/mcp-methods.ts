/** The JSON-RPC methods of `/mcp` as the gateway tells them apart: which one is charged, and their names in the metrics. */

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
