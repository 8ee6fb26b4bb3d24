/**
 * What one `/mcp` request may cost the gateway. Only a tool call is charged to the key's quota;
 * every other message (`initialize`, the listings, resource reads, `ping`) is free, so these bounds
 * are what keeps the free ones from costing more than they pay for. `docs/api.md` states them.
 */
import { HEADERS_TIMEOUT_MS } from '../server/server-timeouts.ts';

/** The bounds of one `/mcp` request, and of a key's and the process's share. */
export interface McpLimits {
  /** Bytes of a request body. */
  readonly bodyBytes: number;
  /** Milliseconds from the request's arrival to the end of its body. */
  readonly bodyTimeoutMs: number;
  /** JSON-RPC messages in one batch; a longer batch is refused before any is run. */
  readonly batchMessages: number;
  /** Bytes of a batch's answers: once reached, the messages left get an error and are not run. */
  readonly answerBytes: number;
  /** A key's free messages at once (its bucket's size)… */
  readonly freeBurst: number;
  /** …and how many it gets back a second. */
  readonly freePerSecond: number;
  /** `/mcp` requests one process works on at once (their bodies read): with `answerBytes`, the answers it can hold. */
  readonly inFlight: number;
}

/**
 * The limits served. A batch fits a key's burst, so no batch is refused for ever; a full walk of
 * the resource list (26 pages on the real data) and a client's start fit it too.
 */
export const MCP_LIMITS: McpLimits = Object.freeze({
  // A message is a tool name and a few slugs.
  bodyBytes: 64 * 1024,
  bodyTimeoutMs: HEADERS_TIMEOUT_MS,
  // The protocol dropped batches in 2025-06-18; clients of 2025-03-26 batch a few messages.
  batchMessages: 20,
  answerBytes: 1024 * 1024,
  freeBurst: 40,
  freePerSecond: 4,
  // 16 × 1 MB of answers at most, whatever the number of keys.
  inFlight: 16,
});
