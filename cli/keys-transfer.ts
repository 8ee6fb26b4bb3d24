/**
 * `cardrewards keys export` and `keys import`: key records (hashes, never keys) as JSON lines, for
 * backups and for moving between stores (embedded ↔ Redis). Counters are not moved: they are
 * per-window and rebuild themselves. Import merges by the rule of key-merge.ts and prints each change.
 */
import { readFileSync } from 'node:fs';
import { hashPrefix, type KeyRecord, type RawOptions } from '../gateway/open-gateway.ts';
import { TIERS } from '../schemas/manifest.ts';
import { nameProblem } from '../schemas/text-rules.ts';
import { CardrewardsError } from '../errors/cardrewards-error.ts';
import { describe, mergeKeys } from './key-merge.ts';
import { withStore } from './keys-command.ts';

/** A keys file that cannot be read or holds a line that is not a key record: nothing was imported. */
export class KeysFileError extends CardrewardsError<'ERR_KEYS_FILE'> {
  override readonly name = 'KeysFileError';
}

/** Prints every key record as one JSON line, oldest first. */
export function exportKeys(flags: RawOptions): Promise<void> {
  return withStore(flags, async (store) => {
    const keys = (await store.listKeys()).sort((a, b) => (a.created < b.created ? -1 : a.created > b.created ? 1 : 0));
    for (const key of keys) process.stdout.write(`${JSON.stringify(key)}\n`);
    console.error(`exported ${keys.length} key record${keys.length === 1 ? '' : 's'} from the ${store.kind} store`);
  });
}

/**
 * Merges every record of a JSON-lines file (`-` for standard input) into the store and prints each
 * change on stdout; refuses the whole file, naming every bad line, if any line is not a key record.
 */
export function importKeys(flags: RawOptions, file: string): Promise<void> {
  const records = readKeysFile(file);
  return withStore(flags, async (store) => {
    const existing = new Map((await store.listKeys()).map((record) => [record.hash, record]));
    const steps = mergeKeys(existing, records);
    const counts = { add: 0, revoke: 0, keep: 0, same: 0 };
    for (const step of steps) {
      counts[step.action]++;
      const key = `${hashPrefix(step.record.hash)} (${describe(step.record)})`;
      if (step.action === 'add') {
        await store.saveKey(step.record);
        console.log(`added ${key}${step.record.status === 'revoked' ? ', revoked' : ''}`);
      } else if (step.action === 'revoke') {
        await store.revoke(step.record.hash);
        console.log(`revoked ${key}: the file has it revoked`);
      } else if (step.action === 'keep') console.log(`kept ${key}: ${step.reason}`);
    }
    console.error(
      `imported ${records.length} key record${records.length === 1 ? '' : 's'} into the ${store.kind} store: ` +
        `${counts.add} added, ${counts.revoke} revoked, ${counts.keep} kept as the store has them, ${counts.same} unchanged`,
    );
  });
}

/** The records of a keys file, or a KeysFileError naming the file and every line that is not a record. */
function readKeysFile(file: string): KeyRecord[] {
  let text: string;
  try {
    text = readFileSync(file === '-' ? 0 : file, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message;
    throw new KeysFileError('ERR_KEYS_FILE', `cannot read the keys file ${file}: ${reason}; nothing imported`, { cause: error });
  }
  const records: KeyRecord[] = [];
  const bad: string[] = [];
  text.split('\n').forEach((raw, index) => {
    const line = raw.trim();
    if (line.length === 0) return;
    const parsed = parseRecord(line);
    if (typeof parsed === 'string') bad.push(`${file}:${index + 1}: ${parsed}`);
    else records.push(parsed);
  });
  if (bad.length > 0) {
    const shown = bad.length > 20 ? [...bad.slice(0, 20), `… and ${bad.length - 20} more`] : bad;
    throw new KeysFileError(
      'ERR_KEYS_FILE',
      `${bad.length} line${bad.length === 1 ? ' is' : 's are'} not a key record; nothing imported:\n  ${shown.join('\n  ')}`,
    );
  }
  return records;
}

const EXPECTED = 'expected {hash (64 hex), tier, name, status (active or revoked), created (ISO time)} as `keys export` writes it';

/** The record a line holds, or why it holds none. */
function parseRecord(line: string): KeyRecord | string {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return `not JSON; ${EXPECTED}`;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return `got ${value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value}; ${EXPECTED}`;
  const record = value as Partial<Record<keyof KeyRecord, unknown>>;
  const valid =
    typeof record.hash === 'string' &&
    /^[0-9a-f]{64}$/.test(record.hash) &&
    (TIERS as readonly unknown[]).includes(record.tier) &&
    (record.status === 'active' || record.status === 'revoked') &&
    typeof record.name === 'string' &&
    typeof record.created === 'string' &&
    !Number.isNaN(Date.parse(record.created));
  if (!valid) return EXPECTED;
  const { hash, tier, name, status, created } = record as KeyRecord;
  const problem = nameProblem(name);
  if (problem !== undefined) return `name: ${problem}`;
  return { hash, tier, name, status, created };
}
