/**
 * `/mcp` on the gateway, driven by the SDK's own Streamable HTTP client against a real gateway on a
 * real port, on the embedded store and on a real redis-server: the same tools and answers as the
 * stdio server and `cardrewards get`, and each tool call authorised and counted as its route; each
 * result says the quota it left, and `/metrics` counts the calls by tool.
 */
import { existsSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { type CallToolResult, CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashKey } from '../gateway/api-keys.ts';
import { resolveConfig } from '../gateway/config.ts';
import { MCP_LIMITS } from '../gateway/mcp/mcp-limits.ts';
import { periodsOf } from '../gateway/periods.ts';
import type { Store } from '../gateway/store.ts';
import { createEmbeddedStore } from '../gateway/stores/embedded-store.ts';
import { createRedisStore } from '../gateway/stores/redis-store.ts';
import { ROOT, runCli } from './helpers/cli.ts';
import { useTreeAndRedis } from './helpers/fixture.ts';
import { createTestKey, startTestGateway, type TestGateway } from './helpers/gateway.ts';
import { get } from './helpers/http.ts';
import { HAS_REDIS, REQUIRE_REDIS } from './helpers/redis.ts';
import { createMetrics, renderMetrics } from '../gateway/server/metrics.ts';
import { RATE_LIMIT_META } from '../schemas/mcp.ts';

const fixture = useTreeAndRedis('cardrewards-mcp-remote-');

/** free: 3 calls a day; starter and pro: 100 a day. */
const LIMITS = 'free=1000:3,starter=1000:100,pro=1000:100';

let stdio: Client;
beforeAll(async () => {
  stdio = new Client({ name: 'cardrewards-test', version: '0.0.0' });
  await stdio.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [join(ROOT, 'bin/cardrewards.js'), 'mcp', '--dist', fixture.tree.out],
      cwd: ROOT,
    }),
  );
});
afterAll(async () => {
  await stdio?.close();
});

function texts(result: CallToolResult): string[] {
  return result.content.flatMap((part) => (part.type === 'text' ? [part.text] : []));
}

/** A result without its `_meta`: what the gateway and stdio answer alike (only the gateway counts, so only it says the quota). */
function answerOf(result: unknown): unknown {
  const { _meta: _quota, ...answer } = result as CallToolResult;
  return answer;
}

/** The quota a result says it left, as `name remaining/limit` per window. */
function quotaLeft(result: CallToolResult): string[] | undefined {
  const meta = result._meta?.[RATE_LIMIT_META] as { windows: { name: string; remaining: number; limit: number }[] } | undefined;
  return meta?.windows.map((window) => `${window.name} ${window.remaining}/${window.limit}`);
}

it('fails under CI when redis-server is missing', () => {
  if (REQUIRE_REDIS) expect(HAS_REDIS).toBe(true);
});

