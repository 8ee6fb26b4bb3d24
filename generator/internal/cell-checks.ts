/**
 * Checks on raw CSV text that run before any schema: how long a cell may be, which characters it
 * may hold, and where a quote that never closed was opened. They are cheap on hostile input (one
 * pass, no regex with backtracking, no copy), so a 10 MB cell is refused in the time it takes to read.
 */
import { TEXT_LIMITS } from '../../schemas/dataset/limits.ts';
import { codePointLength, findBadCharacter, NAME_RULES, type TextRules } from '../../schemas/text-rules.ts';
import type { Problem } from '../dataset-problems.ts';

interface ColumnSchema {
  readonly type?: string | readonly string[];
  readonly maxLength?: number;
  readonly pattern?: string;
  readonly format?: string;
  readonly maxItems?: number;
  readonly items?: { readonly maxLength?: number };
}

/**
 * The most characters a cell of this column may hold: its schema's maxLength, a list's items and
 * separators, or the limit of a non-text cell. A text column without a maxLength (a test flags it)
 * gets the note limit rather than refusing its values.
 */
function cellLimit(schema: ColumnSchema): number {
  if (schema.items !== undefined) {
    const items = schema.maxItems ?? TEXT_LIMITS.listItems;
    return items * ((schema.items.maxLength ?? TEXT_LIMITS.note) + 1);
  }
  // A date or a code has a fixed form: the non-text limit fits it.
  const text =
    (schema.type === 'string' || (Array.isArray(schema.type) && schema.type.includes('string'))) &&
    schema.pattern === undefined &&
    schema.format === undefined;
  return schema.maxLength ?? (text ? TEXT_LIMITS.note : TEXT_LIMITS.other);
}

/** What a cell of a column must be: at most `limit` characters, holding only what `characters` allow. */
export interface CellRule {
  readonly limit: number;
  readonly characters: TextRules;
}

/** Prose (a note, a description) may run over lines and needs some format characters; every other cell is one line of visible text. */
const PROSE_RULES: TextRules = { lineBreaks: true, formatCharacters: true };

/** The rule of a cell of this column: its length (cellLimit), and prose's characters only for a column as long as a note. */
export function cellRule(schema: ColumnSchema): CellRule {
  const limit = cellLimit(schema);
  const prose = schema.items === undefined && limit === TEXT_LIMITS.note;
  return { limit, characters: prose ? PROSE_RULES : NAME_RULES };
}

/** What a refused character's problem says was expected (docs/input-limits.md, "Characters"). */
export const EXPECTED_TEXT = 'UTF-8 text without control characters';
const EXPECTED_VISIBLE = 'visible text: only a note or a description may hold an invisible format character';

/** Line feeds in `text` before `end`. */
export function newlinesBefore(text: string, end = text.length): number {
  let count = 0;
  for (let index = text.indexOf('\n'); index !== -1 && index < end; index = text.indexOf('\n', index + 1)) count++;
  return count;
}

export interface QuoteStart {
  /** 1-based line where the quote opened. */
  readonly line: number;
  /** 1-based field of that record. */
  readonly column: number;
}

/**
 * Where the quoted field that breaks the file opened: one that never closes, or whose closing quote
 * is followed by something other than a comma or a line end (an unescaped quote inside a quoted
 * field, usually a quote that was never closed and swallowed the lines after it). A CSV parser
 * notices only where it gives up, often many lines further down.
 */
export function findBrokenQuote(text: string): QuoteStart | undefined {
  let line = 1;
  let field = 1;
  let index = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let atFieldStart = true;
  while (index < text.length) {
    const char = text[index];
    if (atFieldStart && char === '"') {
      const opened = { line, column: field };
      index++;
      for (;;) {
        if (index >= text.length) return opened;
        const inner = text[index];
        if (inner === '\n') line++;
        if (inner === '"') {
          if (text[index + 1] === '"') {
            index += 2;
            continue;
          }
          const after = text[index + 1];
          if (after !== undefined && after !== ',' && after !== '\n' && after !== '\r') return opened;
          index++;
          break;
        }
        index++;
      }
      atFieldStart = false;
      continue;
    }
    if (char === ',') {
      field++;
      atFieldStart = true;
    } else if (char === '\n') {
      line++;
      field = 1;
      atFieldStart = true;
    } else if (char !== '\r') {
      atFieldStart = false;
    }
    index++;
  }
  return undefined;
}

/** A value for a message: quoted, and cut short when long, so a hostile cell is never echoed whole. */
export function shortQuote(value: string, max = 60): string {
  const cut = value.length > max ? `${value.slice(0, max)}…` : value;
  return JSON.stringify(cut);
}

export interface CsvParseError {
  readonly code?: string;
  readonly lines?: number;
  readonly column?: number;
  readonly message: string;
}

/** A CSV syntax problem where the user can fix it: a broken quote where it opened, not where the parser gave up. */
export function syntaxProblem(file: string, text: string, error: CsvParseError): Problem {
  const quote = error.code === 'CSV_QUOTE_NOT_CLOSED' || error.code === 'CSV_INVALID_CLOSING_QUOTE' ? findBrokenQuote(text) : undefined;
  if (quote !== undefined) {
    const stopped = error.lines === undefined || error.lines === quote.line ? '' : ` (the parser stopped at line ${error.lines})`;
    return {
      code: 'csv_syntax',
      file,
      ...quote,
      message: `CSV syntax: the quote that opens this field is never closed, or holds a lone quote; write "" for a quote inside a quoted field${stopped}`,
    };
  }
  // csv-parse names the field (0-based) where it stopped; problems count columns from 1, as everywhere else.
  const column = typeof error.column === 'number' ? error.column + 1 : 0;
  return { code: 'csv_syntax', file, line: error.lines ?? 0, column, message: `CSV syntax: ${error.message}` };
}

/**
 * Each cell within its column's rule: its length, no control characters, no bytes that were not
 * UTF-8, and outside prose no line break or invisible format character; false after reporting one that breaks it.
 */
export function checkCells(
  file: string,
  line: number,
  columns: readonly string[],
  rules: readonly CellRule[],
  record: readonly string[],
  problems: Problem[],
): boolean {
  const before = problems.length;
  let linesBefore = 0;
  record.forEach((cell, index) => {
    const name = columns[index] ?? '';
    const { limit, characters } = rules[index] ?? { limit: 0, characters: NAME_RULES };
    // UTF-16 units never undercount code points: most cells pass on this comparison alone.
    const length = cell.length <= limit ? 0 : codePointLength(cell.trim());
    if (length > limit) {
      const size = `${length.toLocaleString('en-US')} characters`;
      problems.push({
        code: 'too_long',
        file,
        line: line + linesBefore,
        column: index + 1,
        message: `${name}: ${size}, expected at most ${limit.toLocaleString('en-US')} (docs/input-limits.md)`,
      });
    } else {
      const bad = findBadCharacter(cell, characters);
      if (bad !== undefined) {
        const at = line + linesBefore + newlinesBefore(cell, bad.index);
        const expected = bad.kind === 'format' ? EXPECTED_VISIBLE : EXPECTED_TEXT;
        problems.push({
          code: 'invalid_text',
          file,
          line: at,
          column: index + 1,
          message: `${name}: ${bad.description} at character ${bad.index + 1} of the field; expected ${expected}`,
        });
      }
    }
    linesBefore += newlinesBefore(cell);
  });
  return problems.length === before;
}
