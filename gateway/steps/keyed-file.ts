/**
 * Steps 9, 10 and 12 of a keyed request: resolve the file the route and query name (400/404, not
 * counted), answer a conditional request whose ETag still matches (304, not counted), and, once
 * the call is counted, answer with the file.
 */
import type { Build } from '../build-source.ts';
import { HttpError } from '../http-error.ts';
import { pagingLinks } from '../paging-links.ts';
import { resolveFile, type ResolvedFile } from '../resolve-file.ts';
import type { RouteMatch } from '../router.ts';
import { isNotModified, type Representation, selectRepresentation } from '../serve-file.ts';
import type { Exchange } from './exchange.ts';
import type { Quota } from './quota.ts';
import { answerNotModified } from './respond.ts';
import type { Step } from './step.ts';

/** Sets `exchange.resolved` and `exchange.representation`; a refusal still tells the caller where its quota stands. */
export function createResolveFile(quota: Pick<Quota, 'putUsageHeaders'>): Step {
  return (exchange) => {
    const build = exchange.build as Build;
    const { route, params } = exchange.match as RouteMatch;
    let resolved: ResolvedFile;
    try {
      resolved = resolveFile(build.manifest, route, params, exchange.query);
      const entry = build.manifest.files[resolved.fileKey];
      if (entry === undefined) throw new HttpError('not-found', 'Not found.');
      exchange.resolved = resolved;
      exchange.representation = selectRepresentation(resolved.fileKey, entry, exchange.request.headers);
    } catch (error) {
      // A 400 or 404 is not counted; it still tells the caller where its quota stands.
      const pending = quota.putUsageHeaders(exchange);
      if (pending === undefined) throw error;
      return pending.then(() => {
        throw error;
      });
    }
    exchange.headers['Cache-Control'] = 'private, no-cache';
    const links = pagingLinks(build.manifest, resolved, exchange.path, exchange.query);
    if (links !== undefined) exchange.headers['Link'] = links;
  };
}

/** A 304 when `If-None-Match` still matches: not counted, with the caller's usage. */
export function createConditional(quota: Pick<Quota, 'putUsageHeaders'>): Step {
  return (exchange) => {
    const representation = exchange.representation as Representation;
    if (!isNotModified(exchange.request.headers, representation.etag)) return;
    const pending = quota.putUsageHeaders(exchange);
    if (pending === undefined) return answerNotModified(exchange, representation.validators);
    return pending.then(() => answerNotModified(exchange, representation.validators));
  };
}

/** The last step: answer with the resolved file (the transport delivers it from disk, cache or origin). */
export function serveKeyedFile(exchange: Exchange): void {
  exchange.answer = { kind: 'file', build: exchange.build as Build, representation: exchange.representation as Representation };
}
