/**
 * Reads a `/mcp` request body whole, within bounds: at most `bodyBytes`, and done `bodyTimeoutMs`
 * after its headers (the header timeout), so a client dripping its body holds a socket no
 * longer than one dripping its headers.
 */
import type { IncomingMessage } from 'node:http';
import { performance } from 'node:perf_hooks';
import { HttpError } from '../http-error.ts';
import type { McpLimits } from './mcp-limits.ts';

/**
 * The body of the request that arrived at `arrived` (`performance.now()`); rejects with a 413 (too
 * large, before reading on) or a 408 (too slow, or the client left).
 */
export function readBody(
  request: IncomingMessage,
  { bodyBytes, bodyTimeoutMs }: Pick<McpLimits, 'bodyBytes' | 'bodyTimeoutMs'>,
  arrived: number,
): Promise<Buffer> {
  const tooLarge = () => new HttpError('request-too-large', `The request body is over ${bodyBytes / 1024} KB, the most /mcp reads.`);
  if (Number(request.headers['content-length'] ?? 0) > bodyBytes) return Promise.reject(tooLarge());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (error: HttpError | undefined) => {
      clearTimeout(timer);
      request.off('data', onData).off('end', onEnd).off('close', onClose);
      if (error === undefined) resolve(Buffer.concat(chunks, size));
      else {
        // Read no more of it: the refusal closes the connection.
        request.pause();
        reject(error);
      }
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > bodyBytes) done(tooLarge());
      else chunks.push(chunk);
    };
    const onEnd = () => done(undefined);
    const onClose = () => done(new HttpError('request-timeout', 'The client closed the connection before its request body arrived.'));
    const timer = setTimeout(
      () =>
        done(
          new HttpError(
            'request-timeout',
            `The request body did not arrive within ${bodyTimeoutMs / 1000} s, the time a request has for its headers.`,
          ),
        ),
      Math.max(0, bodyTimeoutMs - (performance.now() - arrived)),
    );
    request.on('data', onData).on('end', onEnd).on('close', onClose);
  });
}
