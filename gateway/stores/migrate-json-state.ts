/**
 * Reads a state file of the earlier embedded store (one JSON document of keys and counters) so
 * the LMDB store can take its place: either at the same path, or a `state.json` beside a new
 * `state.mdb` (the old and the new default). The JSON is moved aside to `<json>.json-migrated`
 * and its content returned; nothing happens when there is no such file.
 */
import { closeSync, existsSync, openSync, readFileSync, readSync, renameSync } from 'node:fs';
import { GatewayError } from '../errors.ts';
import type { KeyRecord } from '../key-registry.ts';

export interface LegacyState {
  readonly keys: readonly KeyRecord[];
  readonly counters: readonly { hash: string; day: string; dayCount: number; month: string; monthCount: number }[];
}

/** The content of the JSON state file for database `file`, moved aside; undefined when there is none. */
export function migrateJsonState(file: string): LegacyState | undefined {
  const sibling = file.replace(/\.mdb$/, '.json');
  const json = existsSync(file) ? file : sibling !== file && existsSync(sibling) ? sibling : undefined;
  if (json === undefined || !startsWithBrace(json)) return undefined;
  return readAndMoveAside(json);
}

function readAndMoveAside(file: string): LegacyState {
  let document: { keys?: Record<string, KeyRecord>; counters?: Record<string, Omit<LegacyState['counters'][number], 'hash'>> };
  try {
    document = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new GatewayError('ERR_STATE_FILE', `the state file ${file} is not valid JSON; fix or remove it`, { cause: error });
  }
  renameSync(file, `${file}.json-migrated`);
  return {
    keys: Object.values(document.keys ?? {}),
    counters: Object.entries(document.counters ?? {}).map(([hash, counter]) => ({ hash, ...counter })),
  };
}

/** A JSON state file starts with `{`; an LMDB file never does. */
function startsWithBrace(file: string): boolean {
  const fd = openSync(file, 'r');
  try {
    const first = Buffer.alloc(1);
    return readSync(fd, first, 0, 1, 0) === 1 && first[0] === 0x7b;
  } finally {
    closeSync(fd);
  }
}
