/**
 * Connections under strain (issue 45, items 5 and 6): a slow reader of the largest file keeps its
 * connection for the next request; past `--max-connections` a client gets a 503 with Retry-After
 * instead of a reset, and idle sockets cannot lock others out; in proxy mode client aborts do not
 * cost an origin connection each.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEEP_ALIVE_MS, SLOWEST_READER_BYTES_PER_SECOND } from '../../gateway/server/keep-alive.ts';
import type { Store } from '../../gateway/store.ts';
import { createEmbeddedStore } from '../../gateway/stores/embedded-store.ts';
import { startTestGateway } from '../helpers/gateway.ts';
import { createTestTree, type TestTree } from '../helpers/gateway-tree.ts';
import { get } from '../helpers/http.ts';
import { startServeProcess } from '../helpers/serve-process.ts';

const work = mkdtempSync(join(tmpdir(), 'cardrewards-connections-'));
let tree: TestTree;
let store: Store;
beforeAll(async () => {
  store = createEmbeddedStore({ file: join(work, 'state.mdb') });
  tree = await createTestTree(work);
});
afterAll(async () => {
  await store.close();
  rmSync(work, { recursive: true, force: true });
});

/** Opens a TCP connection to the gateway at `url`. */
function open(url: string): Promise<Socket> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => resolve(socket));
    socket.once('error', reject);
  });
}

/** One answer read off `socket`: its head (status line and headers) and body length. */
interface RawAnswer {
  readonly head: string;
  readonly bodyBytes: number;
  readonly body: Buffer;
}

/**
 * Sends `GET path` on `socket` and reads the answer no faster than `bytesPerSecond` (pausing the socket,
 * so the kernels' buffers fill as behind a slow client); rejects when the connection ends first.
 */
function getOn(socket: Socket, path: string, bytesPerSecond = Number.POSITIVE_INFINITY): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    if (socket.destroyed || socket.readableEnded) return reject(new Error(`the connection was closed before GET ${path}`));
    const chunks: Buffer[] = [];
    let received = 0;
    const timer = setTimeout(() => done(new Error(`no whole answer to GET ${path} within 30 s`)), 30_000);
    const done = (error?: Error) => {
      clearTimeout(timer);
      socket.off('data', onData);
      socket.off('close', onClose);
      socket.off('end', onClose);
      socket.off('error', onClose);
      if (error !== undefined) return reject(error);
      const all = Buffer.concat(chunks);
      const headEnd = all.indexOf('\r\n\r\n');
      resolve({ head: all.subarray(0, headEnd).toString('latin1'), bodyBytes: all.length - headEnd - 4, body: all.subarray(headEnd + 4) });
    };
    const onClose = (error?: Error) => done(error ?? new Error(`the connection closed after ${received} bytes of ${path}`));
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      received += chunk.length;
      const all = Buffer.concat(chunks);
      const headEnd = all.indexOf('\r\n\r\n');
      const length = /content-length: (\d+)/i.exec(all.subarray(0, Math.max(0, headEnd)).toString('latin1'))?.[1];
      if (headEnd >= 0 && length !== undefined && all.length >= headEnd + 4 + Number(length)) return done();
      if (!Number.isFinite(bytesPerSecond)) return;
      socket.pause();
      setTimeout(() => socket.resume(), (chunk.length / bytesPerSecond) * 1000);
    };
    socket.on('data', onData);
    socket.once('close', onClose);
    socket.once('end', onClose);
    socket.once('error', onClose);
    socket.resume();
    socket.write(`GET ${path} HTTP/1.1\r\nHost: gateway.test\r\n\r\n`);
  });
}

