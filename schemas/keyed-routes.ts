/**
 * The keyed routes, defined once beside PUBLIC_FILES: each route's path, minimum tier, path
 * parameters, the kind of answer it gives and the file templates a request maps to. The generator
 * attaches a schema and a derivation to each id (generator/routes/), the manifest carries the table
 * to the gateway, and the MCP tools, the client and the scripts render request targets from it
 * (`keyedTarget`), so no keyed path is spelt anywhere else.
 */
import type { ManifestVariant } from './manifest.ts';
import type { ParamKind, Tier } from './manifest.ts';
import { renderTemplate } from './path-template.ts';
import { DEFAULT_VALUATION } from './ranking-choices.ts';
import { PUBLIC_FILES, publicFile } from './public-files.ts';

/**
 * What a route answers: one `document`; a `list` (`{ data, total }`, which the route runner wraps);
 * `pages` of a list (`page-{page}` files with links); a non-JSON `file`; or the caller's own
 * `usage`, which the gateway answers without a file.
 */
export type RouteAnswer = 'document' | 'list' | 'pages' | 'file' | 'usage';

/** One keyed route as written in the table; `keyedRoute` fills in what is left out. */
interface RouteEntry {
  readonly path: string;
  readonly tier: Tier;
  readonly answer: RouteAnswer;
  /** Kinds of the path's placeholders; none by default. */
  readonly params?: Readonly<Record<string, ParamKind>>;
  /** The files a request maps to; by default one variant derived from the path (see `defaultVariants`). */
  readonly variants?: readonly ManifestVariant[];
  /**
   * Routes whose files this route also serves (the same bytes under two paths): each variant whose
   * template is one of theirs is answered from their files, and the route runner checks that it is.
   * Two routes may share a template only when one names the other here.
   */
  readonly servesFilesOf?: readonly string[];
}

/** A route's complete definition: its id and every field filled in. */
export interface KeyedRoute {
  readonly id: KeyedRouteId;
  readonly path: string;
  readonly tier: Tier;
  readonly answer: RouteAnswer;
  readonly params: Readonly<Record<string, ParamKind>>;
  readonly variants: readonly ManifestVariant[];
  readonly servesFilesOf: readonly KeyedRouteId[];
}

/**
 * The variant a route without a `variants` list has: its path under `keyed/`, as `.json` unless the
 * path names its own extension, and `/page-{page}.json` for a paged list; none for `usage`.
 */
function defaultVariants(path: string, answer: RouteAnswer): ManifestVariant[] {
  const file = `keyed${path}`;
  if (answer === 'usage') return [];
  if (answer === 'pages') return [{ query: {}, optional: { page: 'page' }, file: `${file}/page-{page}.json` }];
  return [{ query: {}, optional: {}, file: /\.[a-z]+$/.test(path) ? file : `${file}.json` }];
}

/** A paged list and its filters: `?issuer=` is paged under `by-issuer/{issuer}/`, the whole list last. */
function pagedWithFilters(path: string, filters: Readonly<Record<string, ParamKind>>): ManifestVariant[] {
  return [
    ...Object.entries(filters).map(([name, kind]) => ({
      query: { [name]: kind },
      optional: { page: 'page' as const },
      file: `keyed${path}/by-${name}/{${name}}/page-{page}.json`,
    })),
    ...defaultVariants(path, 'pages'),
  ];
}

/**
 * Every combination of the two choices a ranking takes, `valuation=` and `segment=`, for one
 * subject: `query` names the subject's own parameters (`{ mcc: 'mcc' }`), `file(valuation, segment)`
 * the file template for a valuation part and a segment part (`{valuation}` or the default;
 * `{segment}`, or null for every card). A request that leaves a choice out is answered by the
 * default's files: no second copy.
 */
export function rankingVariants(
  query: Readonly<Record<string, ParamKind>>,
  file: (valuation: string, segment: string | null) => string,
): ManifestVariant[] {
  return [
    { query: { ...query, valuation: 'slug', segment: 'slug' }, optional: {}, file: file('{valuation}', '{segment}') },
    { query: { ...query, valuation: 'slug' }, optional: {}, file: file('{valuation}', null) },
    { query: { ...query, segment: 'slug' }, optional: {}, file: file(DEFAULT_VALUATION, '{segment}') },
    { query: { ...query }, optional: {}, file: file(DEFAULT_VALUATION, null) },
  ];
}

/** The best-card files of one subject (`mcc` or `merchant`), shared by the routes that answer with that ranking. */
function bestCardVariants(
  subject: 'mcc' | 'merchant',
  query: Readonly<Record<string, ParamKind>>,
  name: string = subject,
): ManifestVariant[] {
  return rankingVariants(query, (valuation, segment) =>
    segment === null
      ? `keyed/api/compute/best-card/${valuation}/${subject}/{${name}}.json`
      : `keyed/api/compute/best-card/${valuation}/${segment}/${subject}/{${name}}.json`,
  );
}

