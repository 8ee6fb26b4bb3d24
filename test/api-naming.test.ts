/** Keyed answers name each concept one way (docs/api.md, "One name per concept"): checked on every route's schema. */
import { describe, expect, it } from 'vitest';
import { mccCode } from '../schemas/common.ts';
import { routes } from '../generator/routes/index.ts';

interface Property {
  readonly route: string;
  readonly path: string;
  readonly name: string;
  readonly schema: Record<string, unknown>;
  readonly siblings: readonly string[];
}

/** Every property of every object inside `schema`, with the names beside it. */
function* propertiesOf(schema: unknown, route: string, path = ''): Generator<Property> {
  if (Array.isArray(schema)) {
    for (const item of schema) yield* propertiesOf(item, route, path);
    return;
  }
  if (schema === null || typeof schema !== 'object') return;
  const { properties, items, oneOf, anyOf } = schema as Record<string, unknown>;
  if (properties !== undefined && typeof properties === 'object' && properties !== null) {
    const siblings = Object.keys(properties);
    for (const [name, child] of Object.entries(properties)) {
      yield { route, path: `${path}.${name}`, name, schema: child as Record<string, unknown>, siblings };
      yield* propertiesOf(child, route, `${path}.${name}`);
    }
  }
  for (const nested of [items, oneOf, anyOf]) yield* propertiesOf(nested, route, path);
}

const all = routes.flatMap((route) => [...propertiesOf(route.schema, route.path)]);

describe('one name per concept in keyed answers', () => {
  it('uses none of the names a rename retired (CHANGELOG.md)', () => {
    const retired = new Set(['cards', 'top_cards', 'merchant_slug', 'first_code', 'last_code', 'url', 'mcc']);
    // `mcc` stays where best-card echoes its query parameter of that name, and as the MCC object best-card answers about.
    const allowed = (property: Property) => property.name === 'mcc' && (property.path === '.query.mcc' || property.path === '.mcc');
    expect(all.filter((property) => retired.has(property.name) && !allowed(property)).map((p) => `${p.route} ${p.path}`)).toEqual([]);
    expect(all.length).toBeGreaterThan(500);
  });

  it('calls a ranked list of cards best_cards, and gives issuer_name beside the issuer of every ranked card', () => {
    const lists = all.filter((property) => property.name === 'best_cards');
    expect(new Set(lists.map((property) => property.route))).toEqual(
      new Set([
        '/api/extension/recommend',
        '/api/compute/best-card',
        '/api/compute/spend-profile',
        '/api/mcc/{code}',
        '/api/mcc/{code}/cards',
        '/api/merchants/{slug}',
        '/api/compute/triple-stack',
      ]),
    );
    const ranked = all.filter((property) => property.name === 'rank');
    expect(ranked.length).toBeGreaterThanOrEqual(lists.length);
    for (const property of ranked) expect(property.siblings, `${property.route} ${property.path}`).toContain('issuer_name');
  });

  it('names an MCC code `code` only inside an MCC, and `mcc_code` (or `…_mcc_code`) everywhere else', () => {
    const codes = all.filter((property) => property.schema['pattern'] === mccCode.pattern);
    expect(codes.length).toBeGreaterThan(5);
    for (const property of codes) {
      const ownCode = property.name === 'code' && property.siblings.includes('description');
      expect(ownCode || property.name.endsWith('mcc_code'), `${property.route} ${property.path}`).toBe(true);
    }
  });
});
