/**
 * One definition per keyed route: its path, minimum tier, parameters, how a request maps to a
 * file, the response schema, and the function that writes those files. The manifest, the OpenAPI
 * document and the files all derive from the list in routes/index.ts.
 */
import type { OutputDocument } from './artefact.ts';
import type { Model } from './model.ts';
import { TIERS, type ManifestVariant, type ParamKind, type Tier } from '../schemas/manifest.ts';

export { TIERS, type ParamKind, type Tier };

export interface RouteDefinition {
  readonly id: string;
  readonly path: string;
  readonly tier: Tier;
  readonly summary: string;
  readonly description?: string;
  readonly params: Readonly<Record<string, ParamKind>>;
  readonly variants: readonly Readonly<ManifestVariant>[];
  /** Response schema, and the name it has in the OpenAPI components. */
  readonly schema: object;
  readonly schemaName: string;
  /** Answered by the gateway itself (the caller's own counters). */
  readonly dynamic?: 'usage';
  readonly contentType?: string;
  readonly derive?: (model: Model) => Iterable<OutputDocument>;
}
