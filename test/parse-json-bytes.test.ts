/**
 * parseJsonBytes parses a manifest in pieces when it is too long for one string (a tree of millions
 * of files). A real manifest past V8's string limit is half a gigabyte, so these tests split small
 * documents into pieces of a few bytes: the same code path, with every member boundary exercised.
 */
import { constants } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { jsonObjectReader, LONGEST_PIECE_BYTES, PIECE_BYTES, parseJsonBytes } from '../tree/parse-json-bytes.ts';
import { useCompiledFixture } from './helpers/compiled-fixture.ts';

const fixture = useCompiledFixture();
const bytesOf = (text: string) => Buffer.from(text, 'utf8');
/** The UTF-8 length of the longest string or number in `text` (with its key): no piece can be shorter. */
const longestString = (text: string) =>
  Math.max(...(text.match(/"(?:[^"\\]|\\.)*"(?::\s*"(?:[^"\\]|\\.)*")?|-?\d[\d.eE+-]*/g) ?? ['']).map((s) => Buffer.byteLength(s)));

/** Parses `text` whole and in pieces of each size, and expects the same value with the same key order. */
function expectSameAsJsonParse(text: string, pieceSizes: readonly number[]): void {
  const expected = JSON.parse(text) as unknown;
  for (const pieceBytes of pieceSizes) {
    const parsed = parseJsonBytes(bytesOf(text), pieceBytes);
    expect(parsed, `pieces of ${pieceBytes} bytes`).toStrictEqual(expected);
    expect(JSON.stringify(parsed), `key order with pieces of ${pieceBytes} bytes`).toBe(JSON.stringify(expected));
  }
}

describe('parseJsonBytes', () => {
  it('reads the fixture manifest in pieces exactly as JSON.parse reads it whole', () => {
    const manifest = fixture.output.manifest.toString('utf8');
    // Just above its longest string (a route's summary): every file entry and route split down to its fields; a few
    // entries a piece; about a tenth of the manifest.
    expectSameAsJsonParse(manifest, [longestString(manifest) + 16, 1000, Math.ceil(manifest.length / 10)]);
    expect(Object.keys((parseJsonBytes(fixture.output.manifest, 400) as { files: object }).files).length).toBeGreaterThan(100);
  });

  it('keeps strings with braces, brackets, commas, escapes and non-ASCII text intact across piece boundaries', () => {
    const document = {
      'a,b': '}{][,:"\\',
      nested: { list: [1, { x: 'y,z' }, [[]]], empty: {}, none: null, yes: true, number: -1.5e3 },
      'é€😀': 'naïve — “quoted” 😀',
      tail: '\u0000\u001f\u2028',
    };
    for (const text of [JSON.stringify(document), JSON.stringify(document, null, 2), ` \n${JSON.stringify(document)}\t\r\n`])
      expectSameAsJsonParse(text, [longestString(text) + 16, 64, 1000]);
  });

  it('keeps a "__proto__" key an own property, as JSON.parse does', () => {
    // 20: the "__proto__" member is longer than a piece and split on its own; 40: it is parsed in a run with "a".
    for (const pieceBytes of [20, 40]) {
      const parsed = parseJsonBytes(bytesOf('{"a":1,"__proto__":{"polluted":true},"b":2}'), pieceBytes) as Record<string, unknown>;
      expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
      expect(Object.hasOwn(parsed, '__proto__')).toBe(true);
      expect((parsed as { polluted?: unknown }).polluted).toBeUndefined();
      expect(Object.keys(parsed).sort()).toEqual(['__proto__', 'a', 'b']);
    }
  });

  it('parses empty objects and a document below the piece size whole, whatever its type', () => {
    expectSameAsJsonParse('{}', [1]);
    expectSameAsJsonParse('{ "a": { } }', [1]);
    expect(parseJsonBytes(bytesOf('[1,2]'))).toEqual([1, 2]);
    expect(parseJsonBytes(bytesOf('"text"'))).toBe('text');
  });

  it('refuses what JSON.parse refuses, and a long document that is not an object', () => {
    const refused = [
      '{"a":1,}',
      '{"a":1 "b":2}',
      '{"a":"x}',
      '{"a":[1,2}',
      '{"a":1}}',
      '{,"a":1}',
      '{"a":{"b":1} x}',
      '{"a"}',
      '[1,,2]',
      '{a:1}',
    ];
    for (const text of refused) {
      expect(() => JSON.parse(text), text).toThrow(SyntaxError);
      expect(() => parseJsonBytes(bytesOf(text), 4), text).toThrow(SyntaxError);
    }
    expect(parseJsonBytes(bytesOf('[1,2,3,4,5,6]'), 4)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(() => parseJsonBytes(bytesOf('"a long string"'), 4)).toThrow(/the document .* unless it is an object or an array/);
    expect(() => parseJsonBytes(bytesOf('{"a":"a long string"}'), 4)).toThrow(/the value of "a" .* unless it is an object or an array/);
  });

  it('never needs a string near the longest V8 allows', () => {
    // A piece with its braces must stay far below the limit whatever the document's size (UTF-8 bytes ≥ UTF-16 units).
    expect(PIECE_BYTES + 2).toBeLessThan(constants.MAX_STRING_LENGTH / 4);
    // The gateway's pieces are as long as a string can be, with the braces a run is wrapped in.
    expect(LONGEST_PIECE_BYTES + 2).toBe(constants.MAX_STRING_LENGTH);
  });

  it("reads one member, or a member's entries a run at a time, as JSON.parse reads them", () => {
    const manifest = fixture.output.manifest;
    const whole = JSON.parse(manifest.toString('utf8')) as Record<string, Record<string, unknown>>;
    for (const pieceBytes of [longestString(manifest.toString('utf8')) + 16, 1000, PIECE_BYTES]) {
      const reader = jsonObjectReader(manifest, pieceBytes);
      expect(reader.value('build')).toBe(whole['build']);
      expect(reader.value('routes')).toStrictEqual(whole['routes']);
      expect(reader.value('missing')).toBeUndefined();
      const entries = [...reader.entries('files')];
      expect(entries).toStrictEqual(Object.entries(whole['files'] as object));
    }
    // A key given twice means its last value, as in JSON.parse; entries of what is not an object are refused.
    const twice = jsonObjectReader(bytesOf('{"a":{"x":1},"b":2,"a":{"y":2}}'), 6);
    expect([...twice.entries('a')]).toEqual([['y', 2]]);
    expect(() => [...twice.entries('b')]).toThrow(/not an object/);
    expect(() => [...twice.entries('none')]).toThrow(/not an object/);
    expect(() => jsonObjectReader(bytesOf('[1]'))).toThrow(/not an object/);
  });
});
