/**
 * Turns the dataset's CSV texts into typed rows, collecting every problem instead of stopping
 * at the first: bad syntax, missing or unknown columns, values that break the row schema.
 */
import { parse } from 'csv-parse/sync';
import type { ErrorObject } from 'ajv';
import { validatorFor } from '../../schemas/validator.ts';
import { type CsvParseError, cellRule, checkCells, shortQuote, syntaxProblem } from '../internal/cell-checks.ts';
import type { Problem } from '../dataset-problems.ts';
import { tables, type TableDefinition, type TableName } from './tables.ts';
import type * as Rows from '../../schemas/dataset.ts';

/** A row with the line it came from, so later checks can point at it. */
export interface Located<T> {
  readonly row: T;
  readonly line: number;
}

export interface Dataset {
  readonly mcc: readonly Located<Rows.MccRow>[];
  readonly issuers: readonly Located<Rows.IssuerRow>[];
  readonly programs: readonly Located<Rows.ProgramRow>[];
  readonly transferPartners: readonly Located<Rows.TransferPartnerRow>[];
  readonly categories: readonly Located<Rows.CategoryRow>[];
  readonly categoryMcc: readonly Located<Rows.CategoryMccRow>[];
  readonly categoryMerchant: readonly Located<Rows.CategoryMerchantRow>[];
  readonly requirements: readonly Located<Rows.RequirementRow>[];
  readonly cards: readonly Located<Rows.CardRow>[];
  readonly cardRewards: readonly Located<Rows.CardRewardRow>[];
  readonly cardBenefits: readonly Located<Rows.CardBenefitRow>[];
  readonly cardValuations: readonly Located<Rows.CardValuationRow>[];
  readonly programRedemptions: readonly Located<Rows.ProgramRedemptionRow>[];
  readonly easyCredits: readonly Located<Rows.EasyCreditRow>[];
  readonly merchants: readonly Located<Rows.MerchantRow>[];
  readonly portals: readonly Located<Rows.PortalRow>[];
  readonly portalRates: readonly Located<Rows.PortalRateRow>[];
  readonly offers: readonly Located<Rows.OfferRow>[];
  readonly merchantAcceptance: readonly Located<Rows.MerchantAcceptanceRow>[];
  readonly popularCards: readonly Located<Rows.PopularCardRow>[];
  readonly verifications: readonly Located<Rows.VerificationRow>[];
  readonly searchTerms: readonly Located<Rows.SearchTermRow>[];
}

/** The CSV texts by file name (`cards.csv`), `undefined` for a file that does not exist. */
export type DatasetSources = ReadonlyMap<string, string | undefined>;

export interface LoadResult {
  readonly dataset: Dataset;
  /** Rows that failed their schema, kept so references to them are not reported a second time. */
  readonly rejected: RejectedRows;
  /** Tables whose file is missing or could not be read as CSV: references into them are not reported (the file's problem is the cause). */
  readonly unreadable: ReadonlySet<TableName>;
  readonly problems: Problem[];
}

export type RejectedRows = ReadonlyMap<TableName, readonly Record<string, unknown>[]>;

/** Loads every table; `displayDir` prefixes file names in problems (`dataset/cards.csv`). */
export function loadDataset(sources: DatasetSources, displayDir: string): LoadResult {
  const problems: Problem[] = [];
  const dataset: Record<string, Located<unknown>[]> = {};
  const rejected = new Map<TableName, Record<string, unknown>[]>();
  const unreadable = new Set<TableName>();
  for (const table of tables) {
    const file = displayFile(displayDir, table.file);
    const text = sources.get(table.file);
    if (text === undefined) {
      if (!table.optional) {
        problems.push({ code: 'missing_file', file, line: 0, column: 0, message: `missing required table ${table.file}` });
        unreadable.add(table.name);
      }
      dataset[table.name] = [];
      continue;
    }
    const tableRejected: Record<string, unknown>[] = [];
    rejected.set(table.name, tableRejected);
    const rows = loadTable(table, file, text, problems, tableRejected);
    if (rows === undefined) unreadable.add(table.name);
    dataset[table.name] = rows ?? [];
  }
  return { dataset: dataset as unknown as Dataset, rejected, unreadable, problems };
}

/** A table's file as problems name it: `displayDir/file`, or the file alone. */
export function displayFile(displayDir: string, file: string): string {
  return displayDir ? `${displayDir}/${file}` : file;
}

