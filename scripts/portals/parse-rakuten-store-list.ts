/**
 * Parses Rakuten's (Ebates') "all stores" page: every `li.store` holds the store's name, a link
 * whose path is the store's domain (`/macys.com`), and its cash-back wording; a "was X%" note
 * beside a raised rate is not the rate.
 */
import { getDomain } from 'tldts';
import { attributeOf, findAll, findByClass, hasClass, ownTextOf, parseHtml, textOf } from './html-tree.ts';
import { type ParsedSnapshot, type SkippedEntry, type SnapshotContext, type StoreObservation, statedRate } from './observation.ts';
import { parseRateText } from './parse-rate-text.ts';

const NO_RATE: readonly (readonly [RegExp, SkippedEntry['reason']])[] = [
  [/^no discount/i, 'no discount'],
  [/^coupons only/i, 'coupons only'],
  [/^in-store/i, 'in-store only'],
];

/** The stores and rates of one saved Rakuten store list. */
export function parseRakutenStoreList(html: string, context: SnapshotContext): ParsedSnapshot {
  const observations = new Map<string, StoreObservation>();
  const skipped = new Map<string, SkippedEntry>();
  const dated = { observedOn: context.observedOn, source: context.source };
  for (const item of findAll(parseHtml(html), (node) => node.nodeName === 'li' && hasClass(node, 'store'))) {
    const nameSpan = findByClass(item, 'store-name');
    const rebateSpan = findByClass(item, 'store-rebate');
    const nameLink = nameSpan ? findAll(nameSpan, (node) => node.nodeName === 'a')[0] : undefined;
    const rebateLink = rebateSpan ? findAll(rebateSpan, (node) => node.nodeName === 'a')[0] : undefined;
    if (!nameLink) continue;
    const storeName = textOf(nameLink);
    const wording = rebateLink ? ownTextOf(rebateLink) : '';
    const rate = parseRateText(wording);
    if (rate === null) {
      const reason = NO_RATE.find(([pattern]) => pattern.test(wording))?.[1] ?? (wording === '' ? 'no rate shown' : 'unreadable rate');
      skipped.set(storeName, { portal: context.portal, storeName, reason, ...dated });
      continue;
    }
    observations.set(storeName, statedRate(context, storeName, domainOf(attributeOf(nameLink, 'href')), rate));
  }
  return { observations: [...observations.values()], skipped: [...skipped.values()] };
}

/** `/macys.com` → `macys.com`; a path that is not a domain gives null. */
function domainOf(href: string | null): string | null {
  const path = (href ?? '').replace(/^\/+/, '').split(/[/?#]/)[0] ?? '';
  return path.includes('.') ? getDomain(path) : null;
}