function remoteSuite(name: string, open: () => Promise<Store>) {
  describe(`/mcp on the ${name} store`, () => {
    let store: Store;
    let gateway: TestGateway;
    /** The gateway's counters, as `/metrics` renders them. */
    const metrics = createMetrics();
    const clients: Client[] = [];
    beforeAll(async () => {
      store = await open();
      gateway = await startTestGateway(store, fixture.tree.out, { limits: LIMITS, mcp: 'true', metrics });
    });
    afterAll(async () => {
      await Promise.all(clients.map((client) => client.close()));
      await gateway.close();
      await store.close();
    });

    /** The SDK's client over Streamable HTTP, sending `key` in X-API-Key on every request. */
    const connect = async (key: string): Promise<Client> => {
      const client = new Client({ name: 'cardrewards-test', version: '0.0.0' });
      const headers: Record<string, string> = { 'X-API-Key': key };
      await client.connect(new StreamableHTTPClientTransport(new URL(`${gateway.url}/mcp`), { requestInit: { headers } }));
      // Listed, so the client checks every result against its tool's output schema.
      await client.listTools();
      clients.push(client);
      return client;
    };
    const call = async (client: Client, name: string, args: Record<string, unknown>) =>
      (await client.callTool({ name, arguments: args })) as CallToolResult;
    const usage = (key: string) => store.usage(hashKey(key), new Date());

    it("lists stdio's tools with the same schemas, and initialize and tools/list cost nothing", async () => {
      const key = await createTestKey(store, 'free');
      const client = await connect(key);
      const remote = await client.listTools();
      expect(remote.tools.length).toBe(7);
      expect(remote).toEqual(await stdio.listTools());
      expect(await usage(key)).toEqual({ day: 0, month: 0 });
      expect(remote.tools.every((tool) => tool.outputSchema?.type === 'object')).toBe(true);
    });

    it.each([
      [{ mcc: '5411' }, '/api/compute/best-card?mcc=5411'],
      [{ merchant: 'shell', valuation: 'pooled' }, '/api/compute/best-card?merchant=shell&valuation=pooled'],
      [{ domain: 'https://www.amazon.com/dp/B0' }, '/api/extension/recommend?domain=https://www.amazon.com/dp/B0'],
    ])('best_card %j answers the bytes `get %s` prints and the result stdio gives, charged once', async (args, target) => {
      const key = await createTestKey(store, 'starter');
      const client = await connect(key);
      const result = await call(client, 'best_card', args);
      const offline = await runCli(['get', target, '--dist', fixture.tree.out]);
      expect(offline.code).toBe(0);
      expect(result.isError).toBeFalsy();
      expect(texts(result)[1]).toBe(offline.stdout);
      // Summary included: the merchant's follows `best_cards_from` (read, not charged again).
      expect(answerOf(result)).toEqual(await stdio.callTool({ name: 'best_card', arguments: args }));
      expect(result.structuredContent).toEqual(JSON.parse(offline.stdout));
      expect(await usage(key)).toEqual({ day: 1, month: 1 });
    });

    it('charges a comparison, a search and a card once each, and a resource read not at all', async () => {
      const key = await createTestKey(store, 'starter');
      const client = await connect(key);
      const compare = { cards: ['amex-gold', 'citi-double-cash', 'no-such-card'], merchant: 'shell' };
      expect(answerOf(await call(client, 'compare_cards', compare))).toEqual(
        await stdio.callTool({ name: 'compare_cards', arguments: compare }),
      );
      expect(await usage(key)).toEqual({ day: 1, month: 1 });
      const search = await call(client, 'search', { query: 'Gold amex' });
      expect(answerOf(search)).toEqual(await stdio.callTool({ name: 'search', arguments: { query: 'Gold amex' } }));
      expect(await usage(key)).toEqual({ day: 2, month: 2 });
      const card = await call(client, 'card_details', { card: 'amex-gold' });
      expect(texts(card)[1]).toBe((await runCli(['get', '/api/cards/amex-gold', '--dist', fixture.tree.out])).stdout);
      const record = (await client.readResource({ uri: 'cardrewards://mcc/5411' })).contents[0];
      expect(record !== undefined && 'text' in record ? JSON.parse(record.text) : undefined).toMatchObject({ code: '5411' });
      expect(await usage(key)).toEqual({ day: 3, month: 3 });
    });

    it.each([
      [{ mcc: '5411', valuation: 'pooled' }],
      [{ merchant: 'delta-air-lines' }],
      [{ merchant: 'costco' }],
      [{ domain: 'delta.com' }],
      [{ merchant: 'delta-air-lines', channel: 'online' }],
    ])('best_of_my_cards %j gives the result stdio gives, charged once', async (place) => {
      const key = await createTestKey(store, 'starter');
      const client = await connect(key);
      const args = { cards: ['citi-double-cash', 'amex-gold', 'delta-skymiles-gold', 'no-such-card'], ...place };
      const result = await call(client, 'best_of_my_cards', args);
      expect(result.isError).toBeFalsy();
      expect(answerOf(result)).toEqual(await stdio.callTool({ name: 'best_of_my_cards', arguments: args }));
      expect(await usage(key)).toEqual({ day: 1, month: 1 });
    });

    it.each([
      [['amex-gold'], { mcc: '5411' }],
      [['chase-freedom'], { merchant: 'costco' }],
      [['chase-freedom', 'citi-double-cash'], { domain: 'delta.com' }],
    ])('best_of_my_cards answers the one-card or closed-card wallet %j at %j as stdio does, charged once', async (cards, place) => {
      const key = await createTestKey(store, 'starter');
      const client = await connect(key);
      const result = await call(client, 'best_of_my_cards', { cards, ...place });
      expect(result.isError).toBeFalsy();
      const ranked = (result.structuredContent as { ranked: { slug: string; open_to_applicants: boolean }[] }).ranked;
      expect(ranked.map((card) => card.slug).sort()).toEqual([...cards].sort());
      expect(ranked.filter((card) => !card.open_to_applicants).map((card) => card.slug)).toEqual(
        cards.filter((card) => card === 'chase-freedom'),
      );
      expect(answerOf(result)).toEqual(await stdio.callTool({ name: 'best_of_my_cards', arguments: { cards, ...place } }));
      expect(await usage(key)).toEqual({ day: 1, month: 1 });
    });

    it('says on every result the quota it left: one less per charged call, the same after an uncounted one', async () => {
      const key = await createTestKey(store, 'free');
      const client = await connect(key);
      const left = [];
      for (const [name, args] of [
        ['card_details', { card: 'amex-gold' }],
        ['search', { query: 'gold' }],
        ['best_of_my_cards', { cards: ['chase-freedom'], domain: 'delta.com' }],
      ] as const)
        left.push(quotaLeft(await call(client, name, args)));
      expect(left).toEqual([
        ['monthly 999/1000', 'daily 2/3'],
        ['monthly 998/1000', 'daily 1/3'],
        ['monthly 997/1000', 'daily 0/3'],
      ]);
      // Not found is not counted, and says so; a refusal at the limit says none is left; arguments refused never reach the quota.
      expect(quotaLeft(await call(client, 'card_details', { card: 'no-such-card' }))).toEqual(['monthly 997/1000', 'daily 0/3']);
      expect(quotaLeft(await call(client, 'card_details', { card: 'amex-gold' }))).toEqual(['monthly 997/1000', 'daily 0/3']);
      expect(quotaLeft(await call(client, 'best_card', {}))).toBeUndefined();
      expect(await usage(key)).toEqual({ day: 3, month: 3 });
    });

    it('counts tool calls in /metrics by tool and outcome', async () => {
      const count = async (tool: string, outcome: string) => {
        const text = renderMetrics(metrics.snapshot(), undefined, 1);
        const line = new RegExp(`^cardrewards_mcp_tool_calls_total\\{tool="${tool}",outcome="${outcome}"\\} (\\d+)$`, 'm').exec(text);
        return Number(line?.[1] ?? 0);
      };
      const before = {
        answered: await count('best_of_my_cards', 'answered'),
        tier: await count('triple_stack', 'tier-too-low'),
        refused: await count('best_card', 'refused'),
        other: await count('other', 'refused'),
      };
      const client = await connect(await createTestKey(store, 'starter'));
      await call(client, 'best_of_my_cards', { cards: ['amex-gold'], mcc: '5411' });
      await call(client, 'best_of_my_cards', { cards: ['chase-freedom'], mcc: '5411' });
      await call(client, 'triple_stack', { merchant: 'costco' });
      await call(client, 'best_card', {});
      // A name the server has no tool for is `other`: a client cannot mint labels.
      await client.request({ method: 'tools/call', params: { name: 'no_such_tool', arguments: {} } }, CallToolResultSchema);
      expect(await count('best_of_my_cards', 'answered')).toBe(before.answered + 2);
      expect(await count('triple_stack', 'tier-too-low')).toBe(before.tier + 1);
      expect(await count('best_card', 'refused')).toBe(before.refused + 1);
      expect(await count('other', 'refused')).toBe(before.other + 1);
      expect(renderMetrics(metrics.snapshot(), undefined, 1)).not.toContain('no_such_tool');
    });

    it('refuses best_of_my_cards on an MCC or a merchant to a free key (the earn-table route is starter), and answers it on a domain', async () => {
      const key = await createTestKey(store, 'free');
      const client = await connect(key);
      const cards = ['citi-double-cash', 'amex-gold'];
      for (const place of [{ mcc: '5411' }, { merchant: 'costco' }, { merchant: 'delta-air-lines' }]) {
        const refused = await call(client, 'best_of_my_cards', { cards, ...place });
        expect(refused.isError).toBe(true);
        expect(refused.structuredContent).toMatchObject({ status: 403, code: 'tier-too-low', required_tier: 'starter' });
      }
      expect(await usage(key)).toEqual({ day: 0, month: 0 });
      // The domain goes through the recommendation, a free route, charged as it.
      expect((await call(client, 'best_of_my_cards', { cards, domain: 'delta.com' })).isError).toBeFalsy();
      expect(await usage(key)).toEqual({ day: 1, month: 1 });
    });

    it.each([
      ['best_card', { mcc: 'abc' }],
      ['best_card', {}],
      ['best_card', { mcc: '5411', merchant: 'costco' }],
      ['card_details', { card: '../etc/passwd' }],
      ['compare_cards', { cards: ['amex-gold'], mcc: '5411' }],
      // The table is read (not charged) before the tool finds that no card of the wallet is known.
      ['best_of_my_cards', { cards: ['no-such-card', 'no-such-card-either'], mcc: '5411' }],
      ['best_of_my_cards', { cards: ['amex-gold', 'citi-double-cash'], merchant: 'no-such-shop' }],
    ])('refuses %s %j with a tool error, charges nothing, and keeps serving', async (name, args) => {
      const key = await createTestKey(store, 'pro');
      const client = await connect(key);
      const result = await call(client, name, args);
      expect(result.isError).toBe(true);
      expect(texts(result).join(' ').length).toBeGreaterThan(0);
      expect(await usage(key)).toEqual({ day: 0, month: 0 });
      expect((await call(client, 'card_details', { card: 'amex-gold' })).isError).toBeFalsy();
      expect(await usage(key)).toEqual({ day: 1, month: 1 });
    });

    it('answers a 404 as the tool error get prints, not charged (as the HTTP route)', async () => {
      const key = await createTestKey(store, 'pro');
      const client = await connect(key);
      const result = await call(client, 'best_card', { mcc: '9999' });
      const offline = JSON.parse((await runCli(['get', '/api/compute/best-card?mcc=9999', '--dist', fixture.tree.out])).stdout) as object;
      expect(result.isError).toBe(true);
      expect(result.structuredContent).toMatchObject({ ...offline, request_id: expect.any(String) });
      const http = await get(gateway.url, '/api/compute/best-card?mcc=9999', { headers: { 'X-API-Key': key } });
      expect(http.status).toBe(404);
      expect(await usage(key)).toEqual({ day: 0, month: 0 });
    });

    it('refuses a tool whose route needs a higher tier, naming the tier, and charges nothing', async () => {
      const key = await createTestKey(store, 'free');
      const client = await connect(key);
      const stack = await call(client, 'triple_stack', { merchant: 'costco' });
      expect(stack.isError).toBe(true);
      expect(stack.structuredContent).toMatchObject({ status: 403, code: 'tier-too-low', required_tier: 'pro' });
      expect(texts(stack)[0]).toContain('needs the pro tier');
      const best = await call(client, 'best_card', { mcc: '5411' });
      expect(best.structuredContent).toMatchObject({ status: 403, code: 'tier-too-low', required_tier: 'starter' });
      expect(await usage(key)).toEqual({ day: 0, month: 0 });
      // The domain ranking is a free route: the same key is answered.
      expect((await call(client, 'recommend_for_domain', { domain: 'amazon.com' })).isError).toBeFalsy();
      expect(await usage(key)).toEqual({ day: 1, month: 1 });
    });

    it('answers exactly the calls within the daily limit, then a tool error with the RateLimit information', async () => {
      const key = await createTestKey(store, 'free');
      const client = await connect(key);
      const results = [];
      for (let i = 0; i < 5; i++) results.push(await call(client, 'card_details', { card: 'amex-gold' }));
      expect(results.map((result) => Boolean(result.isError))).toEqual([false, false, false, true, true]);
      const refused = results[3] as CallToolResult;
      const reset = periodsOf(new Date()).resetSeconds;
      expect(refused.structuredContent).toMatchObject({
        status: 429,
        code: 'quota-exceeded',
        rate_limit: {
          windows: [
            { name: 'monthly', limit: 1000, remaining: 997, reset_seconds: expect.any(Number) },
            { name: 'daily', limit: 3, remaining: 0, reset_seconds: expect.any(Number) },
          ],
          retry_after_seconds: expect.any(Number),
        },
      });
      const limit = (refused.structuredContent as { rate_limit: { retry_after_seconds: number } }).rate_limit;
      expect(Math.abs(limit.retry_after_seconds - reset.day)).toBeLessThanOrEqual(2);
      expect(texts(refused)[0]).toMatch(
        /daily call limit of the free tier.*retry after \d+ s\. Left: monthly 997 of 1000 \(resets in \d+ s\); daily 0 of 3 \(resets in \d+ s\)\.$/,
      );
      expect(await usage(key)).toEqual({ day: 3, month: 3 });
      // The same key on the HTTP route: the same refusal; listing tools still costs nothing.
      const http = await get(gateway.url, '/api/cards/amex-gold', { headers: { 'X-API-Key': key } });
      expect(http.status).toBe(429);
      expect(Math.abs(Number(http.headers['retry-after']) - limit.retry_after_seconds)).toBeLessThanOrEqual(2);
      expect((await client.listTools()).tools.length).toBe(7);
      expect(await usage(key)).toEqual({ day: 3, month: 3 });
    });

    // As many calls at once as one process takes (more are shed with 503 mcp-busy, not counted).
    it(`lets exactly 5 of ${MCP_LIMITS.inFlight} concurrent tool calls through when 5 calls are left`, async () => {
      const key = await createTestKey(store, 'pro');
      for (let i = 0; i < 95; i++) await store.increment(hashKey(key), gateway.config.limits.pro, new Date());
      const client = await connect(key);
      const concurrent = Array.from({ length: MCP_LIMITS.inFlight }, () => call(client, 'card_details', { card: 'amex-gold' }));
      const results = await Promise.all(concurrent);
      const codes = results.map((result) => (result.isError ? (result.structuredContent as { code: string }).code : 'answered'));
      expect(codes.filter((code) => code === 'answered')).toHaveLength(5);
      expect(codes.filter((code) => code === 'quota-exceeded')).toHaveLength(MCP_LIMITS.inFlight - 5);
      expect(await usage(key)).toEqual({ day: 100, month: 100 });
    });

    it('refuses the HTTP request without a valid key (401), before any JSON-RPC', async () => {
      await expect(connect('')).rejects.toThrow(/401/);
      const initialize = {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
      };
      const post = (headers: Record<string, string>) =>
        fetch(`${gateway.url}/mcp`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers },
          body: JSON.stringify(initialize),
        });
      const missing = await post({});
      expect(missing.status).toBe(401);
      expect(missing.headers.get('content-type')).toBe('application/problem+json');
      expect(missing.headers.get('www-authenticate')).toBe('APIKey header="X-API-Key"');
      expect(await missing.json()).toMatchObject({ code: 'key-missing', instance: '/mcp' });
      expect(await (await post({ 'X-API-Key': 'cr_not-a-key' })).json()).toMatchObject({ status: 401, code: 'key-invalid' });
      const revoked = await createTestKey(store, 'enterprise', 'revoked');
      expect(await (await post({ 'X-API-Key': revoked })).json()).toMatchObject({ status: 401, code: 'key-revoked' });
      const answered = await post({ 'X-API-Key': await createTestKey(store, 'free') });
      expect(answered.status).toBe(200);
      expect(await answered.json()).toMatchObject({ jsonrpc: '2.0', id: 1, result: { serverInfo: { name: 'cardrewards' } } });
    });

    it('answers GET with 405 (no server stream) and a CORS preflight with the MCP headers', async () => {
      const reply = await get(gateway.url, '/mcp', { headers: { Accept: 'text/event-stream' } });
      expect(reply.status).toBe(405);
      expect(reply.headers['allow']).toBe('POST, OPTIONS');
      const preflight = await get(gateway.url, '/mcp', { method: 'OPTIONS' });
      expect(preflight.status).toBe(204);
      expect(preflight.headers['access-control-allow-methods']).toBe('POST, OPTIONS');
      expect(preflight.headers['access-control-allow-headers']).toContain('X-API-Key');
      expect(preflight.headers['access-control-allow-headers']).toContain('Mcp-Protocol-Version');
    });
  });
}

