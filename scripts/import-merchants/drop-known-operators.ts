import type { Merchant } from './merchant.ts';

/**
 * Drops operators whose domain already belongs to a brand, MCC-list or curated merchant: the
 * same organisation under another record (Ameren Missouri on ameren.com, DTE Electric on dteenergy.com).
 * Returns how many were dropped.
 */
export function dropKnownOperators(operators: Map<string, Merchant>, others: readonly Merchant[]): number {
  const taken = new Set(others.flatMap((m) => m.domains));
  let dropped = 0;
  for (const [qid, m] of [...operators.entries()]) {
    if (m.domains.some((d) => taken.has(d))) {
      operators.delete(qid);
      dropped += 1;
    }
  }
  return dropped;
}
