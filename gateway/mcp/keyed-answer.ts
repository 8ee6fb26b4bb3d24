/**
 * The tools' context on the gateway, for one HTTP request to `/mcp`: each tool call becomes the
 * request of the route it maps to, run through the gateway's own request steps without a socket,
 * with the caller's `X-API-Key` and the real access (the store's keys and quota). So a call is
 * authorised and counted exactly like that route: 401, 403 and 429 are the route's, a 404 or a
 * 400 is not counted, and a file that cannot be read is refunded.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { AnswerRequest, RouteAnswer, ToolProblem } from '../../mcp/route-answer.ts';
import { searchEntries } from '../../mcp/search-entries.ts';
import type { ToolContext } from '../../mcp/tools.ts';
import { answerWithoutSocket, NO_QUOTA, OPEN_ACCESS, type ReadBuildFile, type SocketlessAnswer } from '../steps/answer-without-socket.ts';
import type { Build, BuildSource } from '../build/build-source.ts';
import { QuotaExceededError } from '../steps/quota.ts';
import { type Access, createRequestSteps, type RequestSteps } from '../steps/request-steps.ts';

export interface KeyedAnswerOptions {
  readonly corsOrigin: string;
  readonly builds: Pick<BuildSource, 'current'>;
  /** The gateway's own key and quota steps. */
  readonly access: Access;
  readonly read: ReadBuildFile;
  /** Told of each charged call once answered or refused (the access log). */
  readonly observe?: ((answer: SocketlessAnswer) => void) | undefined;
}

/** Makes the tool context of one `/mcp` request: `headers` carry its key and request id. */
export type KeyedContexts = (headers: IncomingHttpHeaders, build: Build) => ToolContext;

/** The request steps, made once: counted (a tool's answer), uncounted (what it follows), and open (the search index). */
export function createKeyedContexts({ corsOrigin, builds, access, read, observe }: KeyedAnswerOptions): KeyedContexts {
  const counted = createRequestSteps({ corsOrigin, builds, access });
  // Authorised by the same key and tier checks, but not charged again: one call, one charge.
  const uncounted = createRequestSteps({ corsOrigin, builds, access: { authenticate: access.authenticate, quota: NO_QUOTA } });
  // The search entries are the same for every key: read with open access, over steps made once per build (not per request).
  const openSteps = new WeakMap<Build, RequestSteps>();
  const openStepsOf = (build: Build): RequestSteps => {
    let steps = openSteps.get(build);
    if (steps === undefined) {
      steps = createRequestSteps({ corsOrigin, builds: { current: () => build }, access: OPEN_ACCESS });
      openSteps.set(build, steps);
    }
    return steps;
  };
  return (headers, build) => {
    const answer: AnswerRequest = async (target) => {
      const reply = await answerWithoutSocket(counted, target, headers, read);
      observe?.(reply);
      return toRouteAnswer(reply);
    };
    const follow: AnswerRequest = async (target) => toRouteAnswer(await answerWithoutSocket(uncounted, target, headers, read));
    const open = openStepsOf(build);
    return {
      answer,
      follow,
      searchEntries: () => searchEntries(build, async (target) => toRouteAnswer(await answerWithoutSocket(open, target, {}, read))),
      buildDate: build.manifest.date,
    };
  };
}

/** The tools' view of an answer: its quota windows, a 403 naming the tier needed, a 429 carrying the RateLimit headers' information. */
function toRouteAnswer(reply: SocketlessAnswer): RouteAnswer {
  const windows = reply.kind === 'problem' && reply.error instanceof QuotaExceededError ? reply.error.windows : reply.exchange.rateLimit;
  const rateLimit = windows === undefined ? {} : { rateLimit: windows };
  if (reply.kind === 'document') return { kind: 'document', bytes: reply.bytes, fileKey: reply.fileKey, ...rateLimit };
  // The /mcp request's id, as in its X-Request-Id header and the access log.
  const problem: ToolProblem = { ...reply.problem, request_id: reply.exchange.requestId };
  const route = reply.exchange.match?.route;
  if (reply.error.code === 'tier-too-low' && route !== undefined)
    return { kind: 'problem', problem: { ...problem, required_tier: route.tier }, ...rateLimit };
  if (reply.error instanceof QuotaExceededError)
    return {
      kind: 'problem',
      problem: { ...problem, rate_limit: { windows: reply.error.windows, retry_after_seconds: reply.error.retryAfterSeconds } },
      ...rateLimit,
    };
  return { kind: 'problem', problem, ...rateLimit };
}