describe('keep-alive', () => {
  it('keeps the connection of a client that reads the largest file slowly, then asks again within the advertised timeout', async () => {
    const [largest, entry] = Object.entries(tree.manifest.files)
      .filter(([file]) => file.startsWith('public/'))
      .sort(([, a], [, b]) => b.size - a.size)[0] as [string, { size: number }];
    expect(entry.size).toBeGreaterThan(SLOWEST_READER_BYTES_PER_SECOND);
    const server = startServeProcess(work, [
      '--port',
      '0',
      '--dist',
      tree.out,
      '--state-file',
      join(work, 'keep-alive.mdb'),
      '--log-level',
      'silent',
      '--no-demo-key',
    ]);
    try {
      const socket = await open(await server.listening);
      const started = Date.now();
      const first = await getOn(socket, `/${largest.slice('public/'.length)}`, SLOWEST_READER_BYTES_PER_SECOND);
      expect(first.head).toMatch(/^HTTP\/1\.1 200/);
      expect(first.bodyBytes).toBe(entry.size);
      expect(first.head).toContain(`Keep-Alive: timeout=${KEEP_ALIVE_MS / 1000}`);
      // The reader took more than a second: counted from the gateway's last write, the advertised time is over
      // before the client's is (Node's own client reuses a connection for one second less than advertised).
      expect(Date.now() - started).toBeGreaterThan(1000);
      await new Promise((resolve) => setTimeout(resolve, KEEP_ALIVE_MS - 1000));
      const second = await getOn(socket, '/healthz');
      expect(second.head).toMatch(/^HTTP\/1\.1 200/);
      socket.destroy();
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  });
});

/**
 * A private origin serving the tree, counting the connections it accepts and closed: it holds every
 * request while `holding`, and with `trickle` sends a file's headers and first half at once and the
 * rest 100 ms later (`later`) or never (`never`).
 */
async function startOrigin(root: string) {
  const held: Array<() => void> = [];
  const state = { accepted: 0, closed: 0, holding: false, trickle: false as false | 'later' | 'never' };
  const serve = (request: IncomingMessage, response: ServerResponse) => {
    const path = join(root, decodeURIComponent((request.url ?? '/').split('?')[0] ?? '/'));
    let bytes: Buffer;
    try {
      bytes = readFileSync(path);
    } catch {
      return void response.writeHead(404).end();
    }
    response.writeHead(200, { 'Content-Length': String(bytes.length) });
    if (!state.trickle) return void response.end(bytes);
    response.write(bytes.subarray(0, bytes.length >> 1));
    if (state.trickle === 'later') setTimeout(() => response.end(bytes.subarray(bytes.length >> 1)), 100);
  };
  const origin: Server = createServer((request, response) => {
    if (state.holding) held.push(() => serve(request, response));
    else serve(request, response);
  });
  origin.on('connection', (socket: Socket) => {
    state.accepted++;
    socket.once('close', () => state.closed++);
  });
  await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(origin.address() as AddressInfo).port}`,
    state,
    held: () => held.length,
    release: () => {
      state.holding = false;
      for (const answer of held.splice(0)) answer();
    },
    close: () => {
      origin.closeAllConnections();
      return new Promise<void>((resolve) => origin.close(() => resolve()));
    },
  };
}

/** Resolves once `condition` holds (checked every 20 ms), failing after 5 s. */
async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('--max-connections', () => {
  it('answers a connection past the limit 503 with Retry-After while every served one has a request in flight', async () => {
    const origin = await startOrigin(tree.out);
    const gateway = await startTestGateway(store, tree.out, { originUrl: origin.url, maxConnections: '2' });
    try {
      origin.state.holding = true;
      const inFlight = [open(gateway.url), open(gateway.url)].map(async (opening) => getOn(await opening, '/openapi.json'));
      await until(() => origin.held() === 2, 'two requests at the origin');
      const refused = await getOn(await open(gateway.url), '/openapi.json');
      expect(refused.head).toMatch(/^HTTP\/1\.1 503/);
      expect(refused.head).toMatch(/\r\nRetry-After: 1\r\n/i);
      expect(refused.head).toMatch(/\r\nContent-Type: application\/problem\+json\r\n/i);
      expect(refused.head).toMatch(/\r\nConnection: close$/im);
      expect(refused.head).toMatch(/\r\nAccess-Control-Allow-Origin: \*\r\n/i);
      origin.release();
      for (const answer of await Promise.all(inFlight)) expect(answer.head).toMatch(/^HTTP\/1\.1 200/);
      expect(JSON.parse(refused.body.toString('utf8'))).toMatchObject({ status: 503, code: 'too-many-connections' });
    } finally {
      await gateway.close();
      await origin.close();
    }
  });

  it('closes the idlest of 20 idle sockets for a new client instead of locking it out', async () => {
    const gateway = await startTestGateway(store, tree.out, { maxConnections: '20' });
    try {
      const idle: Socket[] = [];
      for (let i = 0; i < 20; i++) idle.push(await open(gateway.url));
      const closed = new Set<Socket>();
      for (const socket of idle) socket.once('close', () => closed.add(socket));
      // Past the second a new connection has for its first request, they count as idle.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const answer = await get(gateway.url, '/healthz', { timeoutMs: 5000 });
      expect(answer.status).toBe(200);
      await until(() => closed.size === 1, 'one idle socket closed');
      expect(closed.has(idle[0] as Socket)).toBe(true);
      for (const socket of idle) socket.destroy();
    } finally {
      await gateway.close();
    }
  });
});

describe('proxy mode', () => {
  it('keeps its origin connection when clients hang up in the middle of an answer, 10 times in a row', async () => {
    const origin = await startOrigin(tree.out);
    const gateway = await startTestGateway(store, tree.out, { originUrl: origin.url });
    try {
      origin.state.trickle = 'later';
      for (let i = 0; i < 10; i++) {
        const socket = await open(gateway.url);
        await new Promise<void>((resolve) => {
          socket.once('data', () => resolve());
          socket.write('GET /openapi.json HTTP/1.1\r\nHost: gateway.test\r\n\r\n');
        });
        // The first half of the body is on its way; the client leaves before the origin sends the rest.
        socket.destroy();
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
      expect(origin.state.accepted).toBeLessThanOrEqual(2);
      origin.state.trickle = false;
      expect((await get(gateway.url, '/openapi.json')).status).toBe(200);
    } finally {
      await gateway.close();
      await origin.close();
    }
  });

  it('closes the origin connection of a client that hung up when the rest of the answer does not come', async () => {
    const origin = await startOrigin(tree.out);
    const gateway = await startTestGateway(store, tree.out, { originUrl: origin.url });
    try {
      origin.state.trickle = 'never';
      const socket = await open(gateway.url);
      await new Promise<void>((resolve) => {
        socket.once('data', () => resolve());
        socket.write('GET /openapi.json HTTP/1.1\r\nHost: gateway.test\r\n\r\n');
      });
      socket.destroy();
      await until(() => origin.state.closed === 1, 'the origin connection closed');
      expect(origin.state.accepted).toBe(1);
    } finally {
      await gateway.close();
      await origin.close();
    }
  });
});
