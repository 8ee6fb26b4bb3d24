import { toCsv } from '../../generator/dataset/csv.ts';
import type { Merchant } from './merchant.ts';

/** The columns of dataset/merchants.csv, in order. */
const HEADER = ['slug', 'name', 'mcc', 'domains', 'popularity_rank', 'source', 'source_ref', 'as_of'] as const;

/** The bytes of dataset/merchants.csv: merchants in the order given, ranks by slug. */
export function merchantsCsv(merchants: readonly Merchant[], ranks: ReadonlyMap<string, number>): string {
  return toCsv(
    HEADER,
    merchants.map((m) => [m.slug, m.name, m.mcc, m.domains.join(';'), ranks.get(m.slug), m.source, m.sourceRef, m.asOf]),
  );
}
