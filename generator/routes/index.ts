/** The keyed route catalogue, in one list: the manifest, the OpenAPI document and the files follow it. */
import type { Artefact, HistoryArtefact } from '../artefact.ts';
import type { RouteDefinition } from '../route.ts';
import { KEYED_ROUTES } from '../../schemas/keyed-routes.ts';
import { componentName } from '../../schemas/keyed.ts';
import { templatePattern } from '../../schemas/path-template.ts';
import { checkSharedFiles, renderRoute } from '../route-runner.ts';
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

// Every route of the table, in its order, once; and the files two routes share, declared.
const ids = routes.map((route) => route.id).join(' ');
if (ids !== KEYED_ROUTES.map((route) => route.id).join(' '))
  throw new Error(`generator/routes/ do not follow schemas/keyed-routes.ts: ${ids}`);
checkSharedFiles(routes);

/** Every route's files, as one artefact. */
export const keyedResponses: Artefact = {
  name: 'keyed responses',
  *derive(model) {
    for (const route of routes) if (route.derive) yield* renderRoute(route, route.derive(model));
  },
};

const historyRoutes = routes.filter((route) => route.deriveFromHistory);

/** The routes answered from the build's change history (/api/changes), written after every other file. */
export const historyResponses: HistoryArtefact = {
  name: 'history responses',
  files: new RegExp(
    historyRoutes
      .flatMap((route) => route.variants.map((variant) => templatePattern(variant.file).source))
      .map((source) => `(?:${source})`)
      .join('|'),
  ),
  *derive(model, history) {
    for (const route of historyRoutes) yield* renderRoute(route, route.deriveFromHistory!(model, history));
  },
};

/** What the gateway needs of a route (docs/manifest.md): no schemas, no functions. */
export function manifestRoutes() {
  return routes.map((route) => ({
    id: route.id,
    path: route.path,
    tier: route.tier,
    summary: route.summary,
    schema: componentName(route.schema),
    params: route.params,
    ...(route.answer === 'usage' ? { dynamic: 'usage' as const } : {}),
    variants: route.variants.map((variant) => ({
      query: variant.query,
      optional: variant.optional,
      file: variant.file,
      ...(variant.lookup ? { lookup: variant.lookup } : {}),
      ...(variant.fallback ? { fallback: variant.fallback } : {}),
    })),
  }));
}
