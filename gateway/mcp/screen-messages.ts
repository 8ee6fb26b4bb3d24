/**
 * What the gateway checks in a `/mcp` body before the MCP server sees it: that it is JSON, that a
 * batch is not longer than the limit and names each request once, and how many of its messages are
 * free (not a tool call), which the key's allowance pays for.
 */
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { HttpError } from '../http-error.ts';
import { CHARGED_METHOD } from './mcp-methods.ts';

/** A body the MCP server may take, or the JSON-RPC error the transport would answer for it (a 400). */
export type Screened =
  | { readonly kind: 'messages'; readonly body: unknown; readonly free: number }
  | { readonly kind: 'invalid'; readonly code: number; readonly message: string };

/** Screens `bytes`; a batch of more than `batchMessages` messages is a 413 problem (thrown). */
export function screenMessages(bytes: Buffer, batchMessages: number): Screened {
  let body: unknown;
  try {
    body = JSON.parse(bytes.toString('utf8'));
  } catch {
    return { kind: 'invalid', code: ErrorCode.ParseError, message: 'Parse error: Invalid JSON' };
  }
  const messages: unknown[] = Array.isArray(body) ? body : [body];
  if (messages.length > batchMessages)
    throw new HttpError(
      'request-too-large',
      `A batch of ${messages.length} messages; /mcp takes at most ${batchMessages} messages a request. Send them in several requests.`,
    );
  const ids = new Set<unknown>();
  let free = 0;
  for (const message of messages) {
    const { id, method } = (typeof message === 'object' && message !== null ? message : {}) as { id?: unknown; method?: unknown };
    if (method !== CHARGED_METHOD) free++;
    if (id === undefined || typeof method !== 'string') continue;
    // Answers are matched to requests by id: two requests with one id could not both be answered.
    if (ids.has(id))
      return { kind: 'invalid', code: ErrorCode.InvalidRequest, message: `Invalid Request: the id ${JSON.stringify(id)} is used twice` };
    ids.add(id);
  }
  return { kind: 'messages', body, free };
}
