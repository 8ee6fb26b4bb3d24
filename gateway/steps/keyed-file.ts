/**
 * Steps 9, 10 and 12 of a keyed request: resolve the file the route and query name (400/404, not
 * counted), answer a conditional request whose ETag still matches (304, not counted), and, once
 * the call is counted, answer with the file. What each of these costs the caller, and the usage
 * headers they carry, the quota's `settle` decides once the answer is known.
 */
import { RequestMemo } from '../bounded-map.ts';
import type { Build } from '../build/build-source.ts';
import { HttpError } from '../http-error.ts';
import type { Manifest, ManifestFile } from '../parse-manifest.ts';
import { pagingLinks } from '../build/paging-links.ts';
import { resolveFile, type ResolvedFile } from '../build/resolve-file.ts';
import type { RouteMatch } from '../build/router.ts';
import { isNotModified, type Representation, selectRepresentation } from '../http/serve-file.ts';
import type { Exchange } from './exchange.ts';
import { answerNotModified } from './respond.ts';

/** What a request target names in a build: the same for every request with that target. */
interface Resolution {
  readonly resolved: ResolvedFile;
  readonly entry: ManifestFile;
  /** The paging `Link` header, when the answer is a page. */
  readonly links: string | undefined;
}

/** Request targets resolved, per build. */
const resolutions = new WeakMap<Manifest, RequestMemo<Resolution>>();

/**
 * The resolution of the exchange's target, worked out once per build and raw request target (the URL as
 * sent: what it names depends on nothing else), so a repeated call skips resolving and the paging links.
 */
function resolutionOf(build: Build, exchange: Exchange): Resolution {
  let memo = resolutions.get(build.manifest);
  if (memo === undefined) {
    memo = new RequestMemo();
    resolutions.set(build.manifest, memo);
  }
  const target = exchange.request.url ?? '';
  const known = memo.get(target);
  if (known !== undefined) return known;
  const { route, params } = exchange.match as RouteMatch;
  const resolved = resolveFile(build.manifest, route, params, exchange.query);
  const entry = build.manifest.files[resolved.fileKey];
  if (entry === undefined) throw new HttpError('not-found', 'Not found.');
  // Shared by every request for the target: frozen, so no step can change another request's resolution.
  Object.freeze(resolved.values);
  const resolution: Resolution = Object.freeze({
    resolved: Object.freeze(resolved),
    entry,
    links: pagingLinks(build.manifest, resolved, exchange.path, exchange.query),
  });
  memo.set(target, resolution);
  return resolution;
}

/** Sets `exchange.resolved` and `exchange.representation`; a 400 or 404 here is not counted. */
export function resolveKeyedFile(exchange: Exchange): void {
  const resolution = resolutionOf(exchange.build as Build, exchange);
  exchange.resolved = resolution.resolved;
  exchange.representation = selectRepresentation(resolution.resolved.fileKey, resolution.entry, exchange.request.headers);
  exchange.headers['Cache-Control'] = 'private, no-cache';
  if (resolution.links !== undefined) exchange.headers['Link'] = resolution.links;
}

/** A 304 when `If-None-Match` still matches: not counted. */
export function answerIfNotModified(exchange: Exchange): void {
  const representation = exchange.representation as Representation;
  if (isNotModified(exchange.request.headers, representation.etag)) answerNotModified(exchange, representation.validators);
}

/** The last step: answer with the resolved file (the transport delivers it from disk, cache or origin). */
export function serveKeyedFile(exchange: Exchange): void {
  exchange.answer = { kind: 'file', build: exchange.build as Build, representation: exchange.representation as Representation };
}
