/**
 * `cardrewards get '<path?query>'`: the document a request would get, read from a built tree
 * offline through the gateway's own resolution (`gateway/resolve-request.ts`), or the problem
 * details it would answer. `--explain` says on stderr which file answered and why.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadBuild } from '../gateway/build-source.ts';
import { HttpError } from '../gateway/http-error.ts';
import { resolveRequest } from '../gateway/resolve-request.ts';

export interface GetOptions {
  readonly dist: string;
  readonly explain?: boolean;
}

/** Prints the answer to `target` from the tree at `options.dist`; exit code 1 when the gateway would refuse it. */
export async function get(target: string, options: GetOptions): Promise<void> {
  const build = loadBuild(resolve(options.dist));
  try {
    const resolution = resolveRequest(build, target);
    if (options.explain) {
      const why =
        resolution.kind === 'public'
          ? 'a public file: no key, never counted'
          : `route ${resolution.route.id} (${resolution.route.path}, tier ${resolution.route.tier}): ${
              resolution.how === 'fallback'
                ? 'no file for these parameters, so the route fallback'
                : resolution.how === 'domain-suffix'
                  ? 'the domain, or its nearest parent domain that has a file'
                  : 'the file its parameters name'
            }`;
      console.error(`${target} → ${resolution.fileKey}\n  ${why}`);
    }
    process.stdout.write(readFileSync(join(build.root, resolution.fileKey)));
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    process.stdout.write(`${JSON.stringify(error.toProblem(target.split('?')[0]))}\n`);
    if (options.explain) console.error(`${target} → ${error.status} ${error.code}`);
    process.exitCode = 1;
  }
}
