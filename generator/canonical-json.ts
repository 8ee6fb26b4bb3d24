/**
 * Canonical JSON text: object keys in code-unit order at every depth, no insignificant white space.
 * Values follow JSON.stringify (toJSON is called, undefined members are left out, undefined array
 * items and non-finite numbers become null). The engine's JSON.stringify writes the text of a
 * copy ordered so (see canonicalJson).
 */
export function canonicalJson(value: unknown): string {
  // JSON.stringify is several times faster than any writer in JavaScript: give it the value with every
  // object's keys in code-unit order. Only objects whose order is wrong are copied; `write` remains for
  // what no copy can order (integer-like keys, which every object enumerates in numeric order).
  const ordered = inCanonicalOrder(value);
  return (ordered === UNORDERABLE ? write(value) : JSON.stringify(ordered)) ?? 'null';
}

const UNORDERABLE = Symbol('unorderable');

/**
 * `node` as JSON.stringify would see it, with every object's own keys in code-unit order: the same
 * object where it already is so (no copy), a copy where not, UNORDERABLE when no object can enumerate
 * its keys in that order.
 */
function inCanonicalOrder(input: unknown): unknown {
  let node = input;
  if (node === null || typeof node !== 'object') return node;
  if (typeof (node as { toJSON?: unknown }).toJSON === 'function') {
    node = (node as { toJSON: () => unknown }).toJSON();
    if (node === null || typeof node !== 'object') return node;
    // JSON.stringify would call this one's toJSON too, where `write` does not.
    if (typeof (node as { toJSON?: unknown }).toJSON === 'function') return UNORDERABLE;
  }
  if (Array.isArray(node)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < node.length; i++) {
      const item = inCanonicalOrder(node[i]);
      if (item === UNORDERABLE) return UNORDERABLE;
      if (item !== node[i] && copy === undefined) copy = node.slice(0, i);
      copy?.push(item);
    }
    return copy ?? node;
  }
  const record = node as Record<string, unknown>;
  const keys = Object.keys(record);
  const sorted = isSorted(keys);
  if (!sorted) keys.sort();
  let copy: Record<string, unknown> | undefined = sorted ? undefined : {};
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    const value = inCanonicalOrder(record[key]);
    if (value === UNORDERABLE) return UNORDERABLE;
    if (copy === undefined && value !== record[key]) {
      copy = {};
      for (let j = 0; j < i; j++) member(copy, keys[j]!, record[keys[j]!]);
    }
    if (copy !== undefined) member(copy, key, value);
  }
  if (copy === undefined) return record;
  return sorted || isSorted(Object.keys(copy)) ? copy : UNORDERABLE;
}

/** Sets a member of a copy; a key named __proto__ becomes a plain member, as in the original, not the prototype. */
function member(copy: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
  else copy[key] = value;
}

function write(input: unknown): string | undefined {
  let node = input;
  if (node !== null && typeof node === 'object' && typeof (node as { toJSON?: unknown }).toJSON === 'function') {
    node = (node as { toJSON: () => unknown }).toJSON();
  }
  switch (typeof node) {
    case 'string':
      return JSON.stringify(node);
    case 'number':
      return Number.isFinite(node) ? String(node) : 'null';
    case 'boolean':
      return node ? 'true' : 'false';
    case 'object':
      break;
    default:
      // undefined, functions and symbols have no JSON form; bigint throws as in JSON.stringify.
      return typeof node === 'bigint' ? JSON.stringify(node) : undefined;
  }
  if (node === null) return 'null';
  if (Array.isArray(node)) {
    let out = '[';
    for (let i = 0; i < node.length; i++) out += `${i === 0 ? '' : ','}${write(node[i]) ?? 'null'}`;
    return `${out}]`;
  }
  const record = node as Record<string, unknown>;
  const keys = Object.keys(record);
  if (!isSorted(keys)) keys.sort();
  let out = '{';
  let first = true;
  for (const key of keys) {
    const text = write(record[key]);
    if (text === undefined) continue;
    out += `${first ? '' : ','}${JSON.stringify(key)}:${text}`;
    first = false;
  }
  return `${out}}`;
}

function isSorted(keys: readonly string[]): boolean {
  for (let i = 1; i < keys.length; i++) if (keys[i - 1]! > keys[i]!) return false;
  return true;
}
