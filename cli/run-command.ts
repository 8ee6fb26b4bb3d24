/** Runs a command's body: a typed failure is printed as one line without a stack and sets the exit code. */
import { CardrewardsError } from '../errors/cardrewards-error.ts';
import { exitCodeForError } from './exit-code.ts';

/** Awaits `body`; any `CardrewardsError` becomes `cardrewards: message [code]` on stderr and its exit code. */
export async function runCommand(body: () => Promise<void>): Promise<void> {
  try {
    await body();
  } catch (error) {
    if (!(error instanceof CardrewardsError)) throw error;
    console.error(`cardrewards: ${error.message} [${error.code}]`);
    process.exitCode = exitCodeForError(error);
  }
}
