/**
 * The request path as one ordered list of steps (`step.ts` has their one shape). The
 * gateway runs it for every request on a socket; `cardrewards get` runs the same list offline,
 * with access that admits every route and counts nothing.
 *
 * CORS headers first (every answer carries them), then the numbered steps the step modules name:
 *   1 normalise (400/405/414, preflight) → 2 built-in paths → 3 current build (503) → 4 public
 *   files → 5 route (404) → 6 authenticate (401) → 7 authorise tier (403) → 8 usage → 9 resolve
 *   file (400/404) → 10 conditional (304, not counted) → 11 count (429, refused calls not
 *   counted) → 12 serve; then, once the answer is decided, the quota's `settle` (usage headers on an
 *   uncounted answer, a refund when a counted one fails). With `--mcp`, `/mcp` takes its step 1 from
 *   `mcp-request.ts` (POST and its preflight), is not routed (5), and after 6 is handed over to the endpoint.
 */
import type { BuildSource } from '../build/build-source.ts';
import { createBuiltInRoutes, type ReadinessStore } from './built-in-routes.ts';
import { authoriseTier } from './authorise-tier.ts';
import { answerIfNotModified, resolveKeyedFile, serveKeyedFile } from './keyed-file.ts';
import { normaliseRequest } from './normalise-request.ts';
import { servePublic } from './public-files.ts';
import type { Quota } from './quota.ts';
import { answerPreflight, setCorsHeaders } from './respond.ts';
import { createCurrentBuild, routeRequest } from './route-request.ts';
import type { HandOver } from './exchange.ts';
import { answerMcpPreflight, isMcpTarget, MCP_ROUTE_ID, normaliseMcpRequest } from './mcp-request.ts';
import type { Step } from './step.ts';

/** Who may call and what a call costs: the key and quota steps (the store's, or `get`'s offline ones). */
export interface Access {
  readonly authenticate: Step;
  readonly quota: Quota;
}

export interface RequestStepsOptions {
  readonly corsOrigin: string;
  readonly builds: Pick<BuildSource, 'current'>;
  /** What `/readyz` asks; `get` has no store and answers no built-in path. */
  readonly readiness?: ReadinessStore | undefined;
  readonly access: Access;
  /** `/mcp` (`--mcp`): its requests run these steps up to the key, then are handed to the endpoint. */
  readonly mcp?: HandOver | undefined;
}

/** The request path: its ordered steps and the after-phase that settles what the call costs. */
export interface RequestSteps {
  readonly steps: readonly Step[];
  /** The access's `quota.settle`: run once the steps decided the answer, and again if writing or reading it fails. */
  readonly settle: Quota['settle'];
}

/** The ordered steps of the request path, and their after-phase. */
export function createRequestSteps({ corsOrigin, builds, readiness, access, mcp }: RequestStepsOptions): RequestSteps {
  const { authenticate, quota } = access;
  const steps: Step[] = [(exchange) => setCorsHeaders(exchange, corsOrigin)];
  if (mcp === undefined)
    steps.push((exchange) => {
      if (normaliseRequest(exchange) === 'preflight') answerPreflight(exchange);
    });
  else
    steps.push((exchange) => {
      const toMcp = isMcpTarget(exchange.request.url);
      if ((toMcp ? normaliseMcpRequest(exchange) : normaliseRequest(exchange)) === 'preflight')
        (toMcp ? answerMcpPreflight : answerPreflight)(exchange);
    });
  if (readiness !== undefined) steps.push(createBuiltInRoutes(builds as BuildSource, readiness));
  steps.push(createCurrentBuild(builds), servePublic);
  if (mcp === undefined) steps.push(routeRequest, authenticate);
  else
    steps.push(
      (exchange) => (exchange.routeId === MCP_ROUTE_ID ? undefined : routeRequest(exchange)),
      authenticate,
      // The key is known: `/mcp` goes to its endpoint, which authorises and counts each tool call as its route.
      (exchange) => {
        if (exchange.routeId === MCP_ROUTE_ID) exchange.answer = { kind: 'handover', serve: mcp };
      },
    );
  steps.push(authoriseTier, quota.usage, resolveKeyedFile, answerIfNotModified, quota.count, serveKeyedFile);
  return { steps, settle: quota.settle };
}