function loadTable(
  table: TableDefinition,
  file: string,
  text: string,
  problems: Problem[],
  rejected: Record<string, unknown>[],
): Located<unknown>[] | undefined {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, { bom: true, info: true, relax_column_count: true, skip_empty_lines: true }) as unknown as typeof records;
  } catch (error) {
    problems.push(syntaxProblem(file, text, error as CsvParseError));
    return undefined;
  }
  const [header, ...body] = records;
  if (!header) {
    problems.push({ code: 'empty_table', file, line: 1, column: 0, message: `empty file, expected the header ${expectedHeader(table)}` });
    return undefined;
  }
  const columns = header.record.map((name) => name.trim());
  if (!checkHeader(table, file, columns, problems)) return undefined;
  const rules = columns.map((name) => cellRule(table.schema.properties[name] as Parameters<typeof cellRule>[0]));

  const validate = validatorFor(table.schema);
  const rows: Located<unknown>[] = [];
  for (const { record, info } of body) {
    const line = info.lines - countNewlines(record);
    if (record.length !== columns.length) {
      problems.push({
        code: 'field_count',
        file,
        line,
        column: Math.min(record.length, columns.length) + 1,
        message: `expected ${columns.length} fields (${columns.join(',')}), got ${record.length}`,
      });
      continue;
    }
    const row = coerceRow(table, columns, record);
    // Length and characters first: a cell that fails them is never handed to the schema's patterns.
    if (!checkCells(file, line, columns, rules, record, problems)) {
      rejected.push(row);
      continue;
    }
    if (!validate(row)) {
      for (const error of validate.errors ?? []) problems.push(rowProblem(table, file, line, columns, row, error));
      rejected.push(row);
      continue;
    }
    rows.push({ row, line });
  }
  return rows;
}

function checkHeader(table: TableDefinition, file: string, columns: string[], problems: Problem[]): boolean {
  const known = Object.keys(table.schema.properties);
  const before = problems.length;
  columns.forEach((name, index) => {
    if (!known.includes(name)) {
      problems.push({
        code: 'unknown_column',
        file,
        line: 1,
        column: index + 1,
        message: `unknown column ${shortQuote(name)}, expected the header ${expectedHeader(table)}`,
      });
    } else if (columns.indexOf(name) !== index) {
      problems.push({ code: 'unknown_column', file, line: 1, column: index + 1, message: `column ${shortQuote(name)} appears twice` });
    }
  });
  for (const name of table.schema.required) {
    if (!columns.includes(name)) {
      problems.push({
        code: 'missing_column',
        file,
        line: 1,
        column: columns.length + 1,
        message: `missing column "${name}", expected the header ${expectedHeader(table)}`,
      });
    }
  }
  return problems.length === before;
}

function expectedHeader(table: TableDefinition): string {
  return Object.keys(table.schema.properties).join(',');
}

/** CSV cells are text; each becomes the type its column's schema asks for, or stays text for ajv to report. */
function coerceRow(table: TableDefinition, columns: string[], record: string[]): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  columns.forEach((name, index) => {
    const cell = (record[index] ?? '').trim();
    const schema = table.schema.properties[name] as { type?: string | readonly string[]; enum?: readonly unknown[] };
    row[name] = table.lists?.includes(name) ? splitList(cell) : coerceCell(cell, schema);
  });
  return row;
}

function splitList(cell: string): string[] {
  return cell === '' ? [] : cell.split(';').map((item) => item.trim());
}

function coerceCell(cell: string, schema: { type?: string | readonly string[]; enum?: readonly unknown[] }): unknown {
  const types = schema.type === undefined ? [] : typeof schema.type === 'string' ? [schema.type] : schema.type;
  const nullable = types.includes('null') || (schema.enum?.includes(null) ?? false);
  if (cell === '' && nullable) return null;
  // A number too large for a double stays text, so the problem shows what was written, not `null`.
  if ((types.includes('number') || types.includes('integer')) && /^-?(\d+\.?\d*|\.\d+)$/.test(cell) && Number.isFinite(Number(cell))) {
    return Number(cell);
  }
  if (types.includes('boolean') && (cell === 'true' || cell === 'false')) return cell === 'true';
  return cell;
}

function countNewlines(record: string[]): number {
  let count = 0;
  for (const field of record) for (const char of field) if (char === '\n') count++;
  return count;
}

function rowProblem(
  table: TableDefinition,
  file: string,
  line: number,
  columns: string[],
  row: Record<string, unknown>,
  error: ErrorObject,
): Problem {
  const [, name = '', item] = error.instancePath.split('/');
  const column = columns.indexOf(name) + 1;
  const schema = (error.parentSchema ?? {}) as { description?: string };
  const value = item === undefined ? row[name] : (row[name] as unknown[])[Number(item)];
  const got = Array.isArray(value)
    ? shortQuote(value.join(';'))
    : value === null
      ? 'an empty field'
      : typeof value === 'string'
        ? shortQuote(value)
        : JSON.stringify(value);
  const expected = describeExpectation(error, schema.description);
  return { code: 'invalid_value', file, line, column, message: `${name || table.file}: expected ${expected}, got ${got}` };
}

function describeExpectation(error: ErrorObject, description: string | undefined): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'enum':
      return `one of ${(params['allowedValues'] as unknown[]).map((v) => (v === null ? '(empty)' : String(v))).join(', ')}`;
    case 'type':
      return description ?? `a ${String(params['type']).replace(',null', ' or empty')}`;
    case 'uniqueItems':
      return 'no repeated items';
    case 'maxItems':
      return `at most ${String(params['limit'])} items`;
    default:
      return description ?? error.message ?? error.keyword;
  }
}
