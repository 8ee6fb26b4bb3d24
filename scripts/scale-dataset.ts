/**
 * Writes a K-times copy of the dataset for load runs (`npm run bench`, issue 12): every merchant
 * appears K times, copy k with its own slug (`<slug>-x<k>`), name (`<name> (copy k)`), domains
 * (`x<k>-<domain>`) and popularity rank (ranked after every earlier copy). The merchant's rows in
 * category_merchant.csv and portal_rates.csv are copied with it, so the copies rank and earn as
 * the originals do; every other file is copied as it is. Copy 1 is the dataset unchanged.
 *
 * The output is a test load, not data: write it outside the repository or into a git-ignored
 * folder (the default, `.datasets/<K>x/`), and never commit it.
 *
 * Usage: node bin/run-ts.js scripts/scale-dataset.ts K [--dataset DIR] [--out DIR]
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { parse } from 'csv-parse/sync';
import { toCsv } from '../generator/dataset/csv.ts';

type Row = Record<string, string>;

/** Files whose rows name a merchant (column `merchant`), copied along with it. */
const PER_MERCHANT_FILES = ['category_merchant.csv', 'portal_rates.csv', 'merchant_acceptance.csv'];

/** Writes the K-times copy of `datasetDir` into `outDir`; returns the number of merchants written. */
export function scaleDataset(datasetDir: string, outDir: string, times: number): number {
  if (!Number.isInteger(times) || times < 1) throw new Error(`K must be a whole number ≥ 1, got ${times}`);
  mkdirSync(outDir, { recursive: true });
  for (const name of readdirSync(datasetDir)) {
    const from = join(datasetDir, name);
    if (statSync(from).isFile() && name !== 'merchants.csv' && !PER_MERCHANT_FILES.includes(name)) copyFileSync(from, join(outDir, name));
  }

  const merchants = readCsv(join(datasetDir, 'merchants.csv'));
  const lastRank = Math.max(...merchants.rows.map((row) => Number(row['popularity_rank'])));
  const copies = (row: Row, k: number): Row =>
    k === 1
      ? row
      : {
          ...row,
          slug: copySlug(row['slug']!, k),
          name: `${row['name']} (copy ${k})`,
          domains: (row['domains'] ?? '')
            .split(';')
            .filter((domain) => domain !== '')
            .map((domain) => `x${k}-${domain}`)
            .join(';'),
          popularity_rank: String(Number(row['popularity_rank']) + (k - 1) * lastRank),
        };
  writeCsv(join(outDir, 'merchants.csv'), merchants.header, repeat(merchants.rows, times, copies));

  for (const file of PER_MERCHANT_FILES) {
    if (!existsSync(join(datasetDir, file))) continue;
    const table = readCsv(join(datasetDir, file));
    const copy = (row: Row, k: number): Row => (k === 1 ? row : { ...row, merchant: copySlug(row['merchant']!, k) });
    writeCsv(join(outDir, file), table.header, repeat(table.rows, times, copy));
  }
  return merchants.rows.length * times;
}

function copySlug(slug: string, k: number): string {
  return `${slug}-x${k}`;
}

/** All of copy 1's rows, then all of copy 2's, and so on: the order is fixed, so the output is too. */
function repeat(rows: readonly Row[], times: number, copy: (row: Row, k: number) => Row): Row[] {
  const out: Row[] = [];
  for (let k = 1; k <= times; k++) for (const row of rows) out.push(copy(row, k));
  return out;
}

function readCsv(path: string): { header: string[]; rows: Row[] } {
  const text = readFileSync(path, 'utf8');
  const [header] = parse(text, { to_line: 1 }) as string[][];
  return { header: header ?? [], rows: parse(text, { columns: true, skip_empty_lines: true }) as Row[] };
}

function writeCsv(path: string, header: readonly string[], rows: readonly Row[]): void {
  writeFileSync(
    path,
    toCsv(
      header,
      rows.map((row) => header.map((column) => row[column] ?? '')),
    ),
  );
}

if (import.meta.url === `file://${process.argv[1] ? resolve(process.argv[1]) : ''}`) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { dataset: { type: 'string', default: 'dataset' }, out: { type: 'string' } },
  });
  const times = Number(positionals[0] ?? Number.NaN);
  const out = values.out ?? join('.datasets', `${times}x`);
  const count = scaleDataset(values.dataset, out, times);
  console.log(`wrote ${out}: ${count.toLocaleString('en-US')} merchants (${times} × ${values.dataset})`);
}
