/** Section 1b of dataset/sources/README.md: NSI operators and transit agencies, one merchant per Wikidata id. */
import { operatorName } from './brand-name.ts';
import { chooseOperatorEntry, type OperatorEntry } from './choose-entry.ts';
import { compareStrings } from './internal/compare-strings.ts';
import { NsiBreadth } from './internal/nsi-breadth.ts';
import { nsiMerchant } from './internal/nsi-merchant.ts';
import { isDissolved } from './is-dissolved.ts';
import type { Merchant } from './merchant.ts';
import type { Dissolutions, NsiItem, NsiTree, Wikidata } from './nsi-types.ts';
import type { OperatorDecision, PathRule } from './operator-rules.ts';
import { slugify } from './slugify.ts';
import { RANK_TIERS } from './rank-tiers.ts';
import { usPresence } from './us-presence.ts';

/** Priority of an operator kept by an explicit MCC in operator-decisions.csv on a path without a rule. */
const DECISION_PRIORITY = 50;

/** What the operator import reads. */
export interface OperatorSources {
  nsi: NsiTree;
  dissolved: Dissolutions;
  wikidata: Wikidata;
  pathRules: ReadonlyMap<string, PathRule>;
  decisions: ReadonlyMap<string, OperatorDecision>;
}

/**
 * Reads NSI operators/* and transit/* entries operating in the US: the path's rule in
 * operator-mcc.csv gives the MCC, operator-decisions.csv skips an organisation or gives it an MCC.
 * One merchant per Wikidata id; ids already imported as brands are left to the brand.
 */
export function importOperators(
  sources: OperatorSources,
  brandQids: ReadonlySet<string>,
  mccCodes: ReadonlySet<string>,
): Map<string, Merchant> {
  const { nsi, dissolved, wikidata, pathRules, decisions } = sources;
  for (const [path, rule] of pathRules)
    if (!mccCodes.has(rule.mcc)) throw new Error(`operator-mcc.csv: ${path} has unknown MCC ${rule.mcc}`);
  for (const [qid, d] of decisions)
    if (d.mcc !== '' && !mccCodes.has(d.mcc)) throw new Error(`operator-decisions.csv: ${qid} has unknown MCC ${d.mcc}`);
  // Unlike brands, breadth counts only the entries that could become the merchant.
  const breadth = new NsiBreadth();
  const entries = new Map<string, OperatorEntry[]>();
  for (const path of Object.keys(nsi).sort()) {
    if (!path.startsWith('operators/') && !path.startsWith('transit/route/')) continue;
    const rule = pathRules.get(path);
    for (const item of nsi[path]?.items ?? []) {
      const qid = operatorQid(item);
      const presence = usPresence(item.locationSet);
      if (qid === '' || presence === 0 || brandQids.has(qid)) continue;
      const decision = decisions.get(qid);
      if (decision?.action === 'skip' || isDissolved(dissolved[item.id], wikidata[qid])) continue;
      const mcc = decision?.mcc || rule?.mcc || '';
      if (mcc === '') continue;
      breadth.add(qid, item);
      const list = entries.get(qid) ?? [];
      list.push({ item, path, mcc, priority: rule?.priority ?? DECISION_PRIORITY, presence });
      entries.set(qid, list);
    }
  }
  const out = new Map<string, Merchant>();
  for (const [qid, candidates] of [...entries.entries()].sort((a, b) => compareStrings(a[0], b[0]))) {
    const chosen = chooseOperatorEntry(candidates);
    const entry = wikidata[qid];
    const decision = decisions.get(qid);
    out.set(
      qid,
      nsiMerchant(qid, entry, breadth, {
        name: decision?.action === 'keep' && decision.name !== '' ? decision.name : operatorName(chosen.item, entry),
        // An explicit MCC in operator-decisions.csv wins over the path rules of every entry.
        mcc: decision?.mcc || chosen.mcc,
        tier: RANK_TIERS.late,
        slugSuffix: slugify(chosen.path.split('/')[2] ?? ''),
      }),
    );
  }
  return out;
}

/**
 * The organisation an operators/* or transit/* entry names: its operator (the agency that sells the
 * fares: one Maryland Transit Administration rather than its six networks), else a transit route's network.
 */
function operatorQid(item: NsiItem): string {
  const operator = item.tags['operator:wikidata'] ?? '';
  return operator !== '' ? operator : (item.tags['network:wikidata'] ?? '');
}
