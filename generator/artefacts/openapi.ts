/** `public/openapi.json`: the OpenAPI 3.1 document of every route, built from the catalogue, the schemas and the build's own files (its examples). */
import type { Artefact } from '../artefact.ts';
import { PARAM_KIND_DEFINITIONS } from '../../schemas/param-kinds.ts';
import { TIERS, type ParamKind, type RouteDefinition } from '../route.ts';
import { mccRecord, merchantRecord, searchIndex } from '../../schemas/documents.ts';
import {
  appliedRule,
  componentName,
  benefit,
  cardSummary,
  mccSummary,
  merchantSummary,
  networkAcceptance,
  rankedCard,
  reward,
  storeRate,
} from '../../schemas/keyed.ts';
import type { Model } from '../engine/model.ts';
import { packageIssuesUrl } from '../../tree/package-info.ts';
import { PROBLEM_SCHEMA, TAG_DESCRIPTIONS, tagOf, withTypedEnums } from './openapi-parts.ts';
import { type OperationExample, routeExamples, staticExample } from './openapi-examples.ts';
import { mccRecords } from './mcc-records.ts';
import { merchantRecords } from './merchant-records.ts';
import { searchIndex as searchIndexFile } from './search-index.ts';
import { everydayEarnTableFile } from './everyday-earn-table.ts';
import { renderRoute } from '../route-runner.ts';
import { PUBLIC_FILES, publicFile } from '../../schemas/public-files.ts';
import { MCP_PATH } from '../../schemas/mcp.ts';
import { MCP_OPERATION } from './openapi-mcp.ts';

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

function queryParameters(route: RouteDefinition, example: OperationExample | undefined) {
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
    ...exampleValue(example, name),
  }));
}

/** The parameter's `example` member, when the operation's example request has a value for it. */
function exampleValue(example: OperationExample | undefined, name: string): { example?: string | number } {
  const value = example?.parameters[name];
  return value === undefined ? {} : { example: value };
}

/** The 200 answer's `example` member, when there is one. */
function exampleResponse(example: OperationExample | undefined): { example?: unknown } {
  return example?.response === undefined ? {} : { example: example.response };
}

function operation(route: RouteDefinition, example: OperationExample | undefined) {
  const tierIndex = TIERS.indexOf(route.tier);
  const paged = route.variants.some((variant) => Object.values(variant.optional).includes('page'));
  return {
    operationId: route.id.replace(/-([a-z])/g, (_: string, c: string) => c.toUpperCase()),
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
        ...exampleValue(example, name),
      })),
      ...queryParameters(route, example),
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
            schema: { $ref: `#/components/schemas/${componentName(route.schema)}` },
            ...exampleResponse(example),
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

function staticOperation(
  id: string,
  summary: string,
  schemaName: string,
  example: OperationExample | undefined,
  parameter?: { name: string; description: string },
) {
  return {
    get: {
      operationId: id,
      summary,
      description: 'A static file: no key, no rate limit, the same bytes on the gateway and on a CDN.',
      tags: ['static'],
      security: [],
      parameters: parameter
        ? [
            {
              name: parameter.name,
              in: 'path',
              required: true,
              description: parameter.description,
              schema: { type: 'string' },
              ...exampleValue(example, parameter.name),
            },
          ]
        : [],
      responses: {
        200: {
          description: 'OK',
          content: { 'application/json': { schema: { $ref: `#/components/schemas/${schemaName}` }, ...exampleResponse(example) } },
        },
        404: problemResponse('No such file'),
      },
    },
  };
}

function isLoopback(url: string): boolean {
  const host = new URL(url).hostname;
  return host === 'localhost' || host === '[::1]' || host.startsWith('127.');
}

