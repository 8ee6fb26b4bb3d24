/**
 * Every kind of error the API answers, as RFC 9457 problem types: a stable `code` a client can
 * branch on, its HTTP status and title, and what it means and what to do. The gateway answers
 * with `type: /problems/{code}` and explains each type at that address.
 */
export const PROBLEM_TYPES = {
  'bad-request-target': {
    status: 400,
    title: 'Bad request target',
    about: 'The URL could not be read: bad percent-encoding, a forbidden path segment such as `..`, or control characters. Fix the URL.',
  },
  'parameter-invalid': {
    status: 400,
    title: 'Invalid parameter',
    about: 'A parameter does not have the form its kind allows. `parameter` names it and `allowed` says what it accepts.',
  },
  'parameter-unknown': {
    status: 400,
    title: 'Unknown parameter',
    about: 'The route takes no query parameter of that name. `allowed` lists the names it takes.',
  },
  'parameter-repeated': { status: 400, title: 'Repeated parameter', about: 'A query parameter was given more than once. Give it once.' },
  'parameters-incomplete': {
    status: 400,
    title: 'Parameters missing or combined',
    about: 'The route needs one of the parameter sets in `allowed`, and takes one facet at a time.',
  },
  'key-missing': {
    status: 401,
    title: 'API key missing',
    about:
      'Keyed routes need an `X-API-Key` header. Static files (`/api/mcc/{code}.json`, `/api/merchant/{slug}.json`, `/api/search.json`) need none.',
  },
  'key-invalid': {
    status: 401,
    title: 'API key invalid',
    about: 'The `X-API-Key` value is not a key this service issued. Check for a typing or copying error.',
  },
  'key-revoked': { status: 401, title: 'API key revoked', about: 'The key was revoked by the operator. Ask for a new one.' },
  'tier-too-low': {
    status: 403,
    title: 'Tier too low',
    about: "The route needs a higher tier than the key's. `docs/api.md` lists each route's tier.",
  },
  'not-found': {
    status: 404,
    title: 'Not found',
    about:
      'No route has this path, or the route has no resource for these parameters (an unknown card, MCC, merchant, page or facet value).',
  },
  'method-not-allowed': {
    status: 405,
    title: 'Method not allowed',
    about: 'The API is read-only: use GET or HEAD (and OPTIONS for CORS).',
  },
  'request-timeout': {
    status: 408,
    title: 'Request body too slow',
    about:
      'The request body (at `/mcp`, the only path that takes one) did not arrive within the time the gateway gives a request its headers (10 s). Nothing was charged and the connection is closed.',
  },
  'request-too-large': {
    status: 413,
    title: 'Request too large',
    about:
      'The `/mcp` request body is over 64 KB, or its JSON-RPC batch holds more messages than a request may (20). Nothing was run or charged. Send less in each request.',
  },
  'uri-too-long': { status: 414, title: 'URI too long', about: 'The URL is longer than the gateway reads. No valid request is that long.' },
  'quota-exceeded': {
    status: 429,
    title: 'Quota exceeded',
    about: "The key's daily or monthly calls are spent. `Retry-After` says when the window that is full ends.",
  },
  'rate-limited': {
    status: 429,
    title: 'Too many free requests',
    about:
      "The key sent more of `/mcp`'s free messages (every message but a tool call: initialize, the listings, resource reads, ping) than it may: a burst of 40, then 4 a second. Nothing was run or charged. Retry after `Retry-After` seconds.",
  },
  'internal-error': {
    status: 500,
    title: 'Internal error',
    about: 'The gateway failed unexpectedly. The failure is logged with the request id; report it with that id.',
  },
  'origin-failed': {
    status: 502,
    title: 'Data origin failed',
    about:
      'In proxy mode, the private origin holding the data did not answer or answered with an error. The call was not charged. Retry shortly.',
  },
  'build-unavailable': {
    status: 503,
    title: 'Data unavailable',
    about: 'No data build is loaded, or one is being replaced. The call was not charged. Retry after `Retry-After` seconds.',
  },
  'store-unavailable': {
    status: 503,
    title: 'Key store unavailable',
    about: 'The store of keys and quotas is unreachable. The call was not charged. Retry after `Retry-After` seconds.',
  },
  'mcp-busy': {
    status: 503,
    title: 'Assistants endpoint busy',
    about:
      'This gateway process is working on as many `/mcp` requests as it takes at once (16). Nothing was run or charged. Retry after `Retry-After` seconds.',
  },
  'too-many-connections': {
    status: 503,
    title: 'Too many connections',
    about:
      'This gateway process already serves as many connections as it accepts (`--max-connections`), and none of them is idle: each has a request in progress or its client is still reading an answer. The call was not charged and the connection is closed. Retry after `Retry-After` seconds.',
  },
} as const satisfies Readonly<Record<string, { status: number; title: string; about: string }>>;

export type ProblemCode = keyof typeof PROBLEM_TYPES;

/** The `type` URI reference of a problem, relative to the service's base address. */
export function problemTypeUri(code: ProblemCode): string {
  return `/problems/${code}`;
}

/** A problem+json body (RFC 9457) as the gateway, `get` and the MCP tools give it. */
export interface ProblemDetails {
  readonly type: string;
  readonly title: string;
  readonly status: number;
  readonly detail: string;
  /** The stable name of the problem type, to branch on. */
  readonly code: ProblemCode;
  /** The request path this occurrence answered. */
  readonly instance?: string;
  /** The request id, as in the `X-Request-Id` header and the access log. */
  readonly request_id?: string;
  /** For parameter problems: which parameter, and what it accepts. */
  readonly parameter?: string;
  readonly allowed?: readonly string[] | string;
}

/** RFC 9457 problem details as the gateway answers them (`PROBLEM_TYPES` lists the codes). */
export const PROBLEM_SCHEMA = {
  type: 'object',
  description: 'RFC 9457 problem details; `type` is /problems/{code}, a page that explains the error',
  required: ['type', 'title', 'status', 'detail', 'code'],
  properties: {
    type: { type: 'string' },
    title: { type: 'string' },
    status: { type: 'integer' },
    detail: { type: 'string' },
    code: {
      type: 'string',
      enum: Object.keys(PROBLEM_TYPES),
      description: 'the stable name of the error, to branch on; /problems/{code} explains it',
    },
    instance: { type: 'string', description: 'the request path' },
    request_id: { type: 'string', description: 'as in the X-Request-Id header and the access log' },
    parameter: { type: 'string', description: 'for parameter errors: the parameter' },
    allowed: {
      description: 'for parameter errors: what the parameter accepts',
      oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }],
    },
  },
} as const;
