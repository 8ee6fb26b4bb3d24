/**
 * `cardrewards get '<path?query>'`: the document a request would get, read from a built tree
 * offline through the gateway's own request steps (`gateway/offline-answer.ts`), or the problem details it
 * would answer. `--explain` says on stderr which file answered and why.
 */
import { resolve } from 'node:path';
import { createOfflineAnswer, type Exchange, loadBuild } from '../gateway/open-gateway.ts';

export interface GetOptions {
  readonly dist: string;
  readonly explain?: boolean;
}

/** Prints the answer to `target` from the tree at `options.dist`; exit code 1 when the gateway would refuse it. */
export async function get(target: string, options: GetOptions): Promise<void> {
  const answer = await createOfflineAnswer(loadBuild(resolve(options.dist)))(target);
  if (answer.kind === 'document') {
    if (options.explain) console.error(`${target} → ${answer.fileKey}\n  ${explain(answer.exchange)}`);
    process.stdout.write(answer.bytes);
    return;
  }
  process.stdout.write(`${JSON.stringify(answer.problem)}\n`);
  if (options.explain) console.error(`${target} → ${answer.problem.status} ${answer.problem.code}`);
  process.exitCode = 1;
}

/** Why this file answered: a public file, or the route's own file, a parent domain's, or the route's fallback. */
function explain(exchange: Exchange): string {
  const route = exchange.match?.route;
  const resolved = exchange.resolved;
  if (route === undefined || resolved === undefined) return 'a public file: no key, never counted';
  const how = resolved.fallback
    ? 'no file for these parameters, so the route fallback'
    : route.variants.some((candidate) => candidate.lookup === 'domain-suffix')
      ? 'the domain, or its nearest parent domain that has a file'
      : 'the file its parameters name';
  return `route ${route.id} (${route.path}, tier ${route.tier}): ${how}`;
}
