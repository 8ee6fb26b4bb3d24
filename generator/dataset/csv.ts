/** Writes CSV the way the dataset keeps it: a header, `\n` line ends, quotes only where needed. */

/** One CSV field, quoted when it holds a comma, a quote or a line break. */
export function csvField(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A whole CSV document from a header and rows given in header order. */
export function toCsv(header: readonly string[], rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return `${[header, ...rows].map((row) => row.map(csvField).join(',')).join('\n')}\n`;
}
