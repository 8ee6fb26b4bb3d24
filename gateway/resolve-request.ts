/**
 * What the gateway would answer for a request target, without a socket, a key or a store: the
 * same parsing, public-file lookup, routing and file resolution the request steps use. It is
 * what `cardrewards get` runs to inspect a built tree offline.
 */
import type { Build } from './build-source.ts';
import { HttpError } from './http-error.ts';
import type { ManifestRoute } from './manifest.ts';
import { resolveFile } from './resolve-file.ts';
import { parseRequestTarget } from './steps/normalise-request.ts';
import { publicFileKey } from './steps/public-files.ts';

export type Resolution =
  | { readonly kind: 'public'; readonly fileKey: string }
  | {
      readonly kind: 'keyed';
      readonly fileKey: string;
      readonly route: ManifestRoute;
      /** How the file was found: the variant's own file, a parent domain's, or the variant's fallback. */
      readonly how: 'file' | 'domain-suffix' | 'fallback';
    };

/** The file that answers `target`, or throws the `HttpError` the gateway would answer (never 401/403/429: no key is involved). */
export function resolveRequest(build: Build, target: string): Resolution {
  const { segments, query } = parseRequestTarget(target);
  const publicKey = publicFileKey(build, segments);
  if (publicKey !== undefined) return { kind: 'public', fileKey: publicKey };
  const match = build.router.match(segments);
  if (match === undefined) throw new HttpError('not-found', `No resource at /${segments.join('/')}.`);
  if (match.route.dynamic !== undefined)
    throw new HttpError('not-found', `${match.route.path} is answered by the gateway from the caller's own counters; it has no file.`);
  const { fileKey } = resolveFile(build.manifest, match.route, match.params, query);
  const variant = match.route.variants.find((candidate) => candidate.fallback === fileKey);
  const suffix = match.route.variants.some((candidate) => candidate.lookup === 'domain-suffix');
  return { kind: 'keyed', fileKey, route: match.route, how: variant !== undefined ? 'fallback' : suffix ? 'domain-suffix' : 'file' };
}
