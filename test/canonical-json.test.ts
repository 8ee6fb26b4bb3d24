import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../generator/canonical-json.ts';
import { useCompiledFixture } from './helpers/compiled-fixture.ts';

const fixture = useCompiledFixture();

describe('canonical JSON', () => {
  it('sorts keys by code unit at every depth, integer-like keys included, and leaves sorted objects as they are', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: null }, '10': 'x', '9': 'y', B: true })).toBe(
      '{"10":"x","9":"y","B":true,"a":{"c":null,"d":[3,{"y":2,"z":1}]},"b":1}',
    );
    expect(canonicalJson({ a: 1, b: [2], c: { d: 'é\u2028"' } })).toBe('{"a":1,"b":[2],"c":{"d":"é\u2028\\""}}');
  });

  it('orders a key named __proto__ as a plain member, and copies nothing it need not', () => {
    const parsed = JSON.parse('{"z":1,"__proto__":{"b":2,"a":1}}');
    expect(canonicalJson(parsed)).toBe('{"__proto__":{"a":1,"b":2},"z":1}');
    const inOrder = { a: [1, { b: 2, c: 3 }], d: 'x' };
    expect(canonicalJson(inOrder)).toBe(JSON.stringify(inOrder));
  });

  it('treats values as JSON.stringify does: undefined members dropped, undefined items, NaN and Infinity as null, toJSON called', () => {
    const day = new Date(Date.UTC(2026, 10, 23));
    const value = { u: undefined, f: () => 1, list: [undefined, Number.NaN, -0, 1e21, Number.POSITIVE_INFINITY], day };
    expect(canonicalJson(value)).toBe('{"day":"2026-11-23T00:00:00.000Z","list":[null,null,0,1e+21,null]}');
    expect(JSON.parse(canonicalJson(value))).toEqual(JSON.parse(JSON.stringify(value)));
  });

  it('is what every JSON file of the fixture build holds: parsing and writing it again gives the same bytes', () => {
    let checked = 0;
    for (const [path, bytes] of fixture.output.files) {
      if (!path.endsWith('.json')) continue;
      expect(`${canonicalJson(JSON.parse(bytes.toString('utf8')))}\n`, path).toBe(bytes.toString('utf8'));
      checked++;
    }
    expect(checked).toBeGreaterThan(100);
  });
});
