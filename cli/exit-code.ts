/** The one place where an outcome becomes an exit code. */
import type { CardrewardsError } from '../errors/cardrewards-error.ts';

/** 0 done; 1 the input was wrong (dataset problems, no such key); 2 usage, configuration or I/O error. */
export type ExitCode = 0 | 1 | 2;

/** Error codes that mean "the thing you asked about is not there", not "you called it wrong". */
const NOT_FOUND_CODES: ReadonlySet<string> = new Set(['ERR_KEY_NOT_FOUND', 'ERR_KEY_AMBIGUOUS']);

/** A validation run fails when it found any problem. */
export function exitCodeForProblems(problemCount: number): ExitCode {
  return problemCount === 0 ? 0 : 1;
}

/** A typed failure: a lookup that found nothing is 1, anything else (usage, configuration, I/O) is 2. */
export function exitCodeForError(error: CardrewardsError): ExitCode {
  return NOT_FOUND_CODES.has(error.code) ? 1 : 2;
}
