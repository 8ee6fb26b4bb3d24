import { describe, expect, it } from 'vitest';
import { mergeKeys } from '../cli/key-merge.ts';
import type { KeyRecord } from '../gateway/store.ts';

const record = (n: number, changes: Partial<KeyRecord> = {}): KeyRecord => ({
  hash: String(n).repeat(64).slice(0, 64),
  tier: 'pro',
  name: `key ${n}`,
  status: 'active',
  created: '2026-11-25T10:00:00.000Z',
  ...changes,
});
const store = (...records: KeyRecord[]) => new Map(records.map((r) => [r.hash, r]));

describe('keys import merge rule', () => {
  it('adds a hash the store lacks, as the file has it (revoked ones too)', () => {
    expect(mergeKeys(store(), [record(1), record(2, { status: 'revoked' })])).toEqual([
      { action: 'add', record: record(1) },
      { action: 'add', record: record(2, { status: 'revoked' }) },
    ]);
  });

  it('never re-activates a revoked key: revocation is final', () => {
    expect(mergeKeys(store(record(1, { status: 'revoked' })), [record(1)])).toEqual([
      { action: 'keep', record: record(1, { status: 'revoked' }), reason: 'revocation is final (the file has it active)' },
    ]);
  });

  it('revokes an active key the file has revoked, keeping its tier and name', () => {
    expect(mergeKeys(store(record(1)), [record(1, { status: 'revoked', tier: 'free' })])).toEqual([
      { action: 'revoke', record: record(1, { status: 'revoked' }) },
    ]);
  });

  it('keeps the store tier and name of an active key and says what the file differs in', () => {
    expect(mergeKeys(store(record(1)), [record(1, { tier: 'free' }), record(2)])).toEqual([
      { action: 'keep', record: record(1), reason: `the store's state is the newer (the file says free, "key 1")` },
      { action: 'add', record: record(2) },
    ]);
  });

  it('folds a hash given twice: a revocation anywhere in the file wins', () => {
    expect(mergeKeys(store(), [record(1, { status: 'revoked' }), record(1)])).toEqual([
      { action: 'add', record: record(1, { status: 'revoked' }) },
    ]);
    expect(mergeKeys(store(record(1)), [record(1)])).toEqual([{ action: 'same', record: record(1) }]);
  });
});
