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
 *   uncounted answer, a refund when a counted one fails).
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
}

/** The request path: its ordered steps and the after-phase that settles what the call costs. */
export interface RequestSteps {
  readonly steps: readonly Step[];
  /** The access's `quota.settle`: run once the steps decided the answer, and again if writing or reading it fails. */
  readonly settle: Quota['settle'];
}

/** The ordered steps of the request path, and their after-phase. */
export function createRequestSteps({ corsOrigin, builds, readiness, access }: RequestStepsOptions): RequestSteps {
  const { authenticate, quota } = access;
  const steps: Step[] = [
    (exchange) => setCorsHeaders(exchange, corsOrigin),
    (exchange) => {
      if (normaliseRequest(exchange) === 'preflight') answerPreflight(exchange);
    },
  ];
  if (readiness !== undefined) steps.push(createBuiltInRoutes(builds as BuildSource, readiness));
  steps.push(
    createCurrentBuild(builds),
    servePublic,
    routeRequest,
    authenticate,
    authoriseTier,
    quota.usage,
    resolveKeyedFile,
    answerIfNotModified,
    quota.count,
    serveKeyedFile,
  );
  return { steps, settle: quota.settle };
}
