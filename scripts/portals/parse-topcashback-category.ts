/**
 * Parses a TopCashback category page (`https://www.topcashback.com/category/<name>/`): every
 * `a.category-panel` is a store, with its name (`.search-merchant-name`) and its cash-back wording
 * (`.category-cashback-rate`, "Up to 8% Cash Back"). The page's navigation menu repeats a few
 * featured stores with their own rates; those are not the list and are not read.
 */
import { findAll, findByClass, hasClass, parseHtml, textOf } from './html-tree.ts';
import type { ParsedSnapshot, SnapshotContext } from './observation.ts';
import { tileObservations } from './store-tiles.ts';

/** The stores and rates of one saved TopCashback category page. */
export function parseTopCashbackCategory(html: string, context: SnapshotContext): ParsedSnapshot {
  const tiles = findAll(parseHtml(html), (node) => node.nodeName === 'a' && hasClass(node, 'category-panel')).map((panel) => {
    const name = findByClass(panel, 'search-merchant-name');
    const rate = findByClass(panel, 'category-cashback-rate');
    return { storeName: name ? textOf(name) : '', wordings: rate ? [textOf(rate)] : [] };
  });
  return tileObservations(tiles, context);
}
