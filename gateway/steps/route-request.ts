/** Step 3, the build every later step reads (503 while none is loaded), and step 5, the keyed route for the path (else 404). */
import type { Build, BuildSource } from '../build/build-source.ts';
import { HttpError } from '../http-error.ts';
import type { Exchange } from './exchange.ts';
import { RETRY_AFTER_UNAVAILABLE } from './respond.ts';
import type { Step } from './step.ts';

/** Pins the build loaded now to the exchange: a request never mixes two builds. */
export function createCurrentBuild(builds: Pick<BuildSource, 'current'>): Step {
  return (exchange) => {
    const build = builds.current();
    if (build === undefined)
      throw new HttpError('build-unavailable', 'No data build is loaded yet.', { headers: { 'Retry-After': RETRY_AFTER_UNAVAILABLE } });
    exchange.build = build;
  };
}

/** Sets the matched route and its path parameters, and `routeId` for the access log. */
export function routeRequest(exchange: Exchange): void {
  const match = (exchange.build as Build).router.match(exchange.path);
  if (match === undefined) throw new HttpError('not-found', `No resource at /${exchange.path}.`);
  exchange.routeId = match.route.id;
  exchange.match = match;
}
