/** `cardrewards mcp`: the stdio MCP server, driven by the SDK's own client against the fixture build. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOfflineAnswer } from '../gateway/offline-answer.ts';
import { prepare } from '../generator/compile.ts';
import { rankCards, type Purchase } from '../generator/ranking.ts';
import { readDataset } from '../generator/read-dataset.ts';
import { withRankedList } from '../mcp/ranked-list.ts';
import { summariseRanking } from '../mcp/summaries.ts';
import { loadBuild } from '../gateway/build/build-source.ts';
import { FIXTURE, ROOT, runCli } from './helpers/cli.ts';
import { createTestTree, type TestTree } from './helpers/gateway-tree.ts';

const work = mkdtempSync(join(tmpdir(), 'cardrewards-mcp-'));
let tree: TestTree;
let client: Client;

beforeAll(async () => {
  tree = await createTestTree(work);
  client = new Client({ name: 'cardrewards-test', version: '0.0.0' });
  await client.connect(
    new StdioClientTransport({ command: process.execPath, args: [join(ROOT, 'bin/cardrewards.js'), 'mcp', '--dist', tree.out], cwd: ROOT }),
  );
});
afterAll(async () => {
  await client?.close();
  rmSync(work, { recursive: true, force: true });
});

/** Calls `name`; the result's text parts are [summary, JSON] for an answer. */
async function call(name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}
function texts(result: CallToolResult): string[] {
  return result.content.flatMap((part) => (part.type === 'text' ? [part.text] : []));
}

