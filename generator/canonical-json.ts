/**
 * Canonical JSON text: object keys in code-unit order at every depth, no insignificant white space.
 * Values follow JSON.stringify (toJSON is called, undefined members are left out, undefined array
 * items and non-finite numbers become null). Most documents are built with their keys already in
 * order, so an object's keys are only sorted when a linear check finds them out of order.
 */
export function canonicalJson(value: unknown): string {
  return write(value) ?? 'null';
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
