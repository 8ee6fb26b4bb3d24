/**
 * SIGINT, SIGTERM and SIGHUP as an AbortSignal while a command writes something it must clean up:
 * the command's work sees the abort, removes what it wrote, and the process then ends by the same
 * signal (exit status 128 + its number, as a shell reports it), so callers and CI see an interrupt.
 */
import { constants } from 'node:os';

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/** Runs `body` with a signal that aborts on the first of SIGINT, SIGTERM or SIGHUP; after it returns or throws, an interrupted process ends by that signal. */
export async function whileInterruptible<T>(body: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let received: NodeJS.Signals | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    if (received !== undefined) return;
    received = signal;
    controller.abort(signal);
  };
  for (const signal of SIGNALS) process.on(signal, onSignal);
  try {
    return await body(controller.signal);
  } finally {
    for (const signal of SIGNALS) process.off(signal, onSignal);
    if (received !== undefined) endBy(received);
  }
}

/**
 * Ends the process by `signal` with its default action, once the caller has printed why (the
 * command's error); should that not end it, the exit status still says so.
 */
function endBy(signal: NodeJS.Signals): void {
  process.exitCode = 128 + (constants.signals[signal] ?? 0);
  setImmediate(() => process.kill(process.pid, signal));
}
