/**
 * `/mcp` pays for its cost (issue 45): `resources/list` is paged, a batch is bounded in messages and
 * in answer bytes and runs one message at a time (a static file is served meanwhile), the free
 * messages are limited per key, a slow body is cut at the header timeout, and `/metrics` shows it
 * all. A `serve` process on a tree with 317 resources, and in-process gateways for the limits a
 * test shortens.
 */
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { connect } from 'node:net';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Resource } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashKey } from '../gateway/api-keys.ts';
import { processMemory } from '../scripts/bench/process-memory.ts';
import { HEADERS_TIMEOUT_MS } from '../gateway/server/server-timeouts.ts';
import { MCP_LIMITS } from '../gateway/mcp/mcp-limits.ts';
import { createAdmission } from '../gateway/mcp/mcp-admission.ts';
import type { Store } from '../gateway/store.ts';
import { createEmbeddedStore } from '../gateway/stores/embedded-store.ts';
import { runCli } from './helpers/cli.ts';
import { createTestKey, startTestGateway, type TestGateway } from './helpers/gateway.ts';
import { copyFixture } from './helpers/hostile-dataset.ts';
import { get } from './helpers/http.ts';
import { freePort } from './helpers/redis.ts';
import { startServeProcess } from './helpers/serve-process.ts';

const work = mkdtempSync(join(tmpdir(), 'cardrewards-mcp-limits-'));
const dist = join(work, 'dist');
/** The fixture's 10 MCCs and 6 merchants, 300 more merchants, and the ranking rules. */
const RESOURCES = 317;

