/** How numbers read on the site's pages and in its browser scripts: one way, so a re-ranked row reads as a built one. */

/** A number without float noise or trailing zeros, to four decimals: 1.5, 2, 0.0125. */
export function numberText(value: number): string {
  return String(Math.round(value * 10_000) / 10_000);
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
