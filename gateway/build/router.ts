/**
 * Matches a normalised path against the manifest's keyed routes. Literal segments beat
 * parameters, so `/api/cards/{id}` never shadows a literal sibling such as `/api/cards/top`.
 *
 * The routes are compiled once per build into a tree of segments. A match walks it one segment at
 * a time, trying the literal child before the parameter child and going back when a branch ends
 * without a route. So routes are tried literal-before-parameter segment by segment from the first
 * (the precedence above, total and deterministic), a request looks only at the branches its own
 * segments lead to, and parameter values are collected once, for the route that matched.
 *
 * A build's API is a few thousand paths, asked again and again: the router remembers the match of
 * the paths it matched last (a `RequestMemo`), so a repeated path costs one Map look-up. Paths that match nothing are not remembered: a flood of made-up
 * paths cannot push real ones out.
 */
import { placeholderOf } from '../../schemas/path-template.ts';
import { RequestMemo } from '../bounded-map.ts';
import type { Manifest, ManifestRoute, ParamKind } from '../parse-manifest.ts';

export interface RouteMatch {
  readonly route: ManifestRoute;
  /** Raw (decoded, not yet normalised) path parameter values. */
  readonly params: Readonly<Record<string, string>>;
}

export interface Router {
  /** The route of a normalised path (the exchange's `path`: decoded, no leading slash); the same frozen match for the same path. */
  match(path: string): RouteMatch | undefined;
}

/**
 * Only a domain may contain a dot: `/api/mcc/0000.json` is a missing static file (404), not an
 * MCC route with a malformed code. Other malformed values still match and get a 400 naming them.
 */
function fitsKind(kind: ParamKind | undefined, segment: string): boolean {
  return kind === 'domain' || !segment.includes('.');
}

/** A route ending at a node: its parameters by segment position, with their kinds. */
interface Ending {
  readonly route: ManifestRoute;
  readonly params: readonly { readonly index: number; readonly name: string; readonly kind: ParamKind | undefined }[];
}

/** One segment position of the tree: literal children by their text, one child for any parameter. */
interface Node {
  readonly literals: Map<string, Node>;
  param: Node | undefined;
  /** Routes whose path ends here, in manifest order (two can differ only in their parameters' names). */
  readonly endings: Ending[];
}

const newNode = (): Node => ({ literals: new Map(), param: undefined, endings: [] });

/** Compiles the manifest's routes once per build. */
export function createRouter(manifest: Manifest): Router {
  const root = newNode();
  for (const route of manifest.routes) {
    let node = root;
    const params: Ending['params'][number][] = [];
    route.path
      .split('/')
      .slice(1)
      .forEach((segment, index) => {
        const name = placeholderOf(segment);
        if (name === undefined) {
          let next = node.literals.get(segment);
          if (next === undefined) {
            next = newNode();
            node.literals.set(segment, next);
          }
          node = next;
        } else {
          params.push({ index, name, kind: route.params?.[name] });
          node = node.param ??= newNode();
        }
      });
    node.endings.push({ route, params });
  }

  /** The first route in the subtree of `node` that takes `segments` from `depth` on. */
  const walk = (node: Node, segments: readonly string[], depth: number): Ending | undefined => {
    if (depth === segments.length) {
      for (const ending of node.endings)
        if (ending.params.every(({ index, kind }) => fitsKind(kind, segments[index] as string))) return ending;
      return undefined;
    }
    const segment = segments[depth] as string;
    const literal = node.literals.get(segment);
    const found = literal === undefined ? undefined : walk(literal, segments, depth + 1);
    if (found !== undefined || node.param === undefined || segment.length === 0) return found;
    return walk(node.param, segments, depth + 1);
  };

  const matches = new RequestMemo<RouteMatch>();
  return {
    match(path) {
      const known = matches.get(path);
      if (known !== undefined) return known;
      const segments = path.split('/');
      const ending = walk(root, segments, 0);
      if (ending === undefined) return undefined;
      const params: Record<string, string> = {};
      for (const { index, name } of ending.params) params[name] = segments[index] as string;
      // Shared by every request for the path: frozen, so no step can change another request's match.
      const match: RouteMatch = Object.freeze({ route: ending.route, params: Object.freeze(params) });
      matches.set(path, match);
      return match;
    },
  };
}
