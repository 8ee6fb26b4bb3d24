/** Section 1 of dataset/sources/README.md: NSI brands operating in the US, one merchant per Wikidata id. */
import { brandName, plainName } from './brand-name.ts';
import { type BrandEntry, chooseBrandEntry } from './choose-entry.ts';
import { compareStrings } from './internal/compare-strings.ts';
import { NsiBreadth } from './internal/nsi-breadth.ts';
import { nsiMerchant } from './internal/nsi-merchant.ts';
import { isDissolved } from './is-dissolved.ts';
import type { Merchant } from './merchant.ts';
import type { Dissolutions, NsiTree, Wikidata } from './nsi-types.ts';
import { matchTagRule, type TagRule } from './tag-rules.ts';
import { slugify } from './slugify.ts';
import { RANK_TIERS } from './rank-tiers.ts';
import { usPresence } from './us-presence.ts';

/** Reads NSI brands operating in the US whose tag has an MCC, one merchant per Wikidata id, keyed by that id. */
export function importNsi(nsi: NsiTree, dissolved: Dissolutions, rules: readonly TagRule[], wikidata: Wikidata): Map<string, Merchant> {
  // Breadth counts every entry of the brand, in any country and even dissolved: it measures fame.
  const breadth = new NsiBreadth();
  const entries = new Map<string, BrandEntry[]>();
  const nationalQids = new Set<string>();
  for (const path of Object.keys(nsi).sort()) {
    if (!path.startsWith('brands/')) continue;
    const [, key = '', value = ''] = path.split('/');
    for (const item of nsi[path]?.items ?? []) {
      const qid = item.tags['brand:wikidata'] ?? '';
      if (qid === '') continue;
      breadth.add(qid, item);
      if (isDissolved(dissolved[item.id], wikidata[qid])) continue;
      const presence = usPresence(item.locationSet);
      if (presence === 2) nationalQids.add(qid);
      const rule = matchTagRule(rules, key, value, item.tags);
      if (presence === 0 || rule === undefined) continue;
      const labelMatch = plainName(item.displayName) === plainName(wikidata[qid]?.label ?? '');
      const list = entries.get(qid) ?? [];
      list.push({ item, rule, tag: `${key}=${value}`, presence, labelMatch });
      entries.set(qid, list);
    }
  }
  const out = new Map<string, Merchant>();
  for (const [qid, candidates] of [...entries.entries()].sort((a, b) => compareStrings(a[0], b[0]))) {
    const chosen = chooseBrandEntry(candidates);
    out.set(
      qid,
      nsiMerchant(qid, wikidata[qid], breadth, {
        name: brandName(chosen.item),
        mcc: chosen.rule.mcc,
        // Tags added after the first import (rank = late) rank with the operators, after every older tier.
        // A brand counts as national when any live entry covers the whole US, even one under a tag without an MCC.
        tier: chosen.rule.late ? RANK_TIERS.late : nationalQids.has(qid) ? RANK_TIERS.nationalBrand : RANK_TIERS.regionalBrand,
        slugSuffix: slugify(chosen.tag.split('=')[1] ?? ''),
      }),
    );
  }
  return out;
}
