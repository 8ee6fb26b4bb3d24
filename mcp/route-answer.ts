/**
 * What the MCP tools get for a request path, whoever answers it: `cardrewards get`'s offline steps
 * (`gateway/offline-answer.ts`) or the gateway's own steps with the caller's key
 * (`gateway/mcp/keyed-answer.ts`). The tools never know which.
 */
import type { RateLimitWindow } from '../schemas/mcp.ts';
import type { ProblemDetails } from '../schemas/problem-types.ts';

export type { RateLimitWindow };

/** A refusal's problem details, with what a tool error adds to the HTTP answer's headers. */
export interface ToolProblem extends ProblemDetails {
  /** 403: the tier the route needs. */
  readonly required_tier?: string;
  /** 429: the key's windows (as `RateLimit-Policy` and `RateLimit` state them) and `Retry-After` in seconds. */
  readonly rate_limit?: { readonly windows: readonly RateLimitWindow[]; readonly retry_after_seconds: number };
}

/**
 * A document's bytes, or the problem the gateway answers for the request; `rateLimit`: the key's
 * windows once the call was counted or refused (the RateLimit headers' state), absent where nothing
 * counts (offline) or the quota was not asked.
 */
export type RouteAnswer = (
  | { readonly kind: 'document'; readonly bytes: Buffer; readonly fileKey: string }
  | { readonly kind: 'problem'; readonly problem: ToolProblem }
) & { readonly rateLimit?: readonly RateLimitWindow[] };

/** Answers a request path with its query (`/api/compute/best-card?mcc=5411`). */
export type AnswerRequest = (target: string) => Promise<RouteAnswer>;