beforeAll(async () => {
  const dataset = copyFixture(join(work, 'dataset'));
  const shops = Array.from({ length: 300 }, (_, i) => {
    const n = String(i + 1).padStart(3, '0');
    return `shop-${n},Corner Shop Number ${n},5411,shop-${n}.example,${100 + i},curated,Q${1000 + i},2026-11-01`;
  });
  appendFileSync(join(dataset, 'merchants.csv'), `${shops.join('\n')}\n`);
  const built = await runCli(['build', '--dataset', dataset, '--out', dist, '--base-url', 'https://rewards.example.test']);
  if (built.code !== 0) throw new Error(`build failed: ${built.stderr}`);
}, 120_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

const JSON_RPC_HEADERS = {
  'Content-Type': 'application/json',
  Accept: 'application/json, text/event-stream',
  'Mcp-Protocol-Version': '2025-06-18',
};

interface Posted {
  readonly status: number;
  readonly headers: Headers;
  readonly bytes: number;
  readonly body: unknown;
}

/** POSTs `body` (JSON) to `/mcp` with `key`. */
async function post(base: string, key: string | undefined, body: unknown): Promise<Posted> {
  const response = await fetch(`${base}/mcp`, {
    method: 'POST',
    headers: { ...JSON_RPC_HEADERS, ...(key === undefined ? {} : { 'X-API-Key': key }) },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: response.status, headers: response.headers, bytes: Buffer.byteLength(text), body: parsed };
}

/** `count` JSON-RPC requests of `method`, ids 1…count. */
const batch = (count: number, method: string, params?: object) =>
  Array.from({ length: count }, (_, i) => ({ jsonrpc: '2.0', id: i + 1, method, ...(params ? { params } : {}) }));

interface RpcAnswer {
  readonly id: number;
  readonly result?: { resources?: Resource[]; nextCursor?: string };
  readonly error?: { code: number; message: string };
}

/** The SDK's client over Streamable HTTP with `key`. */
async function connectClient(base: string, key: string): Promise<Client> {
  const client = new Client({ name: 'cardrewards-test', version: '0.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers: { 'X-API-Key': key } } }));
  return client;
}

/** The milliseconds `path` takes to be answered, and its status. */
async function timed(base: string, path: string): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  const reply = await get(base, path);
  return { ms: performance.now() - started, status: reply.status };
}

describe('/mcp on a serve process (a tree of 317 resources)', () => {
  let server: ReturnType<typeof startServeProcess>;
  let base: string;
  let metricsUrl: string;
  const state = join(work, 'serve.mdb');
  /** A new key in the serve process's store; a `keys create` that fails says why here, not as a 401 later. */
  const newKey = async () => {
    const created = await runCli(['keys', 'create', '--tier', 'pro', '--name', 'mcp', '--state-file', state]);
    const key = created.stdout.trim();
    if (created.code !== 0 || !key.startsWith('cr_')) throw new Error(`keys create exited ${created.code}: ${created.stderr}`);
    return key;
  };

  beforeAll(async () => {
    await newKey();
    const metricsPort = await freePort();
    server = startServeProcess(work, [
      ...['--port', '0', '--state-file', state, '--dist', dist, '--log-level', 'silent', '--mcp'],
      ...['--metrics-port', String(metricsPort)],
    ]);
    base = await server.listening;
    metricsUrl = `http://127.0.0.1:${metricsPort}`;
  }, 30_000);
  afterAll(async () => {
    server.child.kill();
    await server.exited;
  });

  it('pages resources/list: 100 a page, every resource exactly once, opaque cursors that give the same page again', async () => {
    const client = await connectClient(base, await newKey());
    try {
      const uris: string[] = [];
      const sizes: number[] = [];
      let cursor: string | undefined;
      const cursors: string[] = [];
      do {
        const page = await client.listResources(cursor === undefined ? {} : { cursor });
        sizes.push(page.resources.length);
        uris.push(...page.resources.map((resource) => resource.uri));
        cursor = page.nextCursor;
        if (cursor !== undefined) cursors.push(cursor);
      } while (cursor !== undefined);
      expect(sizes).toEqual([100, 100, 100, 17]);
      expect(new Set(uris).size).toBe(RESOURCES);
      expect(uris).toContain('cardrewards://docs/ranking.md');
      expect(uris).toContain('cardrewards://merchant/shop-300');
      expect(uris).toContain('cardrewards://mcc/5411');
      // Opaque: no offset or URI in plain sight; stable: the same cursor gives the same page.
      for (const text of cursors) expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
      const again = await client.listResources({ cursor: cursors[1] as string });
      expect(again.resources.map((resource) => resource.uri)).toEqual(uris.slice(200, 300));
    } finally {
      await client.close();
    }
  });

  it.each([['not-a-cursor'], ['MTIz'], [Buffer.from('0000000000000000.100').toString('base64url')], ['']])(
    'answers the cursor %j with invalid params (-32602), not an internal error',
    async (cursor) => {
      const reply = await post(base, await newKey(), { jsonrpc: '2.0', id: 7, method: 'resources/list', params: { cursor } });
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({ id: 7, error: { code: -32602, message: expect.stringContaining('cursor') } });
    },
  );

  it('answers a resource that does not exist with resource-not-found (-32002)', async () => {
    const key = await newKey();
    const missing = await post(base, key, { jsonrpc: '2.0', id: 1, method: 'resources/read', params: { uri: 'cardrewards://mcc/9999' } });
    expect(missing.body).toMatchObject({ id: 1, error: { code: -32002 } });
    const found = await post(base, key, { jsonrpc: '2.0', id: 2, method: 'resources/read', params: { uri: 'cardrewards://mcc/5411' } });
    expect(found.body).toMatchObject({ id: 2, result: { contents: [{ uri: 'cardrewards://mcc/5411' }] } });
  });

  it('refuses the 100-message resources/list batch up front (413, a small problem) while a static file is served in < 100 ms', async () => {
    const key = await newKey();
    const flood = Array.from({ length: 8 }, () => post(base, key, batch(100, 'resources/list')));
    const statics = [await timed(base, '/api/mcc/5411.json'), await timed(base, '/healthz')];
    const replies = await Promise.all(flood);
    for (const reply of replies) {
      expect(reply.status).toBe(413);
      expect(reply.headers.get('content-type')).toBe('application/problem+json');
      expect(reply.body).toMatchObject({ code: 'request-too-large', detail: expect.stringContaining('20 messages') });
      expect(reply.bytes).toBeLessThan(2_000);
    }
    for (const answer of statics) {
      expect(answer.status).toBe(200);
      expect(answer.ms).toBeLessThan(100);
    }
  });

  it('answers eight 20-message batches at once, each under 2 MB, one page each, and serves static files meanwhile in < 100 ms', async () => {
    // One after another: the flood is the batches, not eight processes writing keys at once.
    const keys: string[] = [];
    for (let i = 0; i < 8; i++) keys.push(await newKey());
    const flood = keys.map((key) => post(base, key, batch(20, 'resources/list')));
    const statics: { ms: number; status: number }[] = [];
    let done = false;
    void Promise.all(flood).then(() => (done = true));
    while (!done) {
      statics.push(await timed(base, '/api/mcc/5411.json'), await timed(base, '/healthz'));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    for (const reply of await Promise.all(flood)) {
      expect(reply.status).toBe(200);
      expect(reply.bytes).toBeLessThan(2_000_000);
      const answers = reply.body as RpcAnswer[];
      expect(answers).toHaveLength(20);
      for (const answer of answers) expect(answer.result?.resources).toHaveLength(100);
    }
    expect(statics.length).toBeGreaterThan(0);
    for (const answer of statics) {
      expect(answer.status).toBe(200);
      expect(answer.ms).toBeLessThan(100);
    }
    // Issue 45: the process's peak resident set (Linux's VmHWM, since it started) stays under 300 MB through the flood.
    expect(processMemory(server.child.pid as number).peakBytes).toBeLessThan(300 * 1024 * 1024);
  });

  it("limits a key's free messages (a burst of 40, then 4 a second) with 429 and Retry-After; another key is served; tool calls are not free messages", async () => {
    const key = await newKey();
    expect((await post(base, key, batch(20, 'ping'))).status).toBe(200);
    expect((await post(base, key, batch(20, 'ping'))).status).toBe(200);
    const refused = await post(base, key, batch(20, 'ping'));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toBe('application/problem+json');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(4);
    expect(refused.body).toMatchObject({ code: 'rate-limited', status: 429 });
    expect((await post(base, await newKey(), batch(20, 'ping'))).status).toBe(200);
    // A tool call is paid for by the key's quota, not by the allowance: the same key is still answered, and charged.
    const call = await post(base, key, {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'card_details', arguments: { card: 'amex-gold' } },
    });
    expect(call.status).toBe(200);
    expect(call.body).toMatchObject({ id: 1, result: { content: expect.any(Array) } });
    const store = createEmbeddedStore({ file: state });
    try {
      expect(await store.usage(hashKey(key), new Date())).toEqual({ day: 1, month: 1 });
    } finally {
      await store.close();
    }
  });

  it('shows /mcp in /metrics: requests by status, messages by method and outcome, and answer bytes', async () => {
    const key = await newKey();
    await post(base, key, [...batch(2, 'resources/list'), { jsonrpc: '2.0', id: 3, method: 'resources/list', params: { cursor: 'x' } }]);
    await post(base, key, batch(21, 'ping'));
    const text = (await get(metricsUrl, '/metrics')).text;
    expect(text).toMatch(/^cardrewards_requests_total\{family="mcp",tier="pro",status="200"\} [1-9]/m);
    expect(text).toMatch(/^cardrewards_requests_total\{family="mcp",tier="pro",status="413"\} [1-9]/m);
    expect(text).toMatch(/^cardrewards_mcp_messages_total\{method="resources\/list",outcome="answered"\} [1-9]/m);
    expect(text).toMatch(/^cardrewards_mcp_messages_total\{method="resources\/list",outcome="error"\} [1-9]/m);
    expect(text).toMatch(/^cardrewards_mcp_messages_total\{method="ping",outcome="answered"\} [1-9]/m);
    const bytes = /^cardrewards_mcp_answer_bytes_total\{method="resources\/list"\} (\d+)$/m.exec(text);
    expect(Number(bytes?.[1])).toBeGreaterThan(2 * 10_000);
  });
});

describe('/mcp limits a test shortens (in-process gateway)', () => {
  let store: Store;
  let gateway: TestGateway;
  beforeAll(async () => {
    store = createEmbeddedStore({ file: join(work, 'in-process.json') });
    gateway = await startTestGateway(store, dist, {
      mcp: 'true',
      mcpLimits: { answerBytes: 60_000, bodyTimeoutMs: 600, freeBurst: 100 },
    });
  });
  afterAll(async () => {
    await gateway.close();
    await store.close();
  });

  it('cuts a batch at its answer ceiling: the messages past it get an error and are not run (a tool call there is not charged)', async () => {
    const key = await createTestKey(store, 'pro');
    const messages = [
      ...batch(6, 'resources/list'),
      { jsonrpc: '2.0', id: 99, method: 'tools/call', params: { name: 'card_details', arguments: { card: 'amex-gold' } } },
    ];
    const reply = await post(gateway.url, key, messages);
    expect(reply.status).toBe(200);
    const answers = reply.body as RpcAnswer[];
    expect(answers).toHaveLength(7);
    const answered = answers.filter((answer) => answer.result !== undefined);
    const cut = answers.filter((answer) => answer.error?.code === -32010);
    // A page is about 19 KB: the ceiling (60 KB) is reached after the fourth.
    expect(answered.length).toBeGreaterThanOrEqual(3);
    expect(answered.length).toBeLessThanOrEqual(4);
    expect(cut.length).toBe(7 - answered.length);
    expect(cut.map((answer) => answer.id)).toContain(99);
    expect(reply.bytes).toBeLessThan(60_000 + 25_000);
    expect(await store.usage(hashKey(key), new Date())).toEqual({ day: 0, month: 0 });
  });

  it('answers a body that is still arriving at the header timeout with 408 and closes the socket', async () => {
    const key = await createTestKey(store, 'pro');
    const url = new URL(gateway.url);
    const started = performance.now();
    const { head, closedAfterMs } = await new Promise<{ head: string; closedAfterMs: number }>((resolve, reject) => {
      const socket = connect(Number(url.port), url.hostname);
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
      socket.on('close', () => resolve({ head: text, closedAfterMs: performance.now() - started }));
      socket.on('error', reject);
      socket.write(
        `POST /mcp HTTP/1.1\r\nHost: x\r\nX-API-Key: ${key}\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: 100\r\n\r\n{"jsonrpc":`,
      );
      // A byte every 100 ms: never idle, never done.
      const drip = setInterval(() => socket.write(' '), 100);
      socket.on('close', () => clearInterval(drip));
      setTimeout(() => socket.destroy(new Error('the socket stayed open')), 5_000);
    });
    expect(head).toMatch(/^HTTP\/1\.1 408 /);
    expect(head).toContain('application/problem+json');
    expect(head).toContain('"code":"request-timeout"');
    expect(closedAfterMs).toBeGreaterThanOrEqual(550);
    expect(closedAfterMs).toBeLessThan(2_000);
  });

  it('refuses a keyless request before reading its body (401) and closes the socket at once', async () => {
    const url = new URL(gateway.url);
    const started = performance.now();
    const { head, closedAfterMs } = await new Promise<{ head: string; closedAfterMs: number }>((resolve, reject) => {
      const socket = connect(Number(url.port), url.hostname);
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
      socket.on('close', () => resolve({ head: text, closedAfterMs: performance.now() - started }));
      socket.on('error', reject);
      socket.write('POST /mcp HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{');
      setTimeout(() => socket.destroy(new Error('the socket stayed open')), 5_000);
    });
    expect(head).toMatch(/^HTTP\/1\.1 401 /);
    expect(closedAfterMs).toBeLessThan(500);
  });

  it('refuses a body over 64 KB with 413 before reading on', async () => {
    const key = await createTestKey(store, 'pro');
    const reply = await post(gateway.url, key, { jsonrpc: '2.0', id: 1, method: 'ping', params: { pad: 'x'.repeat(70_000) } });
    expect(reply.status).toBe(413);
    expect(reply.body).toMatchObject({ code: 'request-too-large' });
  });

  it('answers a body that is not JSON with the JSON-RPC parse error (400), and duplicate ids in a batch with invalid request', async () => {
    const key = await createTestKey(store, 'pro');
    const response = await fetch(`${gateway.url}/mcp`, {
      method: 'POST',
      headers: { ...JSON_RPC_HEADERS, 'X-API-Key': key },
      body: '{"jsonrpc":',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700 } });
    const twice = await post(gateway.url, key, [...batch(1, 'ping'), ...batch(1, 'ping')]);
    expect(twice.status).toBe(400);
    expect(twice.body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600, message: expect.stringContaining('id') } });
  });
});

