import type { NsiItem } from '../nsi-types.ts';
import { locationCodes } from '../us-presence.ts';

/** How widely NSI lists each organisation (entries, and countries and regions named): the ranking's measure of fame. */
export class NsiBreadth {
  readonly #items = new Map<string, number>();
  readonly #areas = new Map<string, Set<string>>();

  /** Counts one entry of the organisation `qid`. */
  add(qid: string, item: NsiItem): void {
    this.#items.set(qid, (this.#items.get(qid) ?? 0) + 1);
    const area = this.#areas.get(qid) ?? new Set<string>();
    for (const code of locationCodes(item.locationSet.include)) area.add(code);
    this.#areas.set(qid, area);
  }

  /** Entries counted for `qid`. */
  itemCount(qid: string): number {
    return this.#items.get(qid) ?? 0;
  }

  /** Distinct countries and regions those entries include. */
  areaCount(qid: string): number {
    return this.#areas.get(qid)?.size ?? 0;
  }
}
