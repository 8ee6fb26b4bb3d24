/** The NSI brand tag → MCC table (dataset/sources/osm-tag-mcc.csv) and how an entry finds its rule. */
import { field, type Row } from './internal/csv-row.ts';

/** One row of osm-tag-mcc.csv: `key=value`, optionally `+subKey=subValue`, and the MCC it gives. */
export interface TagRule {
  key: string;
  value: string;
  subKey: string;
  subValue: string;
  mcc: string;
  /** Lower wins when one brand is listed under several tags. */
  priority: number;
  /** Added in the second import round: its brands rank with the operators. */
  late: boolean;
}

/** Reads the rows of osm-tag-mcc.csv. */
export function parseTagRules(rows: readonly Row[]): TagRule[] {
  return rows.map((row) => {
    const [main = '', sub = ''] = field(row, 'tag').split('+');
    const [key = '', value = ''] = main.split('=');
    const [subKey = '', subValue = ''] = sub.split('=');
    return {
      key,
      value,
      subKey,
      subValue,
      mcc: field(row, 'mcc'),
      priority: Number(field(row, 'priority')),
      late: field(row, 'rank') === 'late',
    };
  });
}

/** The most specific tag rule for an NSI item (a clothes=women rule beats the plain shop=clothes one). */
export function matchTagRule(rules: readonly TagRule[], key: string, value: string, tags: Record<string, string>): TagRule | undefined {
  const candidates = rules.filter((r) => r.key === key && r.value === value);
  const specific = candidates.find((r) => r.subKey !== '' && tags[r.subKey] === r.subValue);
  return specific ?? candidates.find((r) => r.subKey === '');
}