remoteSuite('embedded', async () => createEmbeddedStore({ file: join(fixture.work, 'state.json') }));
describe.runIf(HAS_REDIS)('redis', () => {
  remoteSuite('redis', () => createRedisStore({ url: fixture.redis!.url }));
});

describe('a tool call whose file cannot be read', () => {
  it('is answered with a tool error and refunded: charged only when answered', async () => {
    const store = createEmbeddedStore({ file: join(fixture.work, 'refund.json') });
    const gateway = await startTestGateway(store, fixture.tree.out, { mcp: 'true' });
    const file = join(fixture.tree.out, 'keyed/api/cards/amex-gold.json');
    const client = new Client({ name: 'cardrewards-test', version: '0.0.0' });
    try {
      const key = await createTestKey(store, 'free');
      const headers = { 'X-API-Key': key };
      await client.connect(new StreamableHTTPClientTransport(new URL(`${gateway.url}/mcp`), { requestInit: { headers } }));
      // The manifest still lists the file: the steps choose it and count the call, then the read fails.
      renameSync(file, `${file}.away`);
      const result = (await client.callTool({ name: 'card_details', arguments: { card: 'amex-gold' } })) as CallToolResult;
      expect(result.isError).toBe(true);
      expect(result.structuredContent).toMatchObject({ status: 500, code: 'internal-error' });
      expect(await store.usage(hashKey(key), new Date())).toEqual({ day: 0, month: 0 });
    } finally {
      if (existsSync(`${file}.away`)) renameSync(`${file}.away`, file);
      await client.close();
      await gateway.close();
      await store.close();
    }
  });
});

