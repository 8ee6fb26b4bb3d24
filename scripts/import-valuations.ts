/**
 * Sets each program's value in dataset/programs.csv to the median of its publishers' figures in
 * dataset/sources/valuations.csv (issue 40, item 3). Each publisher counts once, with its newest figure;
 * only figures published since MIN_PUBLISHED count, and a program needs MIN_PUBLISHERS of them, else
 * its row is left as it is. Run: node bin/run-ts.js scripts/import-valuations.ts [--kinds=airline_miles,hotel_points]
 * (--kinds limits the rewrite to those program kinds). Running it again gives the same bytes.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { toCsv } from '../generator/dataset/csv.ts';

const PROGRAMS = 'dataset/programs.csv';
const FIGURES = 'dataset/sources/valuations.csv';
/** Older figures are kept in the sources file for the record but not used. */
const MIN_PUBLISHED = '2025-01';
/** A median of one figure is that publisher's opinion, not a median. */
const MIN_PUBLISHERS = 2;

type Row = Record<string, string>;

/** One publisher's figure for one program, as the sources file records it. */
interface Figure {
  readonly program: string;
  readonly publisher: string;
  readonly cents: number;
  readonly publishedOn: string;
}

const readCsv = (path: string): { header: string[]; rows: Row[] } => {
  const text = readFileSync(path, 'utf8');
  const header = (parse(text, { to_line: 1 }) as string[][])[0] ?? [];
  return { header, rows: parse(text, { columns: true }) as Row[] };
};

/** Each publisher's newest figure per program, from the allowed dates on. */
function newestFigures(rows: readonly Row[]): Map<string, Figure[]> {
  const newest = new Map<string, Figure>();
  for (const row of rows) {
    const figure: Figure = {
      program: row['program'] ?? '',
      publisher: row['publisher'] ?? '',
      cents: Number(row['cents_per_point']),
      publishedOn: row['published_on'] ?? '',
    };
    if (!Number.isFinite(figure.cents) || figure.publishedOn < MIN_PUBLISHED) continue;
    const key = `${figure.program}\u0000${figure.publisher}`;
    const seen = newest.get(key);
    if (!seen || seen.publishedOn < figure.publishedOn) newest.set(key, figure);
  }
  const byProgram = new Map<string, Figure[]>();
  for (const figure of newest.values()) byProgram.set(figure.program, [...(byProgram.get(figure.program) ?? []), figure]);
  return byProgram;
}

/** The median, rounded half up to the dataset's two decimals (an even count averages the middle two). */
function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const value = sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
  // The epsilon keeps 1.425 (stored as 1.42499…) rounding up, as the dataset rounds by hand (1.875 → 1.88).
  return Math.round(value * 100 + 1e-9) / 100;
}

/** The valuation_source text: how many publishers, then each with its date and figure. */
function basisText(figures: readonly Figure[], value: number): string {
  const listed = [...figures]
    .sort((a, b) => a.publisher.localeCompare(b.publisher))
    .map((figure) => `${figure.publisher} ${figure.publishedOn} (${figure.cents})`)
    .join(', ');
  return `median of ${figures.length} publishers (${value}): ${listed}; each publisher's newest figure, pages and dates in dataset/sources/valuations.csv`;
}

const kindsArgument = process.argv.find((argument) => argument.startsWith('--kinds='));
const kinds = kindsArgument ? new Set(kindsArgument.slice('--kinds='.length).split(',')) : null;
const figures = newestFigures(readCsv(FIGURES).rows);
const programs = readCsv(PROGRAMS);
let changed = 0;
const rows = programs.rows.map((row) => {
  const own = figures.get(row['slug'] ?? '') ?? [];
  if (own.length < MIN_PUBLISHERS || (kinds && !kinds.has(row['kind'] ?? ''))) return row;
  const value = median(own.map((figure) => figure.cents));
  changed += 1;
  return { ...row, cents_per_point: String(value), valuation_basis: 'published', valuation_source: basisText(own, value) };
});
writeFileSync(
  PROGRAMS,
  toCsv(
    programs.header,
    rows.map((row) => programs.header.map((column) => row[column] ?? '')),
  ),
);
console.log(`${PROGRAMS}: ${changed} programs valued by the median of their publishers`);
