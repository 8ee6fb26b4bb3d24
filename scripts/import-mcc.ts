/**
 * Derives dataset/mcc.csv from the public 981-code MCC list shipped in the `mcc` npm package
 * (MIT; a copy of the public-domain greggles/mcc-codes list). Run: npm run import:mcc.
 * Running it again gives the same bytes.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { toCsv } from '../generator/dataset/csv.ts';

interface SourceCode {
  readonly mcc: string;
  readonly edited_description: string;
}

/** The list's two known typos, corrected; everything else is kept as the list writes it. */
const CORRECTIONS: Readonly<Record<string, string>> = {
  '3012': 'QANTAS',
  '5948': 'Luggage and Leather Goods Stores',
};

/**
 * The card networks' published MCC ranges (as Citi lists them: agricultural services 0001–1499,
 * contracted services 1500–2999, airlines 3000–3299, car rental 3300–3499, lodging 3500–3999,
 * transportation services 4000–4799, utility services 4800–4999, retail outlet services 5000–5599,
 * clothing stores 5600–5699, miscellaneous stores 5700–7299, business services 7300–7999,
 * professional services and membership organizations 8000–8999, government services 9000–9999).
 */
const GROUPS: readonly (readonly [last: number, label: string])[] = [
  [1499, 'agricultural services'],
  [2999, 'contracted services'],
  [3299, 'airlines'],
  [3499, 'car rental'],
  [3999, 'lodging'],
  [4799, 'transportation services'],
  [4999, 'utility services'],
  [5599, 'retail outlet services'],
  [5699, 'clothing stores'],
  [7299, 'miscellaneous stores'],
  [7999, 'business services'],
  [8999, 'professional services and membership organizations'],
  [9999, 'government services'],
];

/** The network range label of a four-digit code. */
export function groupOf(code: string): string {
  const value = Number(code);
  const group = GROUPS.find(([last]) => value <= last);
  if (!group) throw new Error(`MCC ${code} is outside 0000–9999`);
  return group[1];
}

/** White space tidied (`( For Visa Only)` → `(For Visa Only)`); wording untouched. */
function tidy(description: string): string {
  return description.replace(/\s+/g, ' ').replace(/\(\s+/g, '(').replace(/\s+\)/g, ')').trim();
}

function main(): void {
  const require = createRequire(import.meta.url);
  const source = JSON.parse(readFileSync(require.resolve('mcc/mcc_codes.json'), 'utf8')) as SourceCode[];
  const rows = source
    .map((entry) => [entry.mcc, CORRECTIONS[entry.mcc] ?? tidy(entry.edited_description), groupOf(entry.mcc)] as const)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  if (new Set(rows.map(([code]) => code)).size !== rows.length) throw new Error('the source list repeats a code');
  writeFileSync('dataset/mcc.csv', toCsv(['code', 'description', 'category_group'], rows));
  console.log(`dataset/mcc.csv: ${rows.length} codes`);
}

main();