describe('without --mcp', () => {
  it('has no /mcp: POST is refused as on any path (405), GET finds nothing (404)', async () => {
    const store = createEmbeddedStore({ file: join(fixture.work, 'off.json') });
    const gateway = await startTestGateway(store, fixture.tree.out);
    try {
      const key = await createTestKey(store, 'pro');
      expect((await get(gateway.url, '/mcp', { method: 'POST', headers: { 'X-API-Key': key } })).status).toBe(405);
      expect((await get(gateway.url, '/mcp', { headers: { 'X-API-Key': key } })).status).toBe(404);
      await expect(
        new Client({ name: 'cardrewards-test', version: '0.0.0' }).connect(
          new StreamableHTTPClientTransport(new URL(`${gateway.url}/mcp`), { requestInit: { headers: { 'X-API-Key': key } } }),
        ),
      ).rejects.toThrow(/405/);
    } finally {
      await gateway.close();
      await store.close();
    }
  });
});

describe('the --mcp option', () => {
  it('is off by default, on with the flag or CARDREWARDS_MCP=true, and refuses other values listing the allowed ones', () => {
    expect(resolveConfig({}, {}).mcp).toBe(false);
    expect(resolveConfig({ mcp: true }, {}).mcp).toBe(true);
    expect(resolveConfig({}, { CARDREWARDS_MCP: 'true' }).mcp).toBe(true);
    expect(() => resolveConfig({}, { CARDREWARDS_MCP: 'yes' })).toThrow('--mcp (CARDREWARDS_MCP) is "yes"; allowed: true, false');
  });
});
