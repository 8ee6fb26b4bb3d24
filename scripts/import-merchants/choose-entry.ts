/** One merchant per Wikidata id: which of an organisation's NSI entries stands for it. */
import type { NsiItem } from './nsi-types.ts';
import type { TagRule } from './tag-rules.ts';

/** A US brand entry under a tag with an MCC. */
export interface BrandEntry {
  item: NsiItem;
  rule: TagRule;
  /** `key=value` of the entry's tree path. */
  tag: string;
  /** usPresence: 2 whole US, 1 some states or territories. */
  presence: number;
  /** The entry's name equals the brand's Wikidata label. */
  labelMatch: boolean;
}

/** A US operator or transit entry with an MCC. */
export interface OperatorEntry {
  item: NsiItem;
  path: string;
  mcc: string;
  priority: number;
  presence: number;
}

/**
 * The brand entry that stands for its Wikidata id: the one named like the brand's Wikidata label; then
 * lower rule priority (Costco is a warehouse club, not its gas station); then presence in the whole US;
 * then tag and NSI id. Of equal entries the first given wins.
 */
export function chooseBrandEntry(entries: readonly BrandEntry[]): BrandEntry {
  return entries.reduce((best, entry) => (betterBrandEntry(entry, best) ? entry : best));
}

/**
 * The operator entry that stands for its Wikidata id: lower rule priority (a transit agency also listed
 * under power substations stays a transit agency); then whole-US presence; then path and NSI id.
 */
export function chooseOperatorEntry(entries: readonly OperatorEntry[]): OperatorEntry {
  return entries.reduce((best, entry) => (betterOperatorEntry(entry, best) ? entry : best));
}

function betterBrandEntry(a: BrandEntry, b: BrandEntry): boolean {
  if (a.labelMatch !== b.labelMatch) return a.labelMatch;
  if (a.rule.priority !== b.rule.priority) return a.rule.priority < b.rule.priority;
  if (a.presence !== b.presence) return a.presence > b.presence;
  if (a.tag !== b.tag) return a.tag < b.tag;
  return a.item.id < b.item.id;
}

function betterOperatorEntry(a: OperatorEntry, b: OperatorEntry): boolean {
  if (a.priority !== b.priority) return a.priority < b.priority;
  if (a.presence !== b.presence) return a.presence > b.presence;
  if (a.path !== b.path) return a.path < b.path;
  return a.item.id < b.item.id;
}
