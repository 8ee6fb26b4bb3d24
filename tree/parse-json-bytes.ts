/**
 * JSON.parse for a document held as bytes that may not fit in one string. V8 refuses a string
 * longer than 2^29 − 24 UTF-16 units (`buffer.constants.MAX_STRING_LENGTH`, about 512 MiB), and a
 * manifest reaches that at about twenty times today's merchants, below what `build --max-output`
 * admits. A document up to PIECE_BYTES is parsed at once; in a larger one, each object or array
 * longer than a piece is split at its commas into runs of members (or elements) of at most
 * PIECE_BYTES, each parsed by JSON.parse, so no string is ever longer than a piece. The result
 * equals JSON.parse's for every document JSON.parse can read; a single string or number longer
 * than a piece is refused.
 */
import { constants } from 'node:buffer';

/** The largest piece turned into one string: far below V8's limit, and a bounded transient copy of the bytes. */
export const PIECE_BYTES = 64 * 2 ** 20;

/**
 * The longest piece V8 can take, braces included (a UTF-8 byte is at most one UTF-16 unit): for a caller that wants
 * JSON.parse's speed whenever the document fits (the gateway: a 241 MB manifest took 7 s whole, 13 s in 64 MiB
 * pieces), and pieces only past the limit.
 */
export const LONGEST_PIECE_BYTES = constants.MAX_STRING_LENGTH - 2;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
/** A key JSON allows that `Object.assign` would turn into a change of prototype. */
const PROTO_KEY = '__proto__';
const isSpace = (byte: number | undefined) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;

/** Parses the JSON document `bytes` (UTF-8); `pieceBytes` is for tests, which split small documents. */
export function parseJsonBytes(bytes: Uint8Array, pieceBytes: number = PIECE_BYTES): unknown {
  if (bytes.length <= pieceBytes) return JSON.parse(text(bytes, 0, bytes.length));
  return parseValue(bytes, 0, bytes.length, pieceBytes, 'the document');
}

/** A large JSON object whose members are parsed only when asked for (see jsonObjectReader). */
export interface JsonObjectReader {
  /** The member's value (undefined when there is no such member), parsed in pieces if it is long. */
  value(key: string): unknown;
  /** The member's own members, an object's, parsed a run at a time: the whole object is never made. */
  entries(key: string): Generator<[string, unknown]>;
}

/**
 * The top-level object of `bytes`, read member by member: one scan finds where each member's value
 * lies; a caller that keeps less than a member holds (the build keeps a manifest's files packed)
 * takes its entries a run at a time rather than the whole parsed object.
 */
export function jsonObjectReader(bytes: Uint8Array, pieceBytes: number = PIECE_BYTES): JsonObjectReader {
  const [start, end] = trimmed(bytes, 0, bytes.length);
  if (bytes[start] !== OPEN_BRACE || bytes[end - 1] !== CLOSE_BRACE) throw new SyntaxError('the JSON document is not an object');
  // As in JSON.parse, a key given twice means its last value.
  const ranges = new Map<string, [number, number]>();
  for (const [memberStart, memberEnd] of members(bytes, start, end)) {
    const [key, valueStart] = keyOf(bytes, memberStart, memberEnd);
    ranges.set(key, trimmed(bytes, valueStart, memberEnd));
  }
  return {
    value(key) {
      const range = ranges.get(key);
      if (range === undefined) return undefined;
      const [first, last] = range;
      if (last - first <= pieceBytes) return JSON.parse(text(bytes, first, last));
      return parseValue(bytes, first, last, pieceBytes, `the value of ${JSON.stringify(key)}`);
    },
    *entries(key) {
      const [first, last] = ranges.get(key) ?? [0, 0];
      if (bytes[first] !== OPEN_BRACE || bytes[last - 1] !== CLOSE_BRACE || last <= first)
        throw new SyntaxError(`the value of ${JSON.stringify(key)} is not an object`);
      for (const run of runs(bytes, first, last, pieceBytes)) {
        if (run.long) {
          const [name, valueStart] = keyOf(bytes, run.start, run.end);
          yield [name, parseValue(bytes, valueStart, run.end, pieceBytes, `the value of ${JSON.stringify(name)}`)];
        } else {
          const object = parseRun(bytes, run.start, run.end, '{', '}') as Record<string, unknown>;
          for (const name of Object.keys(object)) yield [name, object[name]];
        }
      }
    },
  };
}

/** [start, end) without the white space around it. */
function trimmed(bytes: Uint8Array, start: number, end: number): [number, number] {
  let first = start;
  let last = end;
  while (isSpace(bytes[first])) first++;
  while (last > first && isSpace(bytes[last - 1])) last--;
  return [first, last];
}

/** The value between `start` and `end` (white space around it allowed), longer than a piece: an object or an array. */
function parseValue(bytes: Uint8Array, start: number, end: number, pieceBytes: number, what: string): unknown {
  const [first, last] = trimmed(bytes, start, end);
  if (bytes[first] === OPEN_BRACE && bytes[last - 1] === CLOSE_BRACE) return parseObject(bytes, first, last, pieceBytes);
  if (bytes[first] === OPEN_BRACKET && bytes[last - 1] === CLOSE_BRACKET) return parseArray(bytes, first, last, pieceBytes);
  throw new SyntaxError(`${what} (${end - start} bytes of JSON) is too long to parse unless it is an object or an array`);
}

