/** `public/openapi.json`: the OpenAPI 3.1 document of every route, built from the catalogue and the schemas. */
import type { Artefact } from '../artefact.ts';
import { PARAM_KIND_DEFINITIONS } from '../../schemas/param-kinds.ts';
import { TIERS, type ParamKind, type RouteDefinition } from '../route.ts';
import { routes } from '../routes/index.ts';
import { mccRecord, merchantRecord, searchIndex } from '../../schemas/documents.ts';
import {
  appliedRule,
  benefit,
  cardSummary,
  mccSummary,
  merchantSummary,
  networkAcceptance,
  rankedCard,
  reward,
  storeRate,
} from '../../schemas/keyed.ts';
import type { Model } from '../model.ts';
import { packageIssuesUrl } from '../package-info.ts';
import { exampleOf, PARAMETER_EXAMPLES, PROBLEM_SCHEMA, TAG_DESCRIPTIONS, tagOf, withTypedEnums } from './openapi-parts.ts';

const problemResponse = (description: string, headers?: object) => ({
  description,
  ...(headers ? { headers } : {}),
  content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
});

const RATE_LIMIT_HEADERS = {
  RateLimit: { description: 'remaining calls in the tightest window (IETF draft structured field)', schema: { type: 'string' } },
  'RateLimit-Policy': { description: 'the daily and monthly quotas of the key (IETF draft structured field)', schema: { type: 'string' } },
};

/**
 * Schemas that several answers hold (a ranked card is in eight of them): each is one named
 * component, referenced wherever it appears, so the document states it once and a typed client
 * gets one type for it.
 */
const SHARED_SCHEMAS: ReadonlyMap<object, string> = new Map<object, string>([
  [rankedCard, 'RankedCard'],
  [appliedRule, 'AppliedRule'],
  [cardSummary, 'CardSummary'],
  [benefit, 'Benefit'],
  [reward, 'Reward'],
  [mccSummary, 'MccSummary'],
  [merchantSummary, 'MerchantSummary'],
  [storeRate, 'StoreRate'],
  [networkAcceptance, 'NetworkAcceptance'],
]);

/**
 * The document's components: `named` schemas under their names, each copied with its `$id`
 * stripped (the component name is the identity) and its enums typed, and every shared schema
 * they hold (SHARED_SCHEMAS) added once and referenced.
 */
function componentsOf(named: ReadonlyMap<string, object>): Record<string, object> {
  const schemas: Record<string, object> = {};
  const pending = [...named];
  const refOf = (nested: object) => {
    const name = SHARED_SCHEMAS.get(nested);
    if (name === undefined) return undefined;
    if (named.has(name)) throw new Error(`the component name ${name} is taken by a route`);
    if (!pending.some(([queued]) => queued === name) && schemas[name] === undefined) pending.push([name, nested]);
    return { $ref: `#/components/schemas/${name}` };
  };
  for (let next = pending.shift(); next !== undefined; next = pending.shift()) {
    const [name, schema] = next;
    const { $id: _id, ...rest } = schema as { $id?: string };
    schemas[name] = withTypedEnums(rest, refOf) as object;
  }
  return schemas;
}

function queryParameters(route: RouteDefinition) {
  const names = new Map<string, { kind: ParamKind; required: boolean }>();
  for (const variant of route.variants) {
    for (const [name, kind] of Object.entries(variant.query)) names.set(name, { kind, required: route.variants.length === 1 });
    for (const [name, kind] of Object.entries(variant.optional)) if (!names.has(name)) names.set(name, { kind, required: false });
  }
  const forms = route.variants.map((v) => Object.keys(v.query).join(' and ')).filter((form) => form !== '');
  const alternatives = forms.length > 1 ? ` One of these at a time: ${forms.join('; ')}.` : '';
  return [...names].map(([name, { kind, required }]) => ({
    name,
    in: 'query',
    required: required && route.queryDocs?.[name] === undefined,
    description: (route.queryDocs?.[name]?.description ?? PARAM_KIND_DEFINITIONS[kind].description) + alternatives,
    schema: withTypedEnums(route.queryDocs?.[name]?.schema ?? PARAM_KIND_DEFINITIONS[kind].schema),
    ...(PARAMETER_EXAMPLES[name] === undefined ? {} : { example: PARAMETER_EXAMPLES[name] }),
  }));
}

