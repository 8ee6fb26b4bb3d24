/**
 * The one shape of every step of the request path: it reads what earlier steps put on the
 * exchange, adds what it finds, and either answers (sets `exchange.answer`), refuses (throws an
 * `HttpError`) or lets the next step run. Synchronous steps return nothing; only a step that must
 * wait (a store, the disk) returns a promise, so a request that waits for nothing is never
 * deferred to a later turn of the event loop.
 */
import { toHttpError } from '../http-error.ts';
import type { Exchange } from './exchange.ts';
import { answerProblem } from './respond.ts';

export type Step = (exchange: Exchange) => void | Promise<void>;

/**
 * Runs `steps` in order until one answers; a refusal becomes its problem answer. Returns undefined
 * when every step ran synchronously, else a promise that resolves once the answer is decided
 * (it never rejects).
 */
export function runSteps(steps: readonly Step[], exchange: Exchange, from = 0): Promise<void> | undefined {
  try {
    for (let i = from; i < steps.length; i++) {
      const pending = (steps[i] as Step)(exchange);
      if (pending !== undefined)
        return pending.then(
          () => (exchange.answer === undefined ? runSteps(steps, exchange, i + 1) : undefined),
          (error: unknown) => answerProblem(exchange, toHttpError(error)),
        );
      if (exchange.answer !== undefined) return undefined;
    }
  } catch (error) {
    answerProblem(exchange, toHttpError(error));
    return undefined;
  }
  // Every step let the request through: the list ends with a step that always answers.
  answerProblem(exchange, toHttpError(new Error('no step answered the request')));
  return undefined;
}
