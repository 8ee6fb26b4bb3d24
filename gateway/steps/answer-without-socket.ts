/**
 * A request run through the request steps without a socket: what `cardrewards get` prints and what
 * an MCP tool answers. The steps decide exactly as for a request on the socket (route, key, tier,
 * quota, file); the file's bytes are then read here, and a read that fails is refunded like a
 * delivery that fails.
 */
import { readFile } from 'node:fs/promises';
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { join } from 'node:path';
import type { Build } from '../build/build-source.ts';
import type { FileCache } from '../http/file-cache.ts';
import { ORIGIN_TIMEOUT_MS } from '../http/origin-proxy.ts';
import type { Representation } from '../http/serve-file.ts';
import { HttpError, type ProblemDetails, toHttpError } from '../http-error.ts';
import { TIERS } from '../parse-manifest.ts';
import type { Access, RequestSteps } from './request-steps.ts';
import { createExchange, type Exchange } from './exchange.ts';
import type { Quota } from './quota.ts';
import { runSteps } from './step.ts';

/** A document's bytes, or the problem details the gateway would answer; `exchange` says how it was resolved. */
export type SocketlessAnswer =
  | { readonly kind: 'document'; readonly bytes: Buffer; readonly fileKey: string; readonly exchange: Exchange }
  | { readonly kind: 'problem'; readonly problem: ProblemDetails; readonly error: HttpError; readonly exchange: Exchange };

/** Reads a file of a build: from its folder, or in proxy mode from the private origin. */
export type ReadBuildFile = (build: Build, representation: Representation) => Promise<Buffer>;

/** Reads from the build folder. */
export const readLocalFile: ReadBuildFile = (build, representation) => readFile(join(build.root, representation.key));

/**
 * Reads through the gateway's hot-file cache (the one the socket path fills), so a tool call for a
 * file a client just fetched reads no disk, and the reverse.
 */
export function readThroughCache(cache: FileCache, read: ReadBuildFile = readLocalFile): ReadBuildFile {
  return async (build, representation) =>
    cache.get(representation)?.bytes ?? cache.set(representation, await read(build, representation)).bytes;
}

/**
 * Reads from the private origin the build came from (`build.root` is its URL), within the same
 * deadline as the proxy's forwarding; anything but a 200 is a 502.
 */
export const readOriginFile: ReadBuildFile = async (build, representation) => {
  const response = await fetch(`${build.root}/${representation.key}`, { signal: AbortSignal.timeout(ORIGIN_TIMEOUT_MS) }).catch(
    (error: unknown) => {
      throw new HttpError('origin-failed', 'The private origin could not be reached.', { headers: { 'Retry-After': '5' }, cause: error });
    },
  );
  if (response.status !== 200)
    throw new HttpError('origin-failed', `The private origin answered ${response.status}.`, { headers: { 'Retry-After': '5' } });
  return Buffer.from(await response.arrayBuffer());
};

/** Counts nothing and shows no usage; `/api/usage` has no file to show. */
export const NO_QUOTA: Quota = {
  count: () => undefined,
  settle: () => undefined,
  usage: (exchange) => {
    const route = exchange.match?.route;
    if (route?.dynamic === 'usage')
      throw new HttpError('not-found', `${route.path} is answered by the gateway from the caller's own counters; it has no file.`);
  },
};
/** Every route admitted, as for a key of the top tier. */
const OPEN_KEY = { hash: '', tier: TIERS[TIERS.length - 1] ?? 'enterprise', name: 'offline', status: 'active', created: '' } as const;

/** Access that admits every route and counts nothing: `get` offline, and reads the gateway makes for itself. */
export const OPEN_ACCESS: Access = {
  authenticate: (exchange) => {
    exchange.key = OPEN_KEY;
  },
  quota: NO_QUOTA,
};

/** Runs `target` (a path with its query) through `path` with `headers` (e.g. `x-api-key`), then reads the file they chose. */
export async function answerWithoutSocket(
  { steps, settle }: RequestSteps,
  target: string,
  headers: IncomingHttpHeaders = {},
  read: ReadBuildFile = readLocalFile,
): Promise<SocketlessAnswer> {
  const request = { url: target, method: 'GET', headers } as unknown as IncomingMessage;
  const exchange = createExchange(request, undefined);
  await new Promise<void>((resolve) => runSteps(steps, exchange, () => resolve()));
  await settle(exchange);
  const answer = exchange.answer;
  if (answer?.kind === 'file') {
    const fileKey = answer.representation.key;
    try {
      return { kind: 'document', bytes: await read(answer.build, answer.representation), fileKey, exchange };
    } catch (error) {
      // Not served: settled as a delivery that fails on the socket.
      const failure = toHttpError(error);
      await settle(exchange, failure);
      return problem(exchange, target, failure);
    }
  }
  return problem(exchange, target, exchange.error ?? new HttpError('internal-error', 'No answer.'));
}

function problem(exchange: Exchange, target: string, error: HttpError): SocketlessAnswer {
  exchange.error = error;
  return { kind: 'problem', problem: error.toProblem(target.split('?')[0]), error, exchange };
}
