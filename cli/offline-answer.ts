/**
 * The answer a request gets from a built tree, offline: the gateway's own request steps
 * (`gateway/request-steps.ts`, the same list the server runs) with access that admits every route
 * and counts nothing. `cardrewards get` prints it; `cardrewards mcp` wraps it in tool results.
 */
import type { IncomingMessage } from 'node:http';
import type { Build } from '../gateway/build-source.ts';
import { readTreeFile } from '../tree/tree-contract.ts';
import { HttpError, type ProblemDetails } from '../gateway/http-error.ts';
import { TIERS } from '../gateway/manifest.ts';
import { createRequestSteps } from '../gateway/request-steps.ts';
import { createExchange, type Exchange } from '../gateway/steps/exchange.ts';
import type { Quota } from '../gateway/steps/quota.ts';
import { runSteps } from '../gateway/steps/step.ts';

/** A document's bytes, or the problem details the gateway would answer; `exchange` says how it was resolved. */
export type OfflineAnswer =
  | { readonly kind: 'document'; readonly bytes: Buffer; readonly fileKey: string; readonly exchange: Exchange }
  | { readonly kind: 'problem'; readonly problem: ProblemDetails; readonly exchange: Exchange };

/** Offline: every key reaches every route (the top tier), and nothing is counted; `/api/usage` has no file to show. */
const OFFLINE_QUOTA: Quota = {
  count: () => undefined,
  putUsageHeaders: () => undefined,
  usage: (exchange) => {
    const route = exchange.match?.route;
    if (route?.dynamic === 'usage')
      throw new HttpError('not-found', `${route.path} is answered by the gateway from the caller's own counters; it has no file.`);
  },
};
const OFFLINE_KEY = { hash: '', tier: TIERS[TIERS.length - 1] ?? 'enterprise', name: 'offline', status: 'active', created: '' } as const;

/** Answers `target` (a path with its query) from `build` as the gateway would for a top-tier key. */
export function createOfflineAnswer(build: Build): (target: string) => Promise<OfflineAnswer> {
  const steps = createRequestSteps({
    corsOrigin: '*',
    builds: { current: () => build },
    access: {
      authenticate: (exchange) => {
        exchange.key = OFFLINE_KEY;
      },
      quota: OFFLINE_QUOTA,
    },
  });
  return async (target) => {
    const request = { url: target, method: 'GET', headers: {} } as unknown as IncomingMessage;
    const exchange = createExchange(request, undefined);
    await runSteps(steps, exchange);
    const answer = exchange.answer;
    if (answer?.kind === 'file') {
      const fileKey = answer.representation.key;
      return { kind: 'document', bytes: readTreeFile(answer.build.root, fileKey), fileKey, exchange };
    }
    const error = exchange.error ?? new HttpError('internal-error', 'No answer.');
    return { kind: 'problem', problem: error.toProblem(target.split('?')[0]), exchange };
  };
}
