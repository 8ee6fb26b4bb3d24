/**
 * The gateway's one HTTP error type, rendered once as RFC 9457 problem details. Every refusal
 * (400, 401, 403, 404, 405, 429, 502, 503) is an `HttpError` of a problem type from
 * `schemas/problem-types.ts`; anything else that reaches the renderer is a bug and becomes a 500
 * whose cause is logged, never sent.
 */
import { PROBLEM_TYPES, type ProblemCode, type ProblemDetails, problemTypeUri } from '../schemas/problem-types.ts';

export type { ProblemDetails };

export interface HttpErrorOptions {
  /** Extra response headers, e.g. `Retry-After` or `Allow`. */
  readonly headers?: Readonly<Record<string, string>>;
  readonly cause?: unknown;
  readonly parameter?: string;
  readonly allowed?: readonly string[] | string;
}

export class HttpError extends Error {
  override readonly name = 'HttpError';
  readonly code: ProblemCode;
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly parameter: string | undefined;
  readonly allowed: readonly string[] | string | undefined;

  constructor(code: ProblemCode, detail: string, options: HttpErrorOptions = {}) {
    super(detail, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.status = PROBLEM_TYPES[code].status;
    this.headers = options.headers ?? {};
    this.parameter = options.parameter;
    this.allowed = options.allowed;
  }

  /** What the client sees for the request at `instance` with id `requestId`: no stack, no cause. */
  toProblem(instance?: string, requestId?: string): ProblemDetails {
    return {
      type: problemTypeUri(this.code),
      title: PROBLEM_TYPES[this.code].title,
      status: this.status,
      detail: this.message,
      code: this.code,
      ...(instance === undefined ? {} : { instance }),
      ...(requestId === undefined ? {} : { request_id: requestId }),
      ...(this.parameter === undefined ? {} : { parameter: this.parameter }),
      ...(this.allowed === undefined ? {} : { allowed: this.allowed }),
    };
  }

  toJSON(): ProblemDetails {
    return this.toProblem();
  }
}

/** The problem body and headers for any thrown value; unknown errors become an opaque 500. */
export function toHttpError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  return new HttpError('internal-error', 'The gateway failed unexpectedly; the failure has been logged.', { cause: error });
}
