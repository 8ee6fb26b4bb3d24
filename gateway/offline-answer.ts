/**
 * The answer a request gets from a built tree, offline: the gateway's own request steps
 * (`steps/request-steps.ts`, the same list the server runs) with access that admits every route and
 * counts nothing. `cardrewards get` prints it; `cardrewards mcp` wraps it in tool results.
 */
import { answerWithoutSocket, OPEN_ACCESS, type SocketlessAnswer } from './steps/answer-without-socket.ts';
import type { Build } from './build/build-source.ts';
import { createRequestSteps } from './steps/request-steps.ts';

/** A document's bytes, or the problem details the gateway would answer; `exchange` says how it was resolved. */
export type OfflineAnswer = SocketlessAnswer;

/** Answers `target` (a path with its query) from `build` as the gateway would for a top-tier key. */
export function createOfflineAnswer(build: Build): (target: string) => Promise<OfflineAnswer> {
  const path = createRequestSteps({ corsOrigin: '*', builds: { current: () => build }, access: OPEN_ACCESS });
  return (target) => answerWithoutSocket(path, target);
}