const ROUTE_TABLE = {
  'cards-list': {
    path: '/api/cards',
    tier: 'free',
    answer: 'pages',
    variants: pagedWithFilters('/api/cards', { issuer: 'slug', network: 'slug', segment: 'slug' }),
  },
  'cards-detail': { path: '/api/cards/{id}', tier: 'free', answer: 'document', params: { id: 'slug' } },
  'card-rewards': { path: '/api/cards/{id}/rewards', tier: 'starter', answer: 'list', params: { id: 'slug' } },
  'card-benefits': { path: '/api/cards/{id}/benefits', tier: 'starter', answer: 'list', params: { id: 'slug' } },
  'issuers-list': { path: '/api/issuers', tier: 'free', answer: 'list' },
  'issuers-detail': { path: '/api/issuers/{id}', tier: 'free', answer: 'document', params: { id: 'slug' } },
  'issuer-cards': { path: '/api/issuers/{id}/cards', tier: 'starter', answer: 'list', params: { id: 'slug' } },
  'networks-list': { path: '/api/networks', tier: 'free', answer: 'list' },
  'mcc-list': { path: '/api/mcc', tier: 'free', answer: 'pages', variants: pagedWithFilters('/api/mcc', { group: 'slug' }) },
  'mcc-detail': { path: '/api/mcc/{code}', tier: 'free', answer: 'document', params: { code: 'mcc' } },
  'mcc-cards': {
    path: '/api/mcc/{code}/cards',
    tier: 'starter',
    answer: 'document',
    params: { code: 'mcc' },
    variants: bestCardVariants('mcc', {}, 'code'),
    servesFilesOf: ['compute-best-card'],
  },
  'mcc-merchants': { path: '/api/mcc/{code}/merchants', tier: 'starter', answer: 'pages', params: { code: 'mcc' } },
  'mcc-categories': { path: '/api/mcc/{code}/categories', tier: 'starter', answer: 'list', params: { code: 'mcc' } },
  'category-groups': { path: '/api/category-groups', tier: 'free', answer: 'list' },
  'categories-list': { path: '/api/categories', tier: 'starter', answer: 'list' },
  'categories-detail': { path: '/api/categories/{slug}', tier: 'starter', answer: 'document', params: { slug: 'slug' } },
  'category-cards': { path: '/api/categories/{slug}/cards', tier: 'starter', answer: 'list', params: { slug: 'slug' } },
  'category-mccs': { path: '/api/categories/{slug}/mccs', tier: 'starter', answer: 'list', params: { slug: 'slug' } },
  'merchants-list': {
    path: '/api/merchants',
    tier: 'starter',
    answer: 'pages',
    variants: [
      { query: { mcc: 'mcc' }, optional: { page: 'page' }, file: 'keyed/api/mcc/{mcc}/merchants/page-{page}.json' },
      ...defaultVariants('/api/merchants', 'pages'),
    ],
    servesFilesOf: ['mcc-merchants'],
  },
  'merchants-detail': { path: '/api/merchants/{slug}', tier: 'starter', answer: 'document', params: { slug: 'slug' } },
  'extension-recommend': {
    path: '/api/extension/recommend',
    tier: 'free',
    answer: 'document',
    variants: [
      {
        query: { domain: 'domain', segment: 'slug' },
        optional: {},
        file: 'keyed/api/extension/recommend/{segment}/{domain}.json',
        lookup: 'domain-suffix',
        fallback: 'keyed/api/extension/recommend/{segment}/_fallback.json',
      },
      {
        query: { domain: 'domain' },
        optional: {},
        file: 'keyed/api/extension/recommend/{domain}.json',
        lookup: 'domain-suffix',
        fallback: 'keyed/api/extension/recommend/_fallback.json',
      },
    ],
  },
  'compute-best-card': {
    path: '/api/compute/best-card',
    tier: 'starter',
    answer: 'document',
    variants: [...bestCardVariants('mcc', { mcc: 'mcc' }), ...bestCardVariants('merchant', { merchant: 'slug' })],
  },
  'programs-list': { path: '/api/programs', tier: 'pro', answer: 'list' },
  'programs-detail': { path: '/api/programs/{id}', tier: 'pro', answer: 'document', params: { id: 'slug' } },
  'program-partners': { path: '/api/programs/{id}/partners', tier: 'pro', answer: 'list', params: { id: 'slug' } },
  'program-sources': { path: '/api/programs/{id}/sources', tier: 'pro', answer: 'list', params: { id: 'slug' } },
  'program-cards': { path: '/api/programs/{id}/cards', tier: 'pro', answer: 'list', params: { id: 'slug' } },
  valuations: { path: '/api/valuations', tier: 'pro', answer: 'list' },
  'compute-transfer': {
    path: '/api/compute/transfer',
    tier: 'pro',
    answer: 'document',
    variants: [{ query: { from: 'slug', to: 'slug' }, optional: {}, file: 'keyed/api/compute/transfer/{from}/{to}.json' }],
  },
  'portals-list': { path: '/api/portals', tier: 'pro', answer: 'list' },
  'portals-detail': { path: '/api/portals/{id}', tier: 'pro', answer: 'document', params: { id: 'slug' } },
  'portal-stores': { path: '/api/portals/{id}/stores', tier: 'pro', answer: 'pages', params: { id: 'slug' } },
  'stores-list': { path: '/api/stores', tier: 'pro', answer: 'pages' },
  'store-portals': { path: '/api/stores/{slug}/portals', tier: 'pro', answer: 'list', params: { slug: 'slug' } },
  'offers-list': { path: '/api/offers', tier: 'pro', answer: 'pages' },
  'offers-detail': { path: '/api/offers/{slug}', tier: 'pro', answer: 'document', params: { slug: 'slug' } },
  'compute-spend-profile': {
    path: '/api/compute/spend-profile',
    tier: 'pro',
    answer: 'document',
    variants: [
      { query: { profile: 'slug', valuation: 'slug' }, optional: {}, file: 'keyed/api/compute/spend-profile/{valuation}/{profile}.json' },
      { query: { profile: 'slug' }, optional: {}, file: `keyed/api/compute/spend-profile/${DEFAULT_VALUATION}/{profile}.json` },
    ],
  },
  'compute-triple-stack': {
    path: '/api/compute/triple-stack',
    tier: 'pro',
    answer: 'document',
    variants: rankingVariants({ merchant: 'slug' }, (valuation, segment) =>
      segment === null
        ? `keyed/api/compute/triple-stack/${valuation}/{merchant}.json`
        : `keyed/api/compute/triple-stack/${valuation}/${segment}/{merchant}.json`,
    ),
  },
  // The public earn tables, served to a key too: the same bytes as the keyless files.
  'compute-earn-table': {
    path: '/api/compute/earn-table',
    tier: 'starter',
    answer: 'document',
    variants: [
      { query: { mcc: 'mcc' }, optional: {}, file: publicFile(PUBLIC_FILES.earnTableMcc) },
      { query: { merchant: 'slug' }, optional: {}, file: publicFile(PUBLIC_FILES.earnTableMerchant) },
    ],
  },
  usage: { path: '/api/usage', tier: 'free', answer: 'usage' },
  stats: { path: '/api/stats', tier: 'free', answer: 'document' },
  changes: { path: '/api/changes', tier: 'enterprise', answer: 'pages' },
  'export-csv': { path: '/api/export/dataset.csv', tier: 'enterprise', answer: 'file' },
  'export-snapshot': { path: '/api/export/snapshot.json', tier: 'enterprise', answer: 'document' },
} as const satisfies Readonly<Record<string, RouteEntry>>;

