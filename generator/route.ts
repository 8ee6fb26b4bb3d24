/**
 * One definition per keyed route: its path, minimum tier, parameters, the file templates a request
 * maps to, the response schema, and the function that derives its documents. A route states each
 * of these once: `derive` yields parameter values and documents, and the runner
 * (`route-runner.ts`) renders every path, paging link and manifest entry from the templates. The
 * manifest, the OpenAPI document and the files all derive from the list in routes/index.ts.
 */
import type { BuildChange } from '../schemas/keyed.ts';
import type { Model } from './model.ts';
import { TIERS, type ManifestVariant, type ParamKind, type Tier } from '../schemas/manifest.ts';

export { TIERS, type ParamKind, type Tier };

/** Values for a variant's placeholders (`{id}`, `{valuation}`, …); which variant is meant follows from their names. */
export type RouteParams = Readonly<Record<string, string>>;

/**
 * What a route's `derive` yields: one document, a non-JSON file, a list to page, or the document
 * of the variant's fallback file. The runner picks the variant whose file template has exactly
 * these placeholders (besides `{page}`) and renders the path from it.
 */
export type RouteOutput =
  | { readonly params: RouteParams; readonly document: unknown }
  | { readonly params: RouteParams; readonly bytes: Buffer }
  | { readonly params: RouteParams; readonly pages: readonly unknown[] }
  | { readonly fallback: unknown; readonly params?: RouteParams };

export interface RouteDefinition {
  readonly id: string;
  readonly path: string;
  readonly tier: Tier;
  readonly summary: string;
  readonly description?: string;
  readonly params: Readonly<Record<string, ParamKind>>;
  readonly variants: readonly Readonly<ManifestVariant>[];
  /** Response schema; its OpenAPI component name is its `title` or the name `component()` gave it. */
  readonly schema: object;
  /** Answered by the gateway itself (the caller's own counters). */
  readonly dynamic?: 'usage';
  readonly contentType?: string;
  /** Docs for a query parameter whose kind says too little (`valuation` is a slug, but only two values exist). */
  readonly queryDocs?: Readonly<Record<string, { readonly description: string; readonly schema: object }>>;
  readonly derive?: (model: Model) => Iterable<RouteOutput>;
  /** Derived from the build's change history instead, after every other file (see `HistoryArtefact`). */
  readonly deriveFromHistory?: (model: Model, history: readonly BuildChange[]) => Iterable<RouteOutput>;
}
