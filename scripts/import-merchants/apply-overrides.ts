/** Section 5 of dataset/sources/README.md: per-merchant corrections from merchant-overrides.csv. */
import { compareStrings } from './internal/compare-strings.ts';
import { field, type Row } from './internal/csv-row.ts';
import type { Merchant } from './merchant.ts';
import { uniqueDomains } from './registrable-domain.ts';
import { slugify } from './slugify.ts';

/**
 * Applies the rows of merchant-overrides.csv (slug, field, value, reason); slugs are those before
 * overrides. Returns the merchants by their final slug, sorted, without the excluded ones.
 */
export function applyOverrides(
  bySlug: ReadonlyMap<string, Merchant>,
  rows: readonly Row[],
  mccCodes: ReadonlySet<string>,
): Map<string, Merchant> {
  for (const row of rows) {
    const slug = field(row, 'slug');
    const m = bySlug.get(slug);
    if (m === undefined) throw new Error(`merchant-overrides.csv: no merchant ${slug}`);
    if (field(row, 'reason') === '') throw new Error(`merchant-overrides.csv: ${slug} has no reason`);
    applyOverride(m, field(row, 'field'), field(row, 'value'), mccCodes);
  }
  const out = new Map<string, Merchant>();
  for (const m of [...bySlug.values()].sort((a, b) => compareStrings(a.slug, b.slug))) {
    if (m.slug === '') continue; // excluded
    if (out.has(m.slug)) throw new Error(`override makes slug ${m.slug} collide`);
    out.set(m.slug, m);
  }
  return out;
}

function applyOverride(m: Merchant, name: string, value: string, mccCodes: ReadonlySet<string>): void {
  switch (name) {
    case 'name':
      m.name = value;
      m.slug = slugify(value);
      break;
    case 'slug':
      m.slug = value;
      break;
    case 'mcc':
      if (!mccCodes.has(value)) throw new Error(`override: unknown MCC ${value}`);
      m.mcc = value;
      break;
    case 'domains':
      m.domains = uniqueDomains(value.split(';'), true);
      m.explicitDomains = true;
      break;
    case 'rank_hint':
      m.rankHint = Number(value);
      break;
    case 'exclude':
      m.slug = '';
      break;
    default:
      throw new Error(`override: unknown field ${name}`);
  }
}
