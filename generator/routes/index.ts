/** The keyed route catalogue, in one list: the manifest, the OpenAPI document and the files follow it. */
import type { Artefact } from '../artefact.ts';
import type { RouteDefinition } from '../route.ts';
import { cardRoutes } from './cards.ts';
import { earnTableRoute } from './earn-tables.ts';
import { mccRoutes } from './mcc.ts';
import { merchantRoutes } from './merchants.ts';
import { metaRoutes } from './meta.ts';
import { profileRoutes } from './profiles.ts';
import { portalRoutes } from './portals.ts';
import { programRoutes } from './programs.ts';
import { tripleStackRoute } from './triple-stack.ts';

export const routes: readonly RouteDefinition[] = [
  ...cardRoutes,
  ...mccRoutes,
  ...merchantRoutes,
  ...programRoutes,
  ...portalRoutes,
  ...profileRoutes,
  tripleStackRoute,
  earnTableRoute,
  ...metaRoutes,
];

/** Every route's files, as one artefact. */
export const keyedResponses: Artefact = {
  name: 'keyed responses',
  *derive(model) {
    for (const route of routes) if (route.derive) yield* route.derive(model);
  },
};

/** What the gateway needs of a route (docs/manifest.md): no schemas, no functions. */
export function manifestRoutes() {
  return routes.map((route) => ({
    id: route.id,
    path: route.path,
    tier: route.tier,
    summary: route.summary,
    schema: route.schemaName,
    params: route.params,
    ...(route.dynamic ? { dynamic: route.dynamic } : {}),
    variants: route.variants.map((variant) => ({
      query: variant.query,
      optional: variant.optional,
      file: variant.file,
      ...(variant.lookup ? { lookup: variant.lookup } : {}),
      ...(variant.fallback ? { fallback: variant.fallback } : {}),
    })),
  }));
}
