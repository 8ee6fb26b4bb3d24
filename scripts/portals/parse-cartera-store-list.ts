/**
 * Parses the "all stores" page of a Cartera-run airline portal (AAdvantage eShopping, MileagePlus
 * Shopping, Rapid Rewards Shopping, SkyMiles Shopping): every `a[data-default-tab=merchant]` is a
 * store with its name and its rate; a running bonus shows the old and the new value, and the new
 * one is what the page offered that day.
 */
import { attributeOf, findAll, findByClass, ownTextOf, parseHtml, textOf } from './html-tree.ts';
import { type ParsedSnapshot, type SkippedEntry, type SnapshotContext, type StoreObservation, statedRate } from './observation.ts';
import { parseRateText } from './parse-rate-text.ts';

/** The stores and rates of one saved Cartera store list. */
export function parseCarteraStoreList(html: string, context: SnapshotContext): ParsedSnapshot {
  const observations = new Map<string, StoreObservation>();
  const skipped = new Map<string, SkippedEntry>();
  const links = findAll(parseHtml(html), (node) => node.nodeName === 'a' && attributeOf(node, 'data-default-tab') === 'merchant');
  for (const link of links) {
    const nameNode = findByClass(link, 'mn_merchName');
    if (!nameNode) continue;
    const storeName = ownTextOf(nameNode) || textOf(nameNode);
    const valueNode = findByClass(link, 'mn_rebateValueWithCurrency');
    const elevated = valueNode ? findByClass(valueNode, 'mn_elevationNewValue') : null;
    const wording = elevated ? textOf(elevated) : valueNode ? ownTextOf(valueNode) : '';
    const prefix = findByClass(link, 'mn_rebatePrefix');
    const upTo = prefix !== null && /up to/i.test(textOf(prefix));
    const rate = parseRateText(`${upTo ? 'Up to ' : ''}${wording}`);
    // A store can sit in several groups of the same page (featured, A–Z): one entry each.
    const key = `${storeName}\u0000${wording}`;
    if (rate === null) {
      skipped.set(key, {
        portal: context.portal,
        storeName,
        reason: wording === '' ? 'no rate shown' : 'unreadable rate',
        ...dated(context),
      });
      continue;
    }
    observations.set(key, statedRate(context, storeName, null, rate));
  }
  return { observations: [...observations.values()], skipped: [...skipped.values()] };
}

function dated(context: SnapshotContext) {
  return { observedOn: context.observedOn, source: context.source };
}
