/**
 * How many bytes a build may write for a dataset: the bound docs/input-limits.md states, computed
 * from its rows before the first file is written. Each row of each table may be carried, at its
 * cell limits (schemas/dataset/limits.ts), into every output family (a route variant's file
 * template, an artefact) once; the tree is held to the sum of that over every row, plus what every
 * tree holds whatever the dataset. A dataset that grows by rows gets a bound that grows with them,
 * and a route or variant added to the catalogue raises it without a number to keep by hand. The
 * writer enforces it as it goes (emit-tree.ts): a dataset cannot make a build fill a disk.
 */
import type { Artefact, HistoryArtefact } from '../artefact.ts';
import { cellRule } from '../internal/cell-checks.ts';
import type { Dataset } from '../dataset/load-dataset.ts';
import type { RouteDefinition } from '../route.ts';
import type { TableDefinition, TableName } from '../dataset/tables.ts';
import { templateParams } from '../../schemas/path-template.ts';
import { GeneratorError } from '../errors.ts';

/** What every tree holds whatever the dataset (site assets, the API document, the empty routes). */
export const OUTPUT_ALLOWANCE_BYTES = 64 * 1024 * 1024;

/**
 * The most a build may write unless told otherwise (`build --max-output`): a dataset whose bound passes
 * it is refused before the first byte. The bound counts every row at its cell limits, about 20 times
 * what real rows make, so 1 TiB admits some 50 times today's merchants (about 60 GB of real tree) and
 * refuses a table of half a million rows that would otherwise be written for hours.
 */
export const DEFAULT_MAX_OUTPUT_BYTES = 2 ** 40;

/** The most bytes one character takes in UTF-8 (cell limits count characters). */
const UTF8_BYTES_PER_CHARACTER = 4;

/** What the rows of one table may add to the tree. */
export interface TableBudget {
  readonly table: TableName;
  readonly file: string;
  readonly rows: number;
  /** The row at its cell limits, in bytes, times the output families. */
  readonly bytesPerRow: number;
  readonly bytes: number;
}

/** The bound of a dataset's tree, table by table. */
export interface OutputBudget {
  /** How many output families (file templates and artefacts) may carry a row. */
  readonly families: number;
  /** Largest budget first. */
  readonly tables: readonly TableBudget[];
  /** The most bytes the tree (its files, before their .br and .gz siblings) may hold. */
  readonly total: number;
}

/** The most bytes a row of `table` may hold: the limit of every column's cell (a list's items and separators included), in UTF-8. */
export function rowBytesAtLimits(table: TableDefinition): number {
  let characters = 0;
  for (const schema of Object.values(table.schema.properties)) {
    characters += cellRule(schema as Parameters<typeof cellRule>[0]).limit;
  }
  return characters * UTF8_BYTES_PER_CHARACTER;
}

/**
 * The output families of a catalogue: every artefact, and every route variant's file template
 * counted once per value of each placeholder beyond the one that names the row (a valuation, a
 * segment: each a choice of two), so a variant that multiplies the files of a row multiplies its share.
 */
export function outputFamilies(
  routes: readonly RouteDefinition[],
  artefacts: readonly Artefact[],
  historyArtefacts: readonly HistoryArtefact[],
): number {
  let families = artefacts.length + historyArtefacts.length;
  for (const route of routes) {
    for (const variant of route.variants) {
      const placeholders = templateParams(variant.file).filter((name) => name !== 'page').length;
      families += 2 ** Math.max(0, placeholders - 1);
    }
  }
  return families;
}

/** The bound of the tree of `dataset`, whose tables are `tables`, for a catalogue of `families` output families. */
export function outputBudget(dataset: Dataset, tables: readonly TableDefinition[], families: number): OutputBudget {
  const budgets = tables.map((table): TableBudget => {
    const rows = dataset[table.name].length;
    const bytesPerRow = rowBytesAtLimits(table) * families;
    return { table: table.name, file: table.file, rows, bytesPerRow, bytes: rows * bytesPerRow };
  });
  budgets.sort((a, b) => b.bytes - a.bytes);
  return { families, tables: budgets, total: OUTPUT_ALLOWANCE_BYTES + budgets.reduce((sum, budget) => sum + budget.bytes, 0) };
}

/**
 * ERR_OUTPUT_BOUND before anything is written when the bound of `budget` passes `maxOutputBytes` (what
 * the build may write), naming the tables whose rows make most of it; undefined when it fits.
 */
export function overCeiling(budget: OutputBudget, maxOutputBytes: number): GeneratorError | undefined {
  if (budget.total <= maxOutputBytes) return undefined;
  return new GeneratorError(
    'ERR_OUTPUT_BOUND',
    `the rows of this dataset may make a tree of ${number(budget.total)} bytes, over the ${number(maxOutputBytes)} bytes a build may write ` +
      `(--max-output); largest: ${largestBudgets(budget)} (docs/input-limits.md); nothing was written`,
  );
}

/** The two largest table budgets, for a message: what a dataset over its bound should look at first. */
export function largestBudgets(budget: OutputBudget): string {
  return budget.tables.slice(0, 2).map(describeBudget).join('; ');
}

const number = (value: number) => value.toLocaleString('en-US');

/** One line of a report: `merchants.csv: 40,130 rows × 1,234 bytes = 49,520,420 bytes`. */
function describeBudget(budget: TableBudget): string {
  return `${budget.file}: ${number(budget.rows)} rows × ${number(budget.bytesPerRow)} bytes = ${number(budget.bytes)} bytes`;
}
