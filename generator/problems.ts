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
  | 'empty_table';

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

/** Orders problems by file, line and column so the report reads top to bottom. */
export function sortProblems(problems: readonly Problem[]): Problem[] {
  return [...problems].sort((a, b) =>
    a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.column - b.column || (a.message < b.message ? -1 : 1),
  );
}