/** The OpenAPI document of `routes` (the build's route table) as a plain object. */
export function openApiDocument(model: Model, routes: readonly RouteDefinition[]): object {
  const examples = routeExamples(model, routes);
  const mccExample = staticExample(model, mccRecords, publicFile(PUBLIC_FILES.mccRecord));
  // The MCC and merchant earn tables are the earn-table route's files: their examples are its first ones.
  const earnTableRoute = routes.find((route) => route.id === 'compute-earn-table');
  const earnTableFiles: Artefact = {
    name: 'earn tables',
    derive: (m) => (earnTableRoute?.derive ? renderRoute(earnTableRoute, earnTableRoute.derive(m)) : []),
  };
  const earnTableExample = (template: string) => staticExample(model, earnTableFiles, publicFile(template));
  const merchantExample = staticExample(model, merchantRecords, publicFile(PUBLIC_FILES.merchantRecord));
  const paths: Record<string, object> = {
    [PUBLIC_FILES.mccRecord]: staticOperation('staticMcc', 'One MCC with its top 5 cards', 'MccRecord', mccExample, {
      name: 'code',
      description: 'four-digit MCC',
    }),
    [PUBLIC_FILES.merchantRecord]: staticOperation(
      'staticMerchant',
      'One of the 1,540 most popular merchants with its top card',
      'MerchantRecord',
      merchantExample,
      { name: 'slug', description: 'merchant slug' },
    ),
    [PUBLIC_FILES.searchIndex]: staticOperation(
      'staticSearch',
      'Search index of every MCC, every merchant with a page and every bonus category, with the everyday words that find them',
      'SearchIndex',
      staticExample(model, searchIndexFile, publicFile(PUBLIC_FILES.searchIndex)),
    ),
    // The earn tables are public files (issue 27); /api/compute/earn-table serves the same bytes with a key.
    [PUBLIC_FILES.earnTableMcc]: staticOperation(
      'staticEarnTableMcc',
      'Every active card at one MCC (choose from a wallet locally)',
      'EarnTable',
      earnTableExample(PUBLIC_FILES.earnTableMcc),
      { name: 'mcc', description: 'four-digit MCC' },
    ),
    [PUBLIC_FILES.earnTableMerchant]: staticOperation(
      'staticEarnTableMerchant',
      'Every active card at a merchant that may rank apart from its MCC',
      'EarnTable',
      earnTableExample(PUBLIC_FILES.earnTableMerchant),
      { name: 'merchant', description: 'merchant slug' },
    ),
    [PUBLIC_FILES.earnTableEveryday]: staticOperation(
      'staticEarnTableEveryday',
      'Every active card on spending in no bonus category',
      'EarnTable',
      staticExample(model, everydayEarnTableFile, publicFile(PUBLIC_FILES.earnTableEveryday)),
    ),
  };
  const named = new Map<string, object>([
    ['MccRecord', mccRecord],
    ['MerchantRecord', merchantRecord],
    ['SearchIndex', searchIndex],
  ]);
  for (const route of routes) {
    paths[route.path] = { get: operation(route, examples.get(route.id)) };
    named.set(componentName(route.schema), route.schema);
  }
  paths[MCP_PATH] = { post: MCP_OPERATION };
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
    tags: [...new Set(['static', 'mcp', ...routes.map((route) => tagOf(route.path))])]
      .sort()
      .map((name) => ({ name, ...(TAG_DESCRIPTIONS[name] === undefined ? {} : { description: TAG_DESCRIPTIONS[name] }) })),
    paths,
    components: { schemas, securitySchemes: { ApiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' } } },
  };
}

/** The document as an artefact; the route table comes from the list of artefacts, so this family imports no other. */
export function openApi(routes: readonly RouteDefinition[]): Artefact {
  return {
    name: 'openapi',
    *derive(model) {
      yield {
        path: publicFile(PUBLIC_FILES.openApi),
        document: openApiDocument(model, routes),
        schema: { type: 'object', required: ['openapi', 'paths'], properties: { openapi: { const: '3.1.0' }, paths: { type: 'object' } } },
      };
    },
  };
}
