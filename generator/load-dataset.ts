/**
 * Turns the dataset's CSV texts into typed rows, collecting every problem instead of stopping
 * at the first: bad syntax, missing or unknown columns, values that break the row schema.
 */
import { parse } from 'csv-parse/sync';
import type { ErrorObject } from 'ajv';
import { validatorFor } from '../schemas/validator.ts';
import type { Problem } from './problems.ts';
import { tables, type TableDefinition, type TableName } from './tables.ts';
import type * as Rows from '../schemas/dataset.ts';

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
}

/** The CSV texts by file name (`cards.csv`), `undefined` for a file that does not exist. */
export type DatasetSources = ReadonlyMap<string, string | undefined>;

export interface LoadResult {
  readonly dataset: Dataset;
  /** Rows that failed their schema, kept so references to them are not reported a second time. */
  readonly rejected: RejectedRows;
  readonly problems: Problem[];
}

export type RejectedRows = ReadonlyMap<TableName, readonly Record<string, unknown>[]>;

/** Loads every table; `displayDir` prefixes file names in problems (`dataset/cards.csv`). */
export function loadDataset(sources: DatasetSources, displayDir: string): LoadResult {
  const problems: Problem[] = [];
  const dataset: Record<string, Located<unknown>[]> = {};
  const rejected = new Map<TableName, Record<string, unknown>[]>();
  for (const table of tables) {
    const file = displayDir ? `${displayDir}/${table.file}` : table.file;
    const text = sources.get(table.file);
    if (text === undefined) {
      if (!table.optional) {
        problems.push({ code: 'missing_file', file, line: 0, column: 0, message: `missing required table ${table.file}` });
      }
      dataset[table.name] = [];
      continue;
    }
    const tableRejected: Record<string, unknown>[] = [];
    rejected.set(table.name, tableRejected);
    dataset[table.name] = loadTable(table, file, text, problems, tableRejected);
  }
  return { dataset: dataset as unknown as Dataset, rejected, problems };
}

function loadTable(
  table: TableDefinition,
  file: string,
  text: string,
  problems: Problem[],
  rejected: Record<string, unknown>[],
): Located<unknown>[] {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, { bom: true, info: true, relax_column_count: true, skip_empty_lines: true }) as unknown as typeof records;
  } catch (error) {
    const csv = error as { lines?: number; column?: number; message: string };
    // csv-parse names the field (0-based) where it stopped; problems count columns from 1, as everywhere else.
    const column = typeof csv.column === 'number' ? csv.column + 1 : 0;
    problems.push({ code: 'csv_syntax', file, line: csv.lines ?? 0, column, message: `CSV syntax: ${csv.message}` });
    return [];
  }
  const [header, ...body] = records;
  if (!header) {
    problems.push({ code: 'empty_table', file, line: 1, column: 0, message: `empty file, expected the header ${expectedHeader(table)}` });
    return [];
  }
  const columns = header.record.map((name) => name.trim());
  if (!checkHeader(table, file, columns, problems)) return [];

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
        message: `unknown column "${name}", expected the header ${expectedHeader(table)}`,
      });
    } else if (columns.indexOf(name) !== index) {
      problems.push({ code: 'unknown_column', file, line: 1, column: index + 1, message: `column "${name}" appears twice` });
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
  if ((types.includes('number') || types.includes('integer')) && /^-?(\d+\.?\d*|\.\d+)$/.test(cell)) return Number(cell);
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
  const got = Array.isArray(value) ? JSON.stringify(value.join(';')) : value === null ? 'an empty field' : JSON.stringify(value);
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
    default:
      return description ?? error.message ?? error.keyword;
  }
}
