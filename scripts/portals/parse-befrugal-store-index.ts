/**
 * Parses BeFrugal's store index (`https://www.befrugal.com/coupons/stores/`): every link to a
 * store page (`/store/<name>/`) with a logo is a store; the logo's `alt` is its name and the
 * highlighted text under it its wording ("up to 4% Cash Back"). A store without that text (Amazon,
 * which BeFrugal pays through another programme) has no rate on the page.
 */
import { attributeOf, findAll, findByClass, parseHtml, textOf } from './html-tree.ts';
import type { ParsedSnapshot, SnapshotContext } from './observation.ts';
import { tileObservations } from './store-tiles.ts';

/** The stores and rates of one saved BeFrugal store index. */
export function parseBefrugalStoreIndex(html: string, context: SnapshotContext): ParsedSnapshot {
  const links = findAll(parseHtml(html), (node) => node.nodeName === 'a' && (attributeOf(node, 'href') ?? '').startsWith('/store/'));
  const tiles = links.flatMap((link) => {
    const logo = findAll(link, (node) => node.nodeName === 'img' && attributeOf(node, 'alt') !== null)[0];
    if (!logo) return [];
    const highlight = findByClass(link, 'txt-highlight');
    return [{ storeName: attributeOf(logo, 'alt')!.trim(), wordings: highlight ? [textOf(highlight)] : [] }];
  });
  return tileObservations(tiles, context);
}