describe('cardrewards mcp', () => {
  it('lists the tools, each with a description and a JSON Schema input', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(
      ['best_card', 'best_of_my_cards', 'card_details', 'compare_cards', 'recommend_for_domain', 'search', 'triple_stack'].sort(),
    );
    expect(tools).toHaveLength(7);
    for (const tool of tools) {
      expect(tool.description?.length).toBeGreaterThan(20);
      expect(tool.inputSchema.type).toBe('object');
    }
    const best = tools.find((tool) => tool.name === 'best_card');
    expect(Object.keys(best?.inputSchema.properties ?? {}).sort()).toEqual(['domain', 'mcc', 'merchant', 'segment', 'valuation']);
    expect(best?.inputSchema.properties?.valuation).toMatchObject({ enum: ['standalone', 'pooled'] });
    const compare = tools.find((tool) => tool.name === 'compare_cards');
    expect(compare?.inputSchema.properties?.cards).toMatchObject({ type: 'array', minItems: 2, maxItems: 5 });
    expect(compare?.inputSchema.required).toEqual(['cards']);
    const wallet = tools.find((tool) => tool.name === 'best_of_my_cards');
    expect(Object.keys(wallet?.inputSchema.properties ?? {}).sort()).toEqual(['cards', 'domain', 'mcc', 'merchant', 'valuation']);
    expect(wallet?.inputSchema.properties?.cards).toMatchObject({ type: 'array', minItems: 2, maxItems: 30 });
    expect(wallet?.inputSchema.required).toEqual(['cards']);
  });

  it.each([
    [{ mcc: '5411' }, '/api/compute/best-card?mcc=5411'],
    [{ merchant: 'costco', valuation: 'pooled' }, '/api/compute/best-card?merchant=costco&valuation=pooled'],
    [{ domain: 'https://www.amazon.com/dp/B0' }, '/api/extension/recommend?domain=https://www.amazon.com/dp/B0'],
  ])('best_card %j answers the bytes `get %s` prints, with a summary', async (args, target) => {
    const result = await call('best_card', args);
    const offline = await runCli(['get', target, '--dist', tree.out]);
    expect(offline.code).toBe(0);
    expect(result.isError).toBeFalsy();
    const [summary, json] = texts(result);
    expect(json).toBe(offline.stdout);
    const top = (JSON.parse(offline.stdout) as { best_cards: { name: string; value_cents: number }[] }).best_cards[0];
    expect(summary).toContain(top?.name);
    expect(summary).toContain(`${top?.value_cents} cents per dollar`);
    expect(summary).toMatch(/Data evaluated on \d{4}-\d{2}-\d{2}\./);
  });

  it('answers a problem as a tool error with the code get prints', async () => {
    const result = await call('best_card', { mcc: '9999' });
    const offline = await runCli(['get', '/api/compute/best-card?mcc=9999', '--dist', tree.out]);
    expect(offline.code).toBe(1);
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toEqual(JSON.parse(offline.stdout));
    expect(texts(result)[0]).toContain('not-found');
  });

  it.each([
    ['best_card', { mcc: 'abc' }],
    ['best_card', { mcc: '5411', merchant: 'costco' }],
    ['best_card', {}],
    ['best_card', { domain: 'amazon.com', valuation: 'pooled' }],
    ['card_details', { card: '../etc/passwd' }],
    ['compare_cards', { cards: ['amex-gold'], mcc: '5411' }],
    ['triple_stack', { merchant: 'costco', valuation: 'best' }],
    ['best_of_my_cards', { cards: ['amex-gold'], mcc: '5411' }],
    ['best_of_my_cards', { cards: ['amex-gold', 'citi-double-cash'] }],
    ['best_of_my_cards', { cards: ['amex-gold', 'citi-double-cash'], mcc: '5411', merchant: 'costco' }],
    ['best_of_my_cards', { cards: ['Amex Gold', 'citi-double-cash'], mcc: '5411' }],
    ['best_of_my_cards', { cards: Array.from({ length: 31 }, (_, i) => `card-${i}`), mcc: '5411' }],
    ['best_of_my_cards', { cards: ['no-such-card', 'chase-freedom'], mcc: '5411' }],
    ['best_of_my_cards', { cards: ['amex-gold', 'citi-double-cash'], merchant: 'no-such-shop' }],
  ])('refuses %s %j with a tool error, and keeps serving', async (name, args) => {
    const result = await call(name, args);
    expect(result.isError).toBe(true);
    expect(texts(result).join(' ').length).toBeGreaterThan(0);
    expect((await call('card_details', { card: 'amex-gold' })).isError).toBeFalsy();
  });

  it('compares cards on one MCC and names those not ranked', async () => {
    const result = await call('compare_cards', { cards: ['amex-gold', 'citi-double-cash', 'no-such-card'], mcc: '5411' });
    const doc = JSON.parse(texts(result)[1] ?? '{}') as { best_cards: { slug: string }[]; not_ranked: string[] };
    expect(doc.best_cards.map((card) => card.slug)).toEqual(['amex-gold', 'citi-double-cash']);
    expect(doc.not_ranked).toEqual(['no-such-card']);
    expect(texts(result)[0]).toMatch(
      /^Compared for MCC 5411 .*: American Express Gold Card .*; Citi Double Cash Card .*\. Not in the ranking: no-such-card\./,
    );
  });

  describe('best_of_my_cards', () => {
    /** A wallet without the fixture's usual winner (amex-gold), plus a discontinued card and an unknown slug. */
    const WALLET = ['citi-double-cash', 'chase-freedom-flex', 'delta-skymiles-gold', 'amex-blue-cash-preferred', 'citi-custom-cash'];
    const ODD = ['no-such-card', 'chase-freedom'];
    interface WalletDoc {
      earn_table: string;
      channel: string;
      ranked: { slug: string; name: string; rank: number; value_cents: number; typical_value_cents: number }[];
      not_accepted: string[];
      unknown: string[];
    }

    /** The engine's ranking (the generator's rankCards) restricted to the wallet, as slug@value@typical. */
    function engine(purchase: Purchase, valuation: 'standalone' | 'pooled', wallet: readonly string[]): string[] {
      const prepared = prepare(readDataset(FIXTURE), {
        baseUrl: 'https://rewards.example.test',
        displayDir: 'mini',
        date: tree.manifest.date,
      });
      if (!prepared.ok) throw new Error('the fixture compiles');
      return rankCards(prepared.model, purchase, valuation)
        .filter((earning) => wallet.includes(earning.card.slug))
        .map((earning) => `${earning.card.slug}@${earning.value}@${earning.typicalValue}`);
    }

    it.each([
      [{ mcc: '5411' }, { mcc: '5411' }, 'standalone', '/api/compute/best-card?mcc=5411'],
      [{ mcc: '5411' }, { mcc: '5411' }, 'pooled', '/api/compute/best-card?mcc=5411'],
      // A merchant with a table of its own (merchant-scoped categories) and one that ranks as its MCC (5300).
      [
        { merchant: 'delta-air-lines' },
        { mcc: '3058', merchant: 'delta-air-lines' },
        'standalone',
        '/api/compute/best-card?merchant=delta-air-lines',
      ],
      [{ merchant: 'costco' }, { mcc: '5300', merchant: 'costco' }, 'pooled', '/api/compute/best-card?merchant=costco'],
      // Online, as the recommendation ranks.
      [
        { domain: 'delta.com' },
        { mcc: '3058', merchant: 'delta-air-lines', channel: 'online' },
        'standalone',
        '/api/extension/recommend?domain=delta.com',
      ],
    ] as const)(
      'ranks the wallet at %j (the engine at %j, %s) as the engine does, from the table best-card names',
      async (place, purchase, valuation, answer) => {
        const result = await call('best_of_my_cards', { cards: [...WALLET, ...ODD], ...place, valuation });
        expect(result.isError).toBeFalsy();
        const [summary, json] = texts(result);
        const doc = JSON.parse(json ?? '{}') as WalletDoc;
        const expected = engine(purchase, valuation, WALLET);
        expect(doc.ranked.map((card) => `${card.slug}@${card.value_cents}@${card.typical_value_cents}`)).toEqual(expected);
        expect(doc.ranked[0]?.slug).toBe(expected[0]?.split('@')[0]);
        expect(doc.ranked.map((card) => card.rank)).toEqual(WALLET.map((_, index) => index + 1));
        expect(doc.unknown).toEqual(['chase-freedom', 'no-such-card']);
        expect(doc.not_accepted).toEqual([]);
        const named = JSON.parse((await runCli(['get', answer, '--dist', tree.out])).stdout) as { earn_table: string };
        expect(doc.earn_table).toBe(named.earn_table);
        expect(doc.channel).toBe('domain' in place ? 'online' : 'in_store');
        const top = doc.ranked[0];
        expect(summary).toContain(`Best of your cards for `);
        expect(summary).toContain(`${top?.name} (${top?.slug}, rank 1)`);
        expect(summary).toContain(`worth ${top?.value_cents} cents per dollar`);
        expect(summary).toContain('Unknown or inactive: chase-freedom, no-such-card.');
        expect(summary).toMatch(/Data evaluated on 2026-11-10\.$/);
      },
    );

    it('gives the same bytes for the same wallet in any order, and never repeats a card', async () => {
      const one = await call('best_of_my_cards', { cards: ['citi-double-cash', 'amex-gold'], mcc: '5411' });
      const two = await call('best_of_my_cards', { cards: ['amex-gold', 'citi-double-cash', 'amex-gold'], mcc: '5411' });
      expect(two).toEqual(one);
      const doc = JSON.parse(texts(one)[1] ?? '{}') as WalletDoc;
      expect(doc.ranked.map((card) => card.slug)).toEqual(['amex-gold', 'citi-double-cash']);
      expect(texts(one)[0]).toMatch(
        /^Best of your cards for MCC 5411: American Express Gold Card \(amex-gold, rank 1\) earns 4x, worth 8 cents per dollar/,
      );
    });

    it('names the unknown domain the everyday table answers, and a merchant ranked as its MCC', async () => {
      const everyday = await call('best_of_my_cards', { cards: WALLET, domain: 'no-such-shop.example' });
      expect((JSON.parse(texts(everyday)[1] ?? '{}') as WalletDoc).earn_table).toBe('/api/earn-table/everyday.json');
      expect(texts(everyday)[0]).toContain('for no-such-shop.example (online, everyday spending)');
      const costco = await call('best_of_my_cards', { cards: WALLET, merchant: 'costco' });
      expect(texts(costco)[0]).toContain('for costco (ranked as its MCC 5300)');
    });
  });

  it('searches merchants, MCCs and cards', async () => {
    const result = await call('search', { query: 'gro' });
    const found = JSON.parse(texts(result)[1] ?? '[]') as { type: string; id: string }[];
    expect(found).toContainEqual(expect.objectContaining({ type: 'mcc', id: '5411' }));
    const gold = JSON.parse(texts(await call('search', { query: 'Gold  AMEX' }))[1] ?? '[]') as { type: string; id: string }[];
    expect(gold.map((entry) => entry.id)).toContain('amex-gold');
    expect(gold.every((entry) => entry.type === 'card')).toBe(true);
    expect(texts(await call('search', { query: 'zzz-nothing' }))[0]).toContain('Nothing matches');
  });

  it('reads the static records and the ranking rules as resources', async () => {
    const read = async (uri: string) => {
      const part = (await client.readResource({ uri })).contents[0];
      return part !== undefined && 'text' in part ? part.text : undefined;
    };
    expect(await read('cardrewards://mcc/5411')).toBe(readFileSync(join(tree.out, 'public/api/mcc/5411.json'), 'utf8'));
    expect(JSON.parse(String(await read('cardrewards://merchant/costco')))).toMatchObject({ slug: 'costco' });
    expect(await read('cardrewards://docs/ranking.md')).toBe(readFileSync(join(ROOT, 'docs/ranking.md'), 'utf8'));
    const { resources } = await client.listResources();
    expect(resources.map((resource) => resource.uri)).toContain('cardrewards://merchant/costco');
    await expect(client.readResource({ uri: 'cardrewards://mcc/9999' })).rejects.toThrow();
  });

  it("summarises a merchant ranked as its MCC from the MCC answer's list", async () => {
    const answer = createOfflineAnswer(loadBuild(tree.out));
    const href = 'https://rewards.example.test/api/compute/best-card?mcc=5411&valuation=standalone';
    const merchant = {
      merchant: { name: 'Corner Grocer', slug: 'corner-grocer' },
      best_cards_from: { mcc_code: '5411', href },
      evaluated_on: '2026-11-10',
    };
    const followed = await withRankedList(merchant, answer);
    const mcc = JSON.parse((await runCli(['get', '/api/compute/best-card?mcc=5411', '--dist', tree.out])).stdout) as {
      best_cards: unknown[];
    };
    expect(followed.best_cards).toEqual(mcc.best_cards);
    const summary = summariseRanking(followed, '2026-11-10');
    expect(summary).toContain('Best card for Corner Grocer: American Express Gold Card');
    expect(summary).toContain('Ranked exactly as its MCC 5411');
    expect(await withRankedList({ best_cards_from: { href: '/api/compute/best-card?mcc=9999' } }, answer)).not.toHaveProperty('best_cards');
  });

  it('exits 2 with one line when there is no tree', async () => {
    const result = await runCli(['mcp', '--dist', join(work, 'nothing')]);
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
  });
});
