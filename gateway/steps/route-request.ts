/** Step 2: the keyed route for the path, else 404. */
import type { Build } from '../build-source.ts';
import { HttpError } from '../http-error.ts';
import type { Exchange } from './exchange.ts';

/** The matched route and its path parameters; sets `exchange.routeId` for the access log. */
export function routeRequest(exchange: Exchange, build: Build) {
  const match = build.router.match(exchange.segments);
  if (match === undefined) throw new HttpError('not-found', `No resource at /${exchange.segments.join('/')}.`);
  exchange.routeId = match.route.id;
  return match;
}
