/**
 * `cardrewards get '<path?query>'`: the document a request would get, read from a built tree
 * offline through the gateway's own request steps (`gateway/request-steps.ts`, the same list the
 * server runs) with access that admits every route and counts nothing, or the problem details it
 * would answer. `--explain` says on stderr which file answered and why.
 */
import { readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { join, resolve } from 'node:path';
import { loadBuild } from '../gateway/build-source.ts';
import { HttpError } from '../gateway/http-error.ts';
import { TIERS } from '../gateway/manifest.ts';
import { createRequestSteps } from '../gateway/request-steps.ts';
import { createExchange, type Exchange } from '../gateway/steps/exchange.ts';
import type { Quota } from '../gateway/steps/quota.ts';
import { runSteps } from '../gateway/steps/step.ts';

export interface GetOptions {
  readonly dist: string;
  readonly explain?: boolean;
}

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

/** Prints the answer to `target` from the tree at `options.dist`; exit code 1 when the gateway would refuse it. */
export async function get(target: string, options: GetOptions): Promise<void> {
  const build = loadBuild(resolve(options.dist));
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
  const request = { url: target, method: 'GET', headers: {} } as unknown as IncomingMessage;
  const exchange = createExchange(request, undefined);
  await runSteps(steps, exchange);
  const answer = exchange.answer;
  if (answer?.kind === 'file') {
    if (options.explain) console.error(`${target} → ${answer.representation.key}\n  ${explain(exchange)}`);
    process.stdout.write(readFileSync(join(answer.build.root, answer.representation.key)));
    return;
  }
  const error = exchange.error ?? new HttpError('internal-error', 'No answer.');
  process.stdout.write(`${JSON.stringify(error.toProblem(target.split('?')[0]))}\n`);
  if (options.explain) console.error(`${target} → ${error.status} ${error.code}`);
  process.exitCode = 1;
}

/** Why this file answered: a public file, or the route's own file, a parent domain's, or the route's fallback. */
function explain(exchange: Exchange): string {
  const route = exchange.match?.route;
  const resolved = exchange.resolved;
  if (route === undefined || resolved === undefined) return 'a public file: no key, never counted';
  const how =
    resolved.variant.fallback === resolved.fileKey
      ? 'no file for these parameters, so the route fallback'
      : route.variants.some((candidate) => candidate.lookup === 'domain-suffix')
        ? 'the domain, or its nearest parent domain that has a file'
        : 'the file its parameters name';
  return `route ${route.id} (${route.path}, tier ${route.tier}): ${how}`;
}
