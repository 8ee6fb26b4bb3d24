/**
 * A typed client for the keyed API (`import { createCardrewardsClient } from 'cardrewards/client'`):
 * openapi-fetch over the types openapi-typescript generates from the OpenAPI document, with the
 * `X-API-Key` header set once and every problem+json answer thrown as a `ProblemError`.
 */
import createFetchClient, { type Client, type Middleware } from 'openapi-fetch';
// `.js`, not `.ts`: the emitted declaration file keeps this path, and consumers resolve `.js` to `api-types.d.ts`.
import type { components, paths } from './api-types.js';

export type { components, paths };

/** The shape of a response or a part of one, by its component name (for example `Schema<'BestCard'>`). */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];

/** An RFC 9457 problem document as the gateway answers it. */
export type Problem = Schema<'Problem'>;

/** A problem+json answer (any 4xx or 5xx the gateway sends), with the document typed; branch on `code`. */
export class ProblemError extends Error {
  override readonly name = 'ProblemError';
  readonly status: number;
  readonly code: Problem['code'];
  readonly problem: Problem;
  /** The `Retry-After` header in seconds (429, 503), or undefined. */
  readonly retryAfter: number | undefined;

  constructor(problem: Problem, response: Response) {
    super(`${problem.status} ${problem.code}: ${problem.detail}`);
    this.status = response.status;
    this.code = problem.code;
    this.problem = problem;
    const retryAfter = response.headers.get('retry-after');
    this.retryAfter = retryAfter === null ? undefined : Number(retryAfter);
  }
}

export interface CardrewardsClientOptions {
  /** Where the gateway answers, for example `http://127.0.0.1:8787`. */
  readonly baseUrl: string;
  /** Sent as `X-API-Key` on every request; static files need none. */
  readonly apiKey?: string | undefined;
  /** A fetch to use instead of the global one (tests, proxies, retries). */
  readonly fetch?: (request: Request) => Promise<Response>;
}

export type CardrewardsClient = Client<paths>;

const PROBLEM_MEDIA_TYPE = 'application/problem+json';

/** Turns a problem+json answer into a thrown ProblemError; any other answer goes to the caller as it is. */
const throwProblems: Middleware = {
  async onResponse({ response }) {
    if (response.ok || !response.headers.get('content-type')?.startsWith(PROBLEM_MEDIA_TYPE)) return undefined;
    throw new ProblemError((await response.clone().json()) as Problem, response);
  },
};

/** A client whose `GET(path, { params })` is checked against the OpenAPI document at compile time. */
export function createCardrewardsClient(options: CardrewardsClientOptions): CardrewardsClient {
  const client = createFetchClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    ...(options.apiKey === undefined ? {} : { headers: { 'X-API-Key': options.apiKey } }),
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
  });
  client.use(throwProblems);
  return client;
}

export {
  chooseFromWallet,
  fetchEarnTable,
  EarnTableError,
  type ChooseOptions,
  type EarnTable,
  type EarnTableEntry,
  type EarnTablePlace,
  type EarnTableSource,
  type WalletChoice,
} from './choose-from-wallet.js';
