/**
 * The rule `keys import` merges by, as a pure function of the store's records and the file's:
 * records meet by key hash; a hash the store lacks is added as the file has it; revocation is
 * final (a key revoked on either side is revoked after the import, and nothing re-activates it);
 * otherwise the store holds the newest state (an export is a snapshot of an earlier one), so an
 * active key in both keeps the store's tier and name, and a difference is reported, never applied.
 */
import type { KeyRecord } from '../gateway/open-gateway.ts';
import { printableText } from '../schemas/text-rules.ts';

export type KeyMergeStep =
  /** Saved as the file has it: the store did not know the hash. */
  | { readonly action: 'add'; readonly record: KeyRecord }
  /** Revoked in the store: the file has the key revoked. */
  | { readonly action: 'revoke'; readonly record: KeyRecord }
  /** Left as the store has it although the file differs; `reason` says how. */
  | { readonly action: 'keep'; readonly record: KeyRecord; readonly reason: string }
  /** The file says what the store says. */
  | { readonly action: 'same'; readonly record: KeyRecord };

/** The steps that merge `incoming` (file order; a hash given twice folds into one) into `existing`. */
export function mergeKeys(existing: ReadonlyMap<string, KeyRecord>, incoming: readonly KeyRecord[]): KeyMergeStep[] {
  const steps: KeyMergeStep[] = [];
  for (const wanted of foldByHash(incoming)) {
    const current = existing.get(wanted.hash);
    if (current === undefined) steps.push({ action: 'add', record: wanted });
    else if (current.status === 'revoked') {
      steps.push(
        wanted.status === 'active'
          ? { action: 'keep', record: current, reason: 'revocation is final (the file has it active)' }
          : { action: 'same', record: current },
      );
    } else if (wanted.status === 'revoked') steps.push({ action: 'revoke', record: { ...current, status: 'revoked' } });
    else if (wanted.tier !== current.tier || wanted.name !== current.name) {
      steps.push({ action: 'keep', record: current, reason: `the store's state is the newer (the file says ${describe(wanted)})` });
    } else steps.push({ action: 'same', record: current });
  }
  return steps;
}

/** One record per hash: a revocation anywhere in the file wins, else the last line (an export never repeats a hash). */
function foldByHash(records: readonly KeyRecord[]): KeyRecord[] {
  const byHash = new Map<string, KeyRecord>();
  for (const record of records) {
    const earlier = byHash.get(record.hash);
    byHash.set(record.hash, earlier?.status === 'revoked' ? earlier : record);
  }
  return [...byHash.values()];
}

/** `pro, "name"`: the part of a record a merge can disagree on, its name safe to print (the store's may predate the name check). */
export function describe(record: KeyRecord): string {
  return `${record.tier}, "${printableText(record.name)}"`;
}
