/**
 * Matches a normalised path against the manifest's keyed routes. Literal segments beat
 * parameters, so `/api/cards/{id}` never shadows a literal sibling such as `/api/cards/top`.
 */
import { placeholderOf } from '../schemas/path-template.ts';
import type { Manifest, ManifestRoute, ParamKind } from './parse-manifest.ts';

export interface RouteMatch {
  readonly route: ManifestRoute;
  /** Raw (decoded, not yet normalised) path parameter values. */
  readonly params: Readonly<Record<string, string>>;
}

export interface Router {
  match(segments: readonly string[]): RouteMatch | undefined;
}

/**
 * Only a domain may contain a dot: `/api/mcc/0000.json` is a missing static file (404), not an
 * MCC route with a malformed code. Other malformed values still match and get a 400 naming them.
 */
function fitsKind(kind: ParamKind | undefined, segment: string): boolean {
  return kind === 'domain' || !segment.includes('.');
}

type Part = { readonly literal: string } | { readonly param: string };

interface CompiledRoute {
  readonly route: ManifestRoute;
  readonly parts: readonly Part[];
}

/** Compiles the manifest's routes once per build. */
export function createRouter(manifest: Manifest): Router {
  const compiled: CompiledRoute[] = manifest.routes.map((route) => ({
    route,
    parts: route.path
      .split('/')
      .slice(1)
      .map((segment): Part => {
        const param = placeholderOf(segment);
        return param === undefined ? { literal: segment } : { param };
      }),
  }));
  // Most literal segments first, earliest literal first: a total, deterministic precedence.
  const rank = (route: CompiledRoute) => route.parts.map((part) => ('literal' in part ? '0' : '1')).join('');
  compiled.sort((a, b) => (rank(a) < rank(b) ? -1 : rank(a) > rank(b) ? 1 : 0));
  return {
    match(segments) {
      for (const { route, parts } of compiled) {
        if (parts.length !== segments.length) continue;
        const params: Record<string, string> = {};
        let ok = true;
        for (let i = 0; i < parts.length && ok; i++) {
          const part = parts[i] as Part;
          const segment = segments[i] as string;
          if ('literal' in part) ok = part.literal === segment;
          else if (segment.length === 0 || !fitsKind(route.params?.[part.param], segment)) ok = false;
          else params[part.param] = segment;
        }
        if (ok) return { route, params };
      }
      return undefined;
    },
  };
}
