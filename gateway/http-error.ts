/**
 * The gateway's one HTTP error type, rendered once as RFC 9457 problem details. Every refusal
 * (400, 401, 403, 404, 405, 429, 502, 503) is an `HttpError`; anything else that reaches the
 * renderer is a bug and becomes a 500 whose cause is logged, never sent.
 */
import { STATUS_CODES } from 'node:http';

export interface ProblemDetails {
  readonly type: string;
  readonly title: string;
  readonly status: number;
  readonly detail: string;
}

export interface HttpErrorOptions {
  /** Extra response headers, e.g. `Retry-After` or `Allow`. */
  readonly headers?: Readonly<Record<string, string>>;
  readonly cause?: unknown;
}

export class HttpError extends Error {
  override readonly name = 'HttpError';
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;

  constructor(status: number, detail: string, options: HttpErrorOptions = {}) {
    super(detail, options.cause === undefined ? undefined : { cause: options.cause });
    this.status = status;
    this.headers = options.headers ?? {};
  }

  /** What the client sees: no stack, no cause. */
  toJSON(): ProblemDetails {
    return { type: 'about:blank', title: STATUS_CODES[this.status] ?? 'Error', status: this.status, detail: this.message };
  }
}

/** The problem body and headers for any thrown value; unknown errors become an opaque 500. */
export function toHttpError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  return new HttpError(500, 'The gateway failed unexpectedly; the failure has been logged.', { cause: error });
}
