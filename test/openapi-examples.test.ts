/**
 * The OpenAPI document's examples work (issue 26, item 4): on the fixture build, every operation
 * carries a 200 example and an example for each required parameter, and its example request, sent
 * through a real gateway with a key of the top tier, answers 200 with the document the example shows.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validatorFor } from '../schemas/validator.ts';
import { useGatewaySuite } from './helpers/gateway-suite.ts';

interface Parameter {
  readonly name: string;
  readonly in: 'path' | 'query';
  readonly required: boolean;
  readonly example?: string | number;
}
interface Operation {
  readonly operationId: string;
  readonly security: readonly object[];
  readonly parameters: readonly Parameter[];
  readonly responses: { readonly 200: { readonly content: Readonly<Record<string, { readonly example?: unknown }>> } };
}

/** Answers whose example cannot be the answer itself: the caller's counters, and the history written after the document. */
const NOT_THE_ANSWER = new Set(['usage', 'changes']);

const suite = useGatewaySuite();

interface Document {
  readonly paths: Record<string, { get?: Operation }>;
  readonly components: { readonly schemas: Record<string, object> };
}

function openApi(): Document {
  return JSON.parse(readFileSync(join(suite.tree.out, 'public/openapi.json'), 'utf8')) as Document;
}

/** The GET operations: every route and static file (the one POST, /mcp, is a JSON-RPC endpoint its own tests cover). */
function operations(): [string, Operation][] {
  return Object.entries(openApi().paths).flatMap(([path, item]) =>
    item.get === undefined ? [] : [[path, item.get] as [string, Operation]],
  );
}

/** The request an operation's examples make: path parameters filled in, a query of every query parameter with an example. */
function exampleRequest(path: string, operation: Operation): string {
  let url = path;
  const query = new URLSearchParams();
  for (const parameter of operation.parameters) {
    if (parameter.example === undefined) continue;
    if (parameter.in === 'path') url = url.replace(`{${parameter.name}}`, encodeURIComponent(String(parameter.example)));
    else query.set(parameter.name, String(parameter.example));
  }
  const search = query.toString();
  return search === '' ? url : `${url}?${search}`;
}

/** The answer as an example shows it: arrays cut to their first two items. */
function trimmed(value: unknown): unknown {
  if (Array.isArray(value)) return value.slice(0, 2).map(trimmed);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, trimmed(item)]));
  return value;
}

describe('OpenAPI examples', () => {
  it('gives every operation a 200 example and an example value for every required parameter', () => {
    const list = operations();
    expect(list.length).toBeGreaterThan(40);
    for (const [path, operation] of list) {
      const media = Object.values(operation.responses[200].content);
      expect(media.length, path).toBe(1);
      expect(media[0]?.example, `${path}: no 200 example`).toBeDefined();
      for (const parameter of operation.parameters.filter((p) => p.required))
        expect(parameter.example, `${path}: no example for ${parameter.name}`).toBeDefined();
    }
  });

  it('answers every example request with 200 through the gateway, with the answer the example shows', async () => {
    const key = suite.keys.enterprise;
    const answered: string[] = [];
    for (const [path, operation] of operations()) {
      const url = exampleRequest(path, operation);
      const reply = await call(url, operation.security.length === 0 ? {} : { 'X-API-Key': key });
      expect(reply.status, `${operation.operationId}: GET ${url} → ${reply.text.slice(0, 300)}`).toBe(200);
      const [type, { example }] = Object.entries(operation.responses[200].content)[0] as [string, { example: unknown }];
      expect(reply.headers['content-type'], url).toBe(type.includes('charset') ? type : `${type}; charset=utf-8`);
      if (typeof example === 'string') expect(reply.text.startsWith(example), url).toBe(true);
      else if (NOT_THE_ANSWER.has(operation.operationId))
        expect(Object.keys(reply.json as object).sort(), url).toEqual(Object.keys(example as object).sort());
      else expect(trimmed(reply.json), url).toEqual(example);
      answered.push(url);
    }
    // Spot checks that examples are per route: an issuer's id is an issuer, a program's a program.
    expect(answered).toContain('/api/issuers/amex');
    expect(answered).toContain('/api/programs/amex-membership-rewards');
    expect(answered).toContain('/api/offers/amex-costco-fixture');
    expect(answered).toContain('/api/mcc/3058.json');
  });

  it("describes the gateway's own /api/usage answer exactly (its schema is written by hand)", async () => {
    const reply = await call('/api/usage', { 'X-API-Key': suite.keys.free });
    expect(reply.status).toBe(200);
    const validate = validatorFor(openApi().components.schemas['Usage'] as object);
    expect(validate(reply.json), JSON.stringify(validate.errors)).toBe(true);
  });
});

function call(path: string, headers: Record<string, string>) {
  return suite.call(path, headers);
}
