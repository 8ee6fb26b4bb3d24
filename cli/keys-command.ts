/** What `cardrewards keys create|list|revoke|usage` do, against the store the flags and environment name. */
import {
  GatewayError,
  generateKey,
  HASH_PREFIX_LENGTH,
  hashKey,
  hashPrefix,
  type KeyRecord,
  openStore,
  periodsOf,
  type RawOptions,
  resolveConfig,
  type Store,
} from '../gateway/open-gateway.ts';
import type { Tier } from '../schemas/manifest.ts';
import { nameProblem, printableText } from '../schemas/text-rules.ts';

/** Opens the store the flags name, checks it answers, runs `body`, and closes it. */
export async function withStore(flags: RawOptions, body: (store: Store) => Promise<void>): Promise<void> {
  const config = resolveConfig(flags, process.env);
  const store = await openStore(config);
  try {
    await store.ping().catch((error: unknown) => {
      throw new GatewayError(
        'ERR_STORE_UNAVAILABLE',
        `the ${store.kind} store at ${store.location} is unreachable: ${(error as Error).message}`,
        { cause: error },
      );
    });
    await body(store);
  } finally {
    await store.close();
  }
}

/** Creates a key and prints it once; a name a dataset could not hold as a name (schemas/text-rules.ts) is refused first. */
export function createKey(flags: RawOptions, tier: Tier, name: string): Promise<void> {
  const problem = nameProblem(name);
  if (problem !== undefined) {
    // The name is refused for what it holds: shown escaped, so the message cannot carry it to the terminal.
    throw new GatewayError('ERR_CONFIG_INVALID', `--name "${printableText(name)}": ${problem}; no key created`);
  }
  return withStore(flags, (store) => saveNewKey(store, tier, name));
}

async function saveNewKey(store: Store, tier: Tier, name: string): Promise<void> {
  const key = generateKey();
  const record: KeyRecord = { hash: hashKey(key), tier, name, status: 'active', created: new Date().toISOString() };
  await store.saveKey(record);
  // The key alone on stdout (KEY=$(cardrewards keys create …) works); the rest on stderr.
  console.log(key);
  console.error(`created ${tier} key "${name}" (hash ${hashPrefix(record.hash)}) in the ${store.kind} store; it is shown only this once`);
}

/** Prints every key: hash prefix, tier, status, created, name. */
export function listKeys(flags: RawOptions): Promise<void> {
  return withStore(flags, printKeys);
}

async function printKeys(store: Store): Promise<void> {
  const keys = (await store.listKeys()).sort((a, b) => (a.created < b.created ? -1 : a.created > b.created ? 1 : 0));
  if (keys.length === 0) return void console.error(`no keys in the ${store.kind} store (${store.location})`);
  console.log(['hash'.padEnd(HASH_PREFIX_LENGTH), 'tier'.padEnd(10), 'status'.padEnd(8), 'created'.padEnd(20), 'name'].join('  '));
  for (const key of keys) {
    console.log(
      [
        hashPrefix(key.hash),
        key.tier.padEnd(10),
        key.status.padEnd(8),
        key.created.slice(0, 19).replace('T', ' ').padEnd(20),
        // A store written before names were checked may hold a terminal escape: it is shown, never obeyed.
        printableText(key.name),
      ].join('  '),
    );
  }
}

/** The one key whose hash starts with `prefix` (at least 6 hex characters). */
async function findKey(store: Store, prefix: string): Promise<KeyRecord> {
  const wanted = prefix.toLowerCase();
  if (!/^[0-9a-f]{6,64}$/.test(wanted))
    throw new GatewayError(
      'ERR_CONFIG_INVALID',
      `"${prefix}" is not a hash prefix; give at least 6 hex characters as shown by \`cardrewards keys list\``,
    );
  const matches = (await store.listKeys()).filter((key) => key.hash.startsWith(wanted));
  if (matches.length === 0) throw new GatewayError('ERR_KEY_NOT_FOUND', `no key's hash starts with ${wanted}`);
  if (matches.length > 1)
    throw new GatewayError('ERR_KEY_AMBIGUOUS', `${matches.length} keys' hashes start with ${wanted}; give more characters`);
  return matches[0] as KeyRecord;
}

/** Revokes the one key whose hash starts with `prefix`. */
export function revokeKey(flags: RawOptions, prefix: string): Promise<void> {
  return withStore(flags, async (store) => {
    const key = await findKey(store, prefix);
    await store.revoke(key.hash);
    console.log(`revoked ${hashPrefix(key.hash)} (${key.tier}, "${printableText(key.name)}")`);
  });
}

/** Prints the calls of the current UTC day and month of the one key whose hash starts with `prefix`. */
export function showUsage(flags: RawOptions, prefix: string): Promise<void> {
  const config = resolveConfig(flags, process.env);
  return withStore(flags, async (store) => {
    const key = await findKey(store, prefix);
    const now = new Date();
    const counts = await store.usage(key.hash, now);
    const periods = periodsOf(now);
    const limits = config.limits[key.tier];
    const of = (limit: number | null) => (limit === null ? 'unlimited' : String(limit));
    console.log(`${hashPrefix(key.hash)} (${key.tier}, ${key.status}, "${printableText(key.name)}")`);
    console.log(`day   ${periods.day}: ${counts.day} of ${of(limits.daily)}`);
    console.log(`month ${periods.month}: ${counts.month} of ${of(limits.monthly)}`);
  });
}
