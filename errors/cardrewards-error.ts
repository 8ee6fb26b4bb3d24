/**
 * The base of every typed failure outside a request: a stable `code` a caller can branch on, a
 * message with the context, and the cause kept. The generator's and the gateway's errors extend
 * it; the CLI turns any of them into an exit code in one place (`cli/exit-code.ts`).
 */
export abstract class CardrewardsError<Code extends string = string> extends Error {
  readonly code: Code;

  constructor(code: Code, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}
