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
 * Runs `steps` in order from `from` until one answers (a refusal becomes its problem answer), then
 * calls `decided` once with the exchange: at once when every step ran synchronously, else when the
 * step that waited is done. A callback rather than a promise: a request that waits for a store would
 * otherwise pay one more promise and turn of the microtask queue before its answer is written.
 */
export function runSteps(steps: readonly Step[], exchange: Exchange, decided: (exchange: Exchange) => void, from = 0): void {
  let pending: Promise<void> | undefined;
  let next = from;
  try {
    while (next < steps.length && exchange.answer === undefined) {
      const waiting = (steps[next++] as Step)(exchange);
      if (waiting !== undefined) {
        pending = waiting;
        break;
      }
    }
  } catch (error) {
    answerProblem(exchange, toHttpError(error));
  }
  if (pending !== undefined) {
    pending.then(
      () => runSteps(steps, exchange, decided, next),
      (error: unknown) => {
        answerProblem(exchange, toHttpError(error));
        decided(exchange);
      },
    );
    return;
  }
  // Every step let the request through: the list ends with a step that always answers.
  if (exchange.answer === undefined) answerProblem(exchange, toHttpError(new Error('no step answered the request')));
  decided(exchange);
}
