/** How numbers, rates and rules read on the site (the parts a table row shows are schemas/card-row.ts, shared with the browser). */
import type { Model } from '../../engine/model.ts';
import type { CardRow } from '../../../schemas/dataset.ts';
import { rateText as cardRateText, type RowPaths } from '../../../schemas/card-row.ts';
import { href, sitePaths } from '../../views/site-paths.ts';
import { isCashBack } from '../../views/cards.ts';

export { grouped, numberText as num, usd } from '../../../schemas/number-text.ts';

/** A share as a percentage with one decimal: 91.3 %. */
export function percent(part: number, whole: number): string {
  return whole === 0 ? '0 %' : `${(Math.round((part / whole) * 1000) / 10).toFixed(1)} %`;
}

/** A card's own multiplier: `3 %` for cash back, `3×` for points and miles. */
export function rateText(model: Model, card: CardRow, rate: number): string {
  return cardRateText(isCashBack(model, card), rate);
}

/** Where a table row links on this model's site (its base path included). */
export function rowPaths(model: Model): RowPaths {
  return { card: (slug) => href(model, sitePaths.card(slug)), best: (category) => href(model, sitePaths.best(category)) };
}

/** A card network as people write it (`mastercard` → Mastercard): the one list, shared with the browser scripts. */
export { networkName } from '../../../schemas/network-names.ts';
