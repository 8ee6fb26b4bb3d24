/** Where API keys live: only their hashes, with tier, name and status. The gateway reads it; `keys` commands write it. */
import type { Tier } from '../schemas/manifest.ts';

export type KeyStatus = 'active' | 'revoked';

/** What is stored for a key: never the key itself, only its SHA-256 hash. */
export interface KeyRecord {
  /** Lower-case hex SHA-256 of the key. */
  readonly hash: string;
  readonly tier: Tier;
  readonly name: string;
  readonly status: KeyStatus;
  /** ISO timestamp. */
  readonly created: string;
}

export interface KeyRegistry {
  lookupKey(hash: string): Promise<KeyRecord | undefined>;
  saveKey(record: KeyRecord): Promise<void>;
  listKeys(): Promise<KeyRecord[]>;
  /** Marks the key revoked; false when no such key exists. */
  revoke(hash: string): Promise<boolean>;
}