/** The object between `start` (its `{`) and `end` (after its `}`), its members parsed a run at a time. */
function parseObject(bytes: Uint8Array, start: number, end: number, pieceBytes: number): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  const add = (members: Record<string, unknown>) => {
    // Object.assign would set the prototype for a "__proto__" key, where JSON.parse defines a property.
    if (!Object.hasOwn(members, PROTO_KEY)) Object.assign(result, members);
    else for (const key of Object.keys(members)) define(result, key, members[key]);
  };
  for (const run of runs(bytes, start, end, pieceBytes)) {
    if (run.long) {
      const [key, valueStart] = keyOf(bytes, run.start, run.end);
      define(result, key, parseValue(bytes, valueStart, run.end, pieceBytes, `the value of ${JSON.stringify(key)}`));
    } else add(parseRun(bytes, run.start, run.end, '{', '}') as Record<string, unknown>);
  }
  return result;
}

/** The array between `start` (its `[`) and `end` (after its `]`), its elements parsed a run at a time. */
function parseArray(bytes: Uint8Array, start: number, end: number, pieceBytes: number): unknown[] {
  const result: unknown[] = [];
  for (const run of runs(bytes, start, end, pieceBytes)) {
    if (run.long) result.push(parseValue(bytes, run.start, run.end, pieceBytes, `the element at byte ${run.start}`));
    else for (const element of parseRun(bytes, run.start, run.end, '[', ']') as unknown[]) result.push(element);
  }
  return result;
}

/** Consecutive members (or elements) of a container, together at most a piece; or one that is longer on its own. */
interface Run {
  readonly start: number;
  readonly end: number;
  readonly long: boolean;
}

/** The container's members in runs of at most `pieceBytes`, in order; a member longer than that is a run of its own. */
function* runs(bytes: Uint8Array, start: number, end: number, pieceBytes: number): Generator<Run> {
  let runStart = -1;
  let runEnd = -1;
  for (const [memberStart, memberEnd] of members(bytes, start, end)) {
    const long = memberEnd - memberStart > pieceBytes;
    if (runStart >= 0 && (long || memberEnd - runStart > pieceBytes)) {
      yield { start: runStart, end: runEnd, long: false };
      runStart = -1;
    }
    if (long) yield { start: memberStart, end: memberEnd, long: true };
    else {
      if (runStart < 0) runStart = memberStart;
      runEnd = memberEnd;
    }
  }
  if (runStart >= 0) yield { start: runStart, end: runEnd, long: false };
}

/** Parses the comma-separated members between `start` and `end` inside `open` and `close`. */
function parseRun(bytes: Uint8Array, start: number, end: number, open: string, close: string): unknown {
  try {
    return JSON.parse(`${open}${text(bytes, start, end)}${close}`);
  } catch (error) {
    throw new SyntaxError(`${(error as Error).message} (in the JSON at bytes ${start}–${end})`);
  }
}

/**
 * The [start, end) byte ranges of the members of the container between `start` (its `{` or `[`)
 * and `end` (after its `}` or `]`): split at the commas outside strings and nested containers.
 */
function* members(bytes: Uint8Array, start: number, end: number): Generator<[number, number]> {
  let depth = 0;
  let memberStart = start + 1;
  let unclosedString = false;
  for (let at = start + 1; at < end - 1; at++) {
    const byte = bytes[at];
    if (byte === QUOTE) {
      at = closingQuote(bytes, at, end - 1);
      unclosedString = at < 0;
      if (unclosedString) break;
    } else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) depth++;
    else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) {
      if (--depth < 0) throw new SyntaxError(`unexpected ${String.fromCharCode(byte)} at byte ${at} of the JSON`);
    } else if (byte === COMMA && depth === 0) {
      yield [memberStart, at];
      memberStart = at + 1;
    }
  }
  if (unclosedString || depth !== 0)
    throw new SyntaxError(`the JSON container at byte ${start} ends inside a string or a nested container`);
  // An empty container has no member; a trailing comma leaves an empty one, which JSON.parse refuses.
  if (memberStart === start + 1 && isBlank(bytes, memberStart, end - 1)) return;
  yield [memberStart, end - 1];
}

/** The quote that closes the string opened at `open`, found by the native search (strings are most of a manifest); -1 when none comes before `end`. */
function closingQuote(bytes: Uint8Array, open: number, end: number): number {
  let at = open;
  for (;;) {
    at = bytes.indexOf(QUOTE, at + 1);
    if (at < 0 || at >= end) return -1;
    // Escaped when an odd number of backslashes precede it.
    let backslashes = 0;
    while (bytes[at - 1 - backslashes] === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return at;
  }
}

/** The key of the object member between `start` and `end`, and where its value starts. */
function keyOf(bytes: Uint8Array, start: number, end: number): [string, number] {
  let keyStart = start;
  while (isSpace(bytes[keyStart])) keyStart++;
  let at = keyStart + 1;
  while (at < end && bytes[at] !== QUOTE) at += bytes[at] === BACKSLASH ? 2 : 1;
  const key = bytes[keyStart] === QUOTE ? (JSON.parse(text(bytes, keyStart, at + 1)) as unknown) : undefined;
  at++;
  while (isSpace(bytes[at])) at++;
  if (typeof key !== 'string' || bytes[at] !== COLON) throw new SyntaxError(`expected a key and a colon at byte ${keyStart} of the JSON`);
  return [key, at + 1];
}

function isBlank(bytes: Uint8Array, start: number, end: number): boolean {
  for (let at = start; at < end; at++) if (!isSpace(bytes[at])) return false;
  return true;
}

/** Adds `key` as an own property, as JSON.parse does (an assignment to `__proto__` would set the prototype instead). */
function define(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** The UTF-8 text of bytes [start, end) (a range cut at JSON structure never splits a character: its bytes are ASCII). */
function text(bytes: Uint8Array, start: number, end: number): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset + start, end - start).toString('utf8');
}
