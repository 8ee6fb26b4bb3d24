/** Dataset problems are data: collected, all printed, and turned into an exit code in one place. */

export type ProblemCode =
  | 'csv_syntax'
  | 'missing_file'
  | 'missing_column'
  | 'unknown_column'
  | 'field_count'
  | 'invalid_value'
  | 'duplicate_key'
  | 'unknown_reference'
  | 'inconsistent'
  | 'empty_table'
  | 'too_long'
  | 'invalid_text'
  /** A dataset file that is a link, a folder, a device, a FIFO or a socket: refused unread. */
  | 'not_regular_file';

export interface Problem {
  readonly code: ProblemCode;
  /** Path as the user gave it, e.g. `dataset/cards.csv`. */
  readonly file: string;
  /** 1-based line in the file; 0 when the problem concerns the whole file. */
  readonly line: number;
  /** 1-based field number within the row; 0 when it concerns the whole row or file. */
  readonly column: number;
  readonly message: string;
}

/** `file:line:column: message`, the form editors and CI logs turn into links. */
export function formatProblem(problem: Problem): string {
  return `${problem.file}:${problem.line}:${problem.column}: ${problem.message}`;
}

/**
 * Which problems may cause which: a table that does not load (0) leaves the rows that refer to it
 * dangling, and a rejected row (1) leaves references to its key unresolved (2); never the reverse.
 */
const RANK: Readonly<Record<ProblemCode, number>> = {
  missing_file: 0,
  not_regular_file: 0,
  empty_table: 0,
  csv_syntax: 0,
  missing_column: 0,
  unknown_column: 0,
  field_count: 1,
  too_long: 1,
  invalid_text: 1,
  invalid_value: 1,
  duplicate_key: 1,
  unknown_reference: 2,
  inconsistent: 1,
};

/**
 * Orders problems so the report reads top to bottom and its first line is a cause: tables that do
 * not load first, then rejected rows, then what may follow from them; each group by file, line and column.
 */
export function sortProblems(problems: readonly Problem[]): Problem[] {
  const rank = (problem: Problem) => RANK[problem.code];
  return [...problems].sort(
    (a, b) =>
      rank(a) - rank(b) ||
      (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.column - b.column || (a.message < b.message ? -1 : 1)),
  );
}

/**
 * The report's last line: how many problems of which kinds in how many files, and the first one
 * again, so a reader at the end of a long log sees where to start.
 */
export function summarizeProblems(problems: readonly Problem[], consequence: string): string {
  const byCode = new Map<ProblemCode, number>();
  for (const problem of problems) byCode.set(problem.code, (byCode.get(problem.code) ?? 0) + 1);
  const files = new Set(problems.map((problem) => problem.file)).size;
  const kinds = [...byCode].map(([code, count]) => `${count.toLocaleString('en-US')} ${code}`).join(', ');
  const count = problems.length.toLocaleString('en-US');
  const first = problems[0];
  const start = first === undefined ? '' : `; start with ${first.file}:${first.line}:${first.column}`;
  return `${count} problem${problems.length === 1 ? '' : 's'} in ${files} file${files === 1 ? '' : 's'} of the dataset (${kinds})${start}; ${consequence}`;
}
