/** One record of a source CSV, keyed by column name. */
export type Row = Record<string, string>;

/** A column's value, trimmed; '' when the column is missing. */
export function field(row: Row, name: string): string {
  return (row[name] ?? '').trim();
}
