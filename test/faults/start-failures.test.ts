/**
 * A gateway that cannot serve exits (issue 45, item 3): a listener that fails at start, the API's
 * or the metrics', or a store that cannot open ends the process non-zero within seconds with one
 * line naming the address or file that failed, alone and with workers. (Redis unreachable at start
 * is no such failure: the gateway serves and answers keyed calls 503 until it connects.)
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTreeAndRedis } from '../helpers/fixture.ts';
import { startServeProcess } from '../helpers/serve-process.ts';

const fixture = useTreeAndRedis('cardrewards-start-');
/** The bound: a failed start is over within 5 s. */
const EXIT_WITHIN_MS = 5_000;

let busy: Server;
let busyPort: number;
beforeAll(async () => {
  busy = createServer((_request, response) => response.end('not the gateway'));
  await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', () => resolve()));
  busyPort = (busy.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => busy.close(() => resolve())));

/** Starts `serve` with `args` and waits at most `EXIT_WITHIN_MS` for it to exit: its exit code (null if it did not), output and time taken. */
async function serveUntilExit(name: string, args: string[]) {
  const started = Date.now();
  const server = startServeProcess(fixture.work, [
    '--dist',
    fixture.tree.out,
    '--state-file',
    join(fixture.work, `${name}.mdb`),
    '--log-level',
    'silent',
    '--no-demo-key',
    ...args,
  ]);
  server.listening.catch(() => undefined);
  const timer = new Promise<'running'>((resolve) => setTimeout(() => resolve('running'), EXIT_WITHIN_MS));
  const outcome = await Promise.race([server.exited, timer]);
  if (outcome === 'running') {
    server.child.kill('SIGKILL');
    await server.exited;
    return { code: null, output: server.output(), ms: Date.now() - started };
  }
  return { code: outcome, output: server.output(), ms: Date.now() - started };
}

describe.each([
  ['one process', ['--workers', '1']],
  ['two workers', ['--workers', '2']],
])('a listener that fails at start (%s)', (label, workers) => {
  const name = label.replace(/ /g, '-');

  it('a busy --metrics-port exits non-zero within 5 s, naming the busy address', async () => {
    const result = await serveUntilExit(`${name}-metrics`, ['--port', '0', '--metrics-port', String(busyPort), ...workers]);
    expect(result.code, result.output).not.toBeNull();
    expect(result.code).not.toBe(0);
    expect(result.output).toContain(`cannot listen on 127.0.0.1:${busyPort}`);
    expect(result.output).toContain('--metrics-port');
    expect(result.output).not.toMatch(/\n\s+at /);
    expect(result.output).not.toContain('listening on');
  });

  it('a busy --port exits non-zero within 5 s, naming the busy address', async () => {
    const result = await serveUntilExit(`${name}-api`, ['--port', String(busyPort), ...workers]);
    expect(result.code, result.output).not.toBeNull();
    expect(result.code).not.toBe(0);
    expect(result.output).toContain(`cannot listen on 127.0.0.1:${busyPort}`);
    expect(result.output).not.toMatch(/\n\s+at /);
  });

  it('a state file that cannot be opened exits non-zero within 5 s, naming the file', async () => {
    // A path under a regular file: no folder can be made for it.
    const notAFolder = join(fixture.work, 'secret.txt');
    const result = await serveUntilExit(`${name}-store`, ['--port', '0', ...workers, '--state-file', join(notAFolder, 'state.mdb')]);
    expect(result.code, result.output).not.toBeNull();
    expect(result.code).not.toBe(0);
    expect(result.output).toContain(`cannot open the state database ${join(notAFolder, 'state.mdb')}`);
    expect(result.output).not.toContain('listening on');
  });
});