export type KeyedRouteId = keyof typeof ROUTE_TABLE;

/** Every keyed route, in the table's order (the order of the API document and the manifest). */
export const KEYED_ROUTES: readonly KeyedRoute[] = Object.entries(ROUTE_TABLE as Readonly<Record<KeyedRouteId, RouteEntry>>).map(
  ([id, entry]) =>
    Object.freeze({
      id: id as KeyedRouteId,
      path: entry.path,
      tier: entry.tier,
      answer: entry.answer,
      params: entry.params ?? {},
      variants: entry.variants ?? defaultVariants(entry.path, entry.answer),
      servesFilesOf: (entry.servesFilesOf ?? []) as readonly KeyedRouteId[],
    }),
);

const byId = new Map(KEYED_ROUTES.map((route) => [route.id, route]));

/** The route with this id. */
export function keyedRoute(id: KeyedRouteId): KeyedRoute {
  return byId.get(id) as KeyedRoute;
}

/**
 * The request target of a keyed route: its path with `params` filled in, then `query` in the
 * order given, leaving out what is undefined: `keyedTarget('compute-best-card', {}, { mcc: '5411' })`
 * → `/api/compute/best-card?mcc=5411`.
 */
export function keyedTarget(
  id: KeyedRouteId,
  params: Readonly<Record<string, string>> = {},
  query: Readonly<Record<string, string | undefined>> = {},
): string {
  const path = renderTemplate(
    keyedRoute(id).path,
    Object.fromEntries(Object.entries(params).map(([name, value]) => [name, encodeURIComponent(value)])),
  );
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) search.append(name, value);
  const text = search.toString();
  return text === '' ? path : `${path}?${text}`;
}
