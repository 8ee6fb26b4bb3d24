/**
 * What the generator adds to a keyed route of the table (schemas/keyed-routes.ts: path, tier,
 * parameters, answer kind, file templates): the response schema, the docs, and the function that
 * derives its documents. `derive` yields parameter values and documents, and the runner
 * (`route-runner.ts`) renders every path, paging link and manifest entry from the templates. The
 * manifest, the OpenAPI document and the files all derive from the list in routes/index.ts.
 */
import type { BuildChange } from '../schemas/keyed.ts';
import { type KeyedRoute, type KeyedRouteId, keyedRoute } from '../schemas/keyed-routes.ts';
import type { Model } from './engine/model.ts';
import { TIERS, type ManifestVariant, type ParamKind, type Tier } from '../schemas/manifest.ts';

export { TIERS, type ManifestVariant, type ParamKind, type Tier };

/** Values for a variant's placeholders (`{id}`, `{valuation}`, …); which variant is meant follows from their names. */
export type RouteParams = Readonly<Record<string, string>>;

/**
 * What a route's `derive` yields: one document, a list (a `list` route: the runner writes it as
 * `{ data, total }`), a non-JSON file, a list to page, or the document of the variant's fallback
 * file. The runner picks the variant whose file template has exactly these placeholders (besides
 * `{page}`) and renders the path from it.
 */
export type RouteOutput =
  | { readonly params: RouteParams; readonly document: unknown }
  | { readonly params: RouteParams; readonly list: readonly unknown[] }
  | { readonly params: RouteParams; readonly bytes: Buffer }
  | { readonly params: RouteParams; readonly pages: readonly unknown[] }
  | { readonly fallback: unknown; readonly params?: RouteParams };

/** What the generator states of a route beyond the table. */
export interface RouteDerivation {
  readonly summary: string;
  readonly description?: string;
  /** Response schema; its OpenAPI component name is its `title` or the name `component()` gave it. */
  readonly schema: object;
  readonly contentType?: string;
  /** Docs for a query parameter whose kind says too little (`valuation` is a slug, but only two values exist). */
  readonly queryDocs?: Readonly<Record<string, { readonly description: string; readonly schema: object }>>;
  readonly derive?: (model: Model) => Iterable<RouteOutput>;
  /** Derived from the build's change history instead, after every other file (see `HistoryArtefact`). */
  readonly deriveFromHistory?: (model: Model, history: readonly BuildChange[]) => Iterable<RouteOutput>;
}

export type RouteDefinition = KeyedRoute & RouteDerivation;

/** The route `id` of the table with what the generator adds to it. */
export function defineRoute(id: KeyedRouteId, derivation: RouteDerivation): RouteDefinition {
  return { ...keyedRoute(id), ...derivation };
}
