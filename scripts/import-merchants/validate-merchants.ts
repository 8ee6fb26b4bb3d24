import type { Merchant } from './merchant.ts';
import { SHARED_SLUGS } from './shared-slugs.ts';

/** The final checks before writing: every shared slug present, slugs well formed, MCCs known, no domain twice. */
export function validateMerchants(merchants: readonly Merchant[], mccCodes: ReadonlySet<string>): void {
  const slugs = new Set(merchants.map((m) => m.slug));
  const missing = SHARED_SLUGS.filter((s) => !slugs.has(s));
  if (missing.length > 0) throw new Error(`shared slugs missing: ${missing.join(', ')}`);
  const seen = new Set<string>();
  for (const m of merchants) {
    if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(m.slug)) throw new Error(`bad slug ${m.slug}`);
    if (!mccCodes.has(m.mcc)) throw new Error(`${m.slug}: unknown MCC ${m.mcc}`);
    for (const d of m.domains) {
      if (seen.has(d)) throw new Error(`domain ${d} used twice`);
      seen.add(d);
    }
  }
}
