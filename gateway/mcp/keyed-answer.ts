/**
 * The tools' context on the gateway, for one HTTP request to `/mcp`: each tool call becomes the
 * request of the route it maps to, run through the gateway's own request steps without a socket,
 * with the caller's `X-API-Key` and the real access (the store's keys and quota). So a call is
 * authorised and counted exactly like that route: 401, 403 and 429 are the route's, a 404 or a
 * 400 is not counted, and a file that cannot be read is refunded.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { AnswerRequest, RateLimitWindow, RouteAnswer, ToolProblem } from '../../mcp/route-answer.ts';
import { searchEntries } from '../../mcp/search-entries.ts';
import type { ToolContext } from '../../mcp/tools.ts';
import { answerWithoutSocket, NO_QUOTA, OPEN_ACCESS, type ReadBuildFile, type SocketlessAnswer } from '../steps/answer-without-socket.ts';
import type { Build, BuildSource } from '../build/build-source.ts';
import { type Access, createRequestSteps } from '../steps/request-steps.ts';

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
  return (headers, build) => {
    const answer: AnswerRequest = async (target) => {
      const reply = await answerWithoutSocket(counted, target, headers, read);
      observe?.(reply);
      return toRouteAnswer(reply);
    };
    const follow: AnswerRequest = async (target) => toRouteAnswer(await answerWithoutSocket(uncounted, target, headers, read));
    // The search entries are the same for every key: read once per build, with open access, whoever asks first.
    const open = createRequestSteps({ corsOrigin, builds: { current: () => build }, access: OPEN_ACCESS });
    return {
      answer,
      follow,
      searchEntries: () => searchEntries(build, async (target) => toRouteAnswer(await answerWithoutSocket(open, target, {}, read))),
      buildDate: build.manifest.date,
    };
  };
}

/** The tools' view of an answer: a 403 names the tier needed, a 429 carries the RateLimit headers' information. */
function toRouteAnswer(reply: SocketlessAnswer): RouteAnswer {
  if (reply.kind === 'document') return { kind: 'document', bytes: reply.bytes, fileKey: reply.fileKey };
  // The /mcp request's id, as in its X-Request-Id header and the access log.
  const problem: ToolProblem = { ...reply.problem, request_id: reply.exchange.requestId };
  const route = reply.exchange.match?.route;
  if (reply.error.code === 'tier-too-low' && route !== undefined)
    return { kind: 'problem', problem: { ...problem, required_tier: route.tier } };
  if (reply.error.code === 'quota-exceeded')
    return { kind: 'problem', problem: { ...problem, rate_limit: rateLimitOf(reply.error.headers) } };
  return { kind: 'problem', problem };
}

/**
 * The windows of `RateLimit-Policy` (`"daily";q=3;w=86400`) and `RateLimit` (`"daily";r=0;t=3600`)
 * as `rate-limit-headers.ts` writes them, and `Retry-After`.
 */
export function rateLimitOf(headers: Readonly<Record<string, string>>): NonNullable<ToolProblem['rate_limit']> {
  const items = (header: string | undefined) =>
    new Map(
      (header ?? '')
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean)
        .map((item): [string, Map<string, number>] => {
          const [name = '', ...parameters] = item.split(';');
          return [
            name.replace(/"/g, ''),
            new Map(parameters.map((parameter) => parameter.split('=') as [string, string]).map(([k, v]) => [k, Number(v)])),
          ];
        }),
    );
  const policies = items(headers['RateLimit-Policy']);
  const states = items(headers['RateLimit']);
  const windows: RateLimitWindow[] = [...policies].map(([name, policy]) => ({
    name,
    limit: policy.get('q') ?? 0,
    remaining: states.get(name)?.get('r') ?? 0,
    reset_seconds: states.get(name)?.get('t') ?? 0,
  }));
  return { windows, retry_after_seconds: Number(headers['Retry-After'] ?? 0) };
}
