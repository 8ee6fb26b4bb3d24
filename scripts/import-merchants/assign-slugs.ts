/** Section 4 of dataset/sources/README.md: one slug per merchant. */
import { compareStrings } from './internal/compare-strings.ts';
import type { Merchant } from './merchant.ts';
import { compareFame } from './rank-merchants.ts';
import { slugify } from './slugify.ts';

/**
 * Gives every merchant a unique slug. Curated rows keep theirs and replace an imported row with
 * the same slug; among imported rows the better known keeps the plain slug and the others get
 * '-<tag value>' (NSI) or '-<mcc>' (MCC list), then '-<source_ref>' if still taken.
 * Imported merchants are renamed in place.
 */
export function assignSlugs(curated: readonly Merchant[], imported: readonly Merchant[]): Map<string, Merchant> {
  const bySlug = new Map<string, Merchant>();
  for (const m of curated) {
    if (bySlug.has(m.slug)) throw new Error(`curated slug ${m.slug} appears twice`);
    bySlug.set(m.slug, m);
  }
  const curatedSlugs = new Set(bySlug.keys());
  // Ties in fame fall to source_ref: the slug is not final yet.
  for (const m of [...imported].sort((a, b) => compareFame(a, b) || compareStrings(a.sourceRef, b.sourceRef))) {
    if (curatedSlugs.has(m.slug)) continue;
    let slug = m.slug;
    if (bySlug.has(slug)) slug = `${m.slug}-${m.slugSuffix}`;
    if (bySlug.has(slug)) slug = `${m.slug}-${slugify(m.sourceRef)}`;
    m.slug = slug;
    bySlug.set(slug, m);
  }
  return bySlug;
}
