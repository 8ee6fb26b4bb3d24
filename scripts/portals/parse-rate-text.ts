/** Reads the rate wording the portals print ("3 miles/$", "2 points/$1", "250 miles", "Up to 1.5% Cash Back", "$10 Cash Back"). */
import type { RateUnit } from './observation.ts';

/** A rate read from its wording. */
export interface RateText {
  readonly rate: number;
  readonly unit: RateUnit;
  readonly upTo: boolean;
}

const UNIT_WORDS: readonly (readonly [RegExp, RateUnit])[] = [
  [/^miles?\s*\/\s*\$\s*1?$/i, 'miles_per_dollar'],
  [/^points?\s*\/\s*\$\s*1?$/i, 'points_per_dollar'],
  [/^miles?$/i, 'miles_flat'],
  [/^points?$/i, 'points_flat'],
  [/^%(\s*cash\s*back)?$/i, 'percent'],
];

/** The rate a wording states, or null when it states none (e.g. "No Discount"). */
export function parseRateText(wording: string): RateText | null {
  let text = wording.replace(/\s+/g, ' ').trim();
  const upTo = /^up to\b/i.test(text);
  if (upTo) text = text.replace(/^up to\s*/i, '');
  text = text.replace(/^earn\s+/i, '');
  const dollars = /^\$\s*(\d[\d,]*(?:\.\d+)?)(?:\s*cash\s*back)?$/i.exec(text);
  if (dollars) return { rate: Number(dollars[1]!.replaceAll(',', '')), unit: 'usd_flat', upTo };
  const match = /^(\d[\d,]*(?:\.\d+)?|\.\d+)\s*(.*)$/.exec(text);
  if (!match) return null;
  const unit = UNIT_WORDS.find(([pattern]) => pattern.test(match[2]!.trim()))?.[1];
  if (unit === undefined) return null;
  const rate = Number(match[1]!.replaceAll(',', ''));
  return Number.isFinite(rate) && rate > 0 ? { rate, unit, upTo } : null;
}
