/**
 * `cardrewards keys export` and `keys import`: key records (hashes, never keys) as JSON lines, for
 * backups and for moving between stores (embedded ↔ Redis). Counters are not moved: they are
 * per-window and rebuild themselves.
 */
import { readFileSync } from 'node:fs';
import type { RawOptions } from '../gateway/config.ts';
import { GatewayError } from '../gateway/errors.ts';
import type { KeyRecord } from '../gateway/store.ts';
import { TIERS } from '../schemas/manifest.ts';
import { withStore } from './keys-command.ts';

/** Prints every key record as one JSON line, oldest first. */
export function exportKeys(flags: RawOptions): Promise<void> {
  return withStore(flags, async (store) => {
    const keys = (await store.listKeys()).sort((a, b) => (a.created < b.created ? -1 : a.created > b.created ? 1 : 0));
    for (const key of keys) process.stdout.write(`${JSON.stringify(key)}\n`);
    console.error(`exported ${keys.length} key record${keys.length === 1 ? '' : 's'} from the ${store.kind} store`);
  });
}

/** Saves every record of a JSON-lines file (`-` for standard input); refuses the whole file if any line is not a key record. */
export function importKeys(flags: RawOptions, file: string): Promise<void> {
  const text = readFileSync(file === '-' ? 0 : file, 'utf8');
  const records = text
    .split('\n')
    .map((line, index) => ({ line: line.trim(), number: index + 1 }))
    .filter(({ line }) => line.length > 0)
    .map(({ line, number }) => parseRecord(line, `${file}:${number}`));
  return withStore(flags, async (store) => {
    for (const record of records) await store.saveKey(record);
    console.error(`imported ${records.length} key record${records.length === 1 ? '' : 's'} into the ${store.kind} store`);
  });
}

function parseRecord(line: string, where: string): KeyRecord {
  let value: Partial<Record<keyof KeyRecord, unknown>>;
  try {
    value = JSON.parse(line);
  } catch {
    throw new GatewayError('ERR_CONFIG_INVALID', `${where}: not JSON`);
  }
  const valid =
    typeof value.hash === 'string' &&
    /^[0-9a-f]{64}$/.test(value.hash) &&
    (TIERS as readonly unknown[]).includes(value.tier) &&
    (value.status === 'active' || value.status === 'revoked') &&
    typeof value.name === 'string' &&
    typeof value.created === 'string';
  if (!valid) throw new GatewayError('ERR_CONFIG_INVALID', `${where}: expected {hash (64 hex), tier, name, status, created}`);
  const record = value as KeyRecord;
  return { hash: record.hash, tier: record.tier, name: record.name, status: record.status, created: record.created };
}