function operation(route: RouteDefinition, model: Model) {
  const tierIndex = TIERS.indexOf(route.tier);
  const example = exampleOf(route, model);
  const paged = route.variants.some((variant) => Object.values(variant.optional).includes('page'));
  return {
    operationId: route.id.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase()),
    summary: route.summary,
    description: `${route.description ? `${route.description} ` : ''}Minimum tier: ${route.tier} (available to ${TIERS.slice(tierIndex).join(', ')}).`,
    tags: [tagOf(route.path)],
    'x-min-tier': route.tier,
    security: [{ ApiKey: [] }],
    parameters: [
      ...Object.entries(route.params).map(([name, kind]) => ({
        name,
        in: 'path',
        required: true,
        description: PARAM_KIND_DEFINITIONS[kind].description,
        schema: PARAM_KIND_DEFINITIONS[kind].schema,
        ...(PARAMETER_EXAMPLES[name] === undefined ? {} : { example: PARAMETER_EXAMPLES[name] }),
      })),
      ...queryParameters(route),
    ],
    responses: {
      200: {
        description: 'OK',
        headers: {
          ETag: { schema: { type: 'string' } },
          'X-Request-Id': { description: 'the id of this request, as in problem details and the access log', schema: { type: 'string' } },
          ...RATE_LIMIT_HEADERS,
          ...(paged ? { Link: { description: 'RFC 8288 first, prev, next and last pages', schema: { type: 'string' } } } : {}),
        },
        content: {
          [route.contentType ?? 'application/json']: {
            schema: { $ref: `#/components/schemas/${route.schemaName}` },
            ...(example === undefined ? {} : { example }),
          },
        },
      },
      304: { description: 'Not modified (If-None-Match matched the ETag); not counted' },
      400: problemResponse('A parameter is missing, unknown or malformed'),
      401: problemResponse('X-API-Key is missing or invalid'),
      403: problemResponse("The key's tier is below the route's minimum tier"),
      404: problemResponse('No such card, code, slug or route'),
      429: problemResponse('The daily or monthly call limit is reached', {
        'Retry-After': { description: 'seconds until the window resets', schema: { type: 'integer' } },
      }),
      503: problemResponse('The quota store is unreachable; retry later', { 'Retry-After': { schema: { type: 'integer' } } }),
    },
  };
}

function staticOperation(id: string, summary: string, schemaName: string, parameter?: { name: string; description: string }) {
  return {
    get: {
      operationId: id,
      summary,
      description: 'A static file: no key, no rate limit, the same bytes on the gateway and on a CDN.',
      tags: ['static'],
      security: [],
      parameters: parameter
        ? [{ name: parameter.name, in: 'path', required: true, description: parameter.description, schema: { type: 'string' } }]
        : [],
      responses: {
        200: { description: 'OK', content: { 'application/json': { schema: { $ref: `#/components/schemas/${schemaName}` } } } },
        404: problemResponse('No such file'),
      },
    },
  };
}

function isLoopback(url: string): boolean {
  const host = new URL(url).hostname;
  return host === 'localhost' || host === '[::1]' || host.startsWith('127.');
}

/** The OpenAPI document as a plain object. */
export function openApiDocument(model: Model): object {
  const paths: Record<string, object> = {
    '/api/mcc/{code}.json': staticOperation('staticMcc', 'One MCC with its top 5 cards', 'MccRecord', {
      name: 'code',
      description: 'four-digit MCC',
    }),
    '/api/merchant/{slug}.json': staticOperation(
      'staticMerchant',
      'One of the 1,540 most popular merchants with its top card',
      'MerchantRecord',
      { name: 'slug', description: 'merchant slug' },
    ),
    '/api/search.json': staticOperation('staticSearch', 'Search index of every static MCC and merchant file', 'SearchIndex'),
    // The earn tables are public files (issue 27); /api/compute/earn-table serves the same bytes with a key.
    '/api/earn-table/mcc/{code}.json': staticOperation(
      'staticEarnTableMcc',
      'Every active card at one MCC (choose from a wallet locally)',
      'EarnTable',
      {
        name: 'code',
        description: 'four-digit MCC',
      },
    ),
    '/api/earn-table/merchant/{slug}.json': staticOperation(
      'staticEarnTableMerchant',
      'Every active card at a merchant that may rank apart from its MCC',
      'EarnTable',
      { name: 'slug', description: 'merchant slug' },
    ),
    '/api/earn-table/everyday.json': staticOperation(
      'staticEarnTableEveryday',
      'Every active card on spending in no bonus category',
      'EarnTable',
    ),
  };
  const named = new Map<string, object>([
    ['MccRecord', mccRecord],
    ['MerchantRecord', merchantRecord],
    ['SearchIndex', searchIndex],
  ]);
  for (const route of routes) {
    paths[route.path] = { get: operation(route, model) };
    named.set(route.schemaName, route.schema);
  }
  const schemas = { Problem: PROBLEM_SCHEMA, ...componentsOf(named) };
  return {
    openapi: '3.1.0',
    info: {
      title: 'cardrewards API',
      version: '1.0.0',
      description:
        'Credit card rewards data: static files without a key, and a keyed API in four tiers (free, starter, pro, enterprise). ' +
        'Errors are RFC 9457 problem details. Lists page with ?page=N (100 items).',
      // The issue tracker when package.json records one (`bugs`), else the service's own home page.
      contact: { name: 'cardrewards', url: packageIssuesUrl() ?? `${model.baseUrl}/` },
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [
      { url: '/', description: 'the server that sent this document' },
      // A build for this machine (the default base URL) is served from it: `/` says all, and a
      // loopback address in a published document would point every reader at their own machine.
      ...(isLoopback(model.baseUrl) ? [] : [{ url: model.baseUrl, description: 'the address this build links to' }]),
    ],
    tags: [...new Set(['static', ...routes.map((route) => tagOf(route.path))])]
      .sort()
      .map((name) => ({ name, ...(TAG_DESCRIPTIONS[name] === undefined ? {} : { description: TAG_DESCRIPTIONS[name] }) })),
    paths,
    components: { schemas, securitySchemes: { ApiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' } } },
  };
}

export const openApi: Artefact = {
  name: 'openapi',
  *derive(model) {
    yield {
      path: 'public/openapi.json',
      document: openApiDocument(model),
      schema: { type: 'object', required: ['openapi', 'paths'], properties: { openapi: { const: '3.1.0' }, paths: { type: 'object' } } },
    };
  },
};
