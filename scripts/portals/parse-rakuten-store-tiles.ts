/**
 * Parses Rakuten's current store pages (`https://www.rakuten.com/stores`, 2024 on): every store is
 * a link tile labelled "Find out more at <store> - Rakuten coupons and Cash Back"; its texts are the
 * store's name, the cash-back wording ("Up to $50 Cash Back", "6% Cash Back") and, during a raise,
 * "was $15", which is not the rate. The tiles carry no store domain (their links are Rakuten's own
 * store pages, `/factor_19786-xfas`).
 */
import { attributeOf, findAll, parseHtml, textOf } from './html-tree.ts';
import type { ParsedSnapshot, SnapshotContext } from './observation.ts';
import { tileObservations } from './store-tiles.ts';

const LABEL = /^Find out more at (.+) - Rakuten coupons and Cash Back$/;

/** The stores and rates of one saved Rakuten store page. */
export function parseRakutenStoreTiles(html: string, context: SnapshotContext): ParsedSnapshot {
  const tiles = findAll(parseHtml(html), (node) => node.nodeName === 'a' && LABEL.test(attributeOf(node, 'aria-label') ?? '')).map(
    (tile) => ({
      storeName: LABEL.exec(attributeOf(tile, 'aria-label')!)![1]!.trim(),
      wordings: findAll(tile, (node) => node.nodeName === 'span')
        .map(textOf)
        .filter((text) => !/^was\b/i.test(text)),
    }),
  );
  return tileObservations(tiles, context);
}