describe('the limits', () => {
  it('reads a body within the header timeout, and bounds what a batch and a key take', () => {
    expect(MCP_LIMITS.bodyTimeoutMs).toBe(HEADERS_TIMEOUT_MS);
    expect(MCP_LIMITS.batchMessages).toBe(20);
    // A whole batch always fits a key's burst, so a batch is never refused for ever.
    expect(MCP_LIMITS.freeBurst).toBeGreaterThanOrEqual(MCP_LIMITS.batchMessages);
    expect(MCP_LIMITS.answerBytes).toBeLessThanOrEqual(2_000_000);
  });

  it("admits a key's free messages up to its burst, refills them with time, and names the wait", () => {
    const admission = createAdmission({ ...MCP_LIMITS, freeBurst: 10, freePerSecond: 2, inFlight: 2 });
    expect(admission.takeFree('a', 10, 0)).toBe(0);
    expect(admission.takeFree('a', 1, 0)).toBe(1);
    expect(admission.takeFree('b', 10, 0)).toBe(0);
    expect(admission.takeFree('a', 3, 1_000)).toBe(1);
    expect(admission.takeFree('a', 2, 1_000)).toBe(0);
    expect(admission.takeFree('a', 10, 1_000)).toBe(5);
  });

  it('holds at most `inFlight` requests of the process at once', () => {
    const admission = createAdmission({ ...MCP_LIMITS, inFlight: 2 });
    const first = admission.enter();
    const second = admission.enter();
    expect(first).toBeTypeOf('function');
    expect(second).toBeTypeOf('function');
    expect(admission.enter()).toBeUndefined();
    first?.();
    first?.();
    const third = admission.enter();
    expect(third).toBeTypeOf('function');
    expect(admission.enter()).toBeUndefined();
  });
});
