/** How numbers, rates and rules read on the site. */
import type { Model } from '../../model.ts';
import { type Earning, round4 } from '../../ranking.ts';
import type { CardRewardRow, CardRow } from '../../../schemas/dataset.ts';
import { type Html, html } from './html.ts';
import { href, sitePaths } from '../../views/site-paths.ts';

/** A number without float noise or trailing zeros: 1.5, 2, 0.0125. */
export function num(value: number): string {
  return String(round4(value));
}

/** An integer with thousands separators: 60,000. */
export function grouped(value: number): string {
  return String(Math.trunc(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** US dollars with thousands separators: $6,000, $95, $2.50. */
export function usd(value: number): string {
  const [whole = '0', cents] = value.toFixed(2).split('.');
  return `$${grouped(Number(whole))}${cents === '00' ? '' : `.${cents}`}`;
}

/** A share as a percentage with one decimal: 91.3 %. */
export function percent(part: number, whole: number): string {
  return whole === 0 ? '0 %' : `${(Math.round((part / whole) * 1000) / 10).toFixed(1)} %`;
}

/** A card's own multiplier: `3 %` for cash back, `3×` for points and miles. */
export function rateText(model: Model, card: CardRow, rate: number): string {
  return model.programs.get(card.program)?.kind === 'cash_back' ? `${num(rate)} %` : `${num(rate)}×`;
}

/** What a rate is worth, in cents per dollar spent (which is also percent back). */
export function valueText(earning: Pick<Earning, 'value' | 'valuation' | 'points'>): string {
  return `${num(earning.value)}¢ per $1${earning.points[earning.valuation].basis === 'assumed' ? ' (assumed 1¢ a point)' : ''}`;
}

const CAP_PERIOD: Readonly<Record<string, string>> = { month: 'a month', quarter: 'a quarter', year: 'a year' };

/** The rule behind a rate, in words, with its category linked to the category's page. */
export function ruleText(model: Model, card: CardRow, rule: CardRewardRow | null): Html {
  if (rule === null) return html`base rate (no bonus category of this card covers it)`;
  const category = model.categories.get(rule.category);
  const cap =
    rule.cap_usd !== null
      ? ` up to ${usd(rule.cap_usd)}${rule.cap_period ? ` ${CAP_PERIOD[rule.cap_period] ?? rule.cap_period}` : ''}` +
        (rule.rate_after_cap !== null ? `, then ${rateText(model, card, rule.rate_after_cap)}` : '')
      : '';
  const channel = rule.channel === 'direct' ? ' when paid directly' : '';
  const selection =
    rule.selection === 'chosen' ? ' (a category you choose)' : rule.selection === 'auto' ? ' (your top category, automatic)' : '';
  const dates =
    rule.valid_from !== null || rule.valid_to !== null ? ` from ${rule.valid_from ?? 'now'} to ${rule.valid_to ?? 'further notice'}` : '';
  return html`<a href="${href(model, sitePaths.best(rule.category))}">${category?.name ?? rule.category}</a>${cap}${channel}${selection}${dates}`;
}

/** A card network as people write it (`mastercard` → Mastercard): the one list, shared with the browser scripts. */
export { networkName } from '../../../schemas/network-names.ts';
