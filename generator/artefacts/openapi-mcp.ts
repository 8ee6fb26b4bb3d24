/**
 * The OpenAPI operation of `/mcp` (docs/api.md, "Assistants: `/mcp`"): one POST carrying one
 * JSON-RPC message of the Model Context Protocol. The document says what the endpoint is and how
 * it is charged; the tools themselves are listed by the protocol (`tools/list`), not here.
 */
import { toolChargesText } from '../../schemas/mcp.ts';

const JSON_RPC = {
  type: 'object',
  description: 'one JSON-RPC 2.0 message of the Model Context Protocol',
  required: ['jsonrpc'],
  properties: { jsonrpc: { const: '2.0' }, id: { type: ['string', 'integer'] }, method: { type: 'string' } },
} as const;

const problem = (description: string, headers?: object) => ({
  description,
  ...(headers ? { headers } : {}),
  content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
});

/** The `post` operation of `/mcp`. */
export const MCP_OPERATION = {
  operationId: 'mcp',
  tags: ['mcp'],
  summary: 'Model Context Protocol endpoint (Streamable HTTP, stateless), when the gateway runs with --mcp',
  description:
    'The MCP tools of `cardrewards mcp` for assistants: each POST carries one JSON-RPC message and is answered with one JSON document. ' +
    'The POST needs a valid X-API-Key (401 otherwise). initialize and tools/list cost nothing; each tools/call is authorised and counted ' +
    `as one call of the route it maps to (${toolChargesText()}), and its refusals (403, 429) are tool errors carrying ` +
    'the problem document, with required_tier or rate_limit. Every tool has an outputSchema and answers structuredContent; a result that ' +
    'reached the quota carries the windows left in _meta["cardrewards/rate_limit"]. Off unless the operator runs serve --mcp; while off, a POST here is 405.',
  security: [{ ApiKey: [] }],
  requestBody: { required: true, content: { 'application/json': { schema: JSON_RPC } } },
  responses: {
    200: { description: 'The JSON-RPC response', content: { 'application/json': { schema: JSON_RPC } } },
    202: { description: 'A notification or response from the client, accepted' },
    401: problem('Missing, unknown or revoked key', { 'WWW-Authenticate': { schema: { type: 'string' } } }),
    405: problem('Not POST, or the endpoint is off', { Allow: { schema: { type: 'string' } } }),
    503: problem('No build loaded, or the key store is unreachable', { 'Retry-After': { schema: { type: 'string' } } }),
  },
} as const;
