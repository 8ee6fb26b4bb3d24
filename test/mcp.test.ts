/**
 * `cardrewards mcp`: the stdio MCP server, driven by the SDK's own client against the fixture build.
 * The client lists the tools first, so it checks every result's `structuredContent` against the
 * tool's output schema (and throws when a tool with one gives none).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOfflineAnswer } from '../gateway/offline-answer.ts';
import { prepare } from '../generator/compile.ts';
import { compareEarnings, type Earning, earningFor, rankCards, type Purchase } from '../generator/engine/ranking.ts';
import { readDataset } from '../generator/dataset/read-dataset.ts';
import { withRankedList } from '../mcp/ranked-list.ts';
import { summariseRanking } from '../mcp/summaries.ts';
import { loadBuild } from '../gateway/build/build-source.ts';
import { RATE_LIMIT_META } from '../schemas/mcp.ts';
import { FIXTURE, ROOT, runCli } from './helpers/cli.ts';
import { createTestTree, type TestTree } from './helpers/gateway-tree.ts';
import { writeSiteFixture } from './helpers/site-fixture.ts';
import { readGoldenCases } from './golden/golden-cases.ts';

const work = mkdtempSync(join(tmpdir(), 'cardrewards-mcp-'));
let tree: TestTree;
let client: Client;
/** The server over the site fixture: the mini fixture with Costco's networks (Visa only in store, no Amex online). */
let atTheTill: Client;

/** The SDK's client on `cardrewards mcp --dist out`, with the tools listed (so it checks their results). */
async function stdioClient(out: string): Promise<Client> {
  const connected = new Client({ name: 'cardrewards-test', version: '0.0.0' });
  await connected.connect(
    new StdioClientTransport({ command: process.execPath, args: [join(ROOT, 'bin/cardrewards.js'), 'mcp', '--dist', out], cwd: ROOT }),
  );
  await connected.listTools();
  return connected;
}

beforeAll(async () => {
  tree = await createTestTree(work);
  client = await stdioClient(tree.out);
  const dataset = join(work, 'site-dataset');
  writeSiteFixture(dataset);
  const built = await runCli(['build', '--dataset', dataset, '--out', join(work, 'site-dist')]);
  if (built.code !== 0) throw new Error(built.stderr);
  atTheTill = await stdioClient(join(work, 'site-dist'));
});
afterAll(async () => {
  await client?.close();
  await atTheTill?.close();
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
  it('lists the tools, each with a description, a JSON Schema input and an output schema of its answers or a problem', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(
      ['best_card', 'best_of_my_cards', 'card_details', 'compare_cards', 'recommend_for_domain', 'search', 'triple_stack'].sort(),
    );
    expect(tools).toHaveLength(7);
    for (const tool of tools) {
      expect(tool.description?.length).toBeGreaterThan(20);
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.outputSchema?.type, tool.name).toBe('object');
      // Its answers, then the problem of a tool error (the SDK's client checks an error's structuredContent too).
      const branches = (tool.outputSchema as { anyOf?: { required?: string[] }[] }).anyOf ?? [];
      expect(branches.length, tool.name).toBeGreaterThanOrEqual(2);
      expect(branches.at(-1)?.required).toEqual(['type', 'title', 'status', 'detail', 'code']);
    }
    const best = tools.find((tool) => tool.name === 'best_card');
    expect(Object.keys(best?.inputSchema.properties ?? {}).sort()).toEqual([
      'channel',
      'domain',
      'mcc',
      'merchant',
      'segment',
      'valuation',
    ]);
    expect(best?.inputSchema.properties?.channel).toMatchObject({ enum: ['in_store', 'online'] });
    // Every description says the channel its answers are for.
    for (const tool of tools.filter((tool) => !['card_details', 'search'].includes(tool.name)))
      expect(tool.description, tool.name).toMatch(/in store|online/);
    // The server's instructions say it too, and where a person's own cards go.
    expect(client.getInstructions()).toMatch(/in store unless channel is online.*best_of_my_cards/s);
    expect(best?.inputSchema.properties?.valuation).toMatchObject({ enum: ['standalone', 'pooled'] });
    const compare = tools.find((tool) => tool.name === 'compare_cards');
    expect(compare?.inputSchema.properties?.cards).toMatchObject({ type: 'array', minItems: 2, maxItems: 5 });
    expect(compare?.inputSchema.required).toEqual(['cards']);
    expect(Object.keys(compare?.inputSchema.properties ?? {}).sort()).toEqual(['cards', 'channel', 'mcc', 'merchant', 'valuation']);
    const wallet = tools.find((tool) => tool.name === 'best_of_my_cards');
    expect(Object.keys(wallet?.inputSchema.properties ?? {}).sort()).toEqual([
      'cards',
      'channel',
      'domain',
      'mcc',
      'merchant',
      'valuation',
    ]);
    expect(wallet?.inputSchema.properties?.cards).toMatchObject({ type: 'array', minItems: 1, maxItems: 30 });
    expect(wallet?.inputSchema.required).toEqual(['cards']);
  });

  /** Every tool on answers and refusals, each channel where it has two. */
  const ARGUMENT_SETS: readonly (readonly [string, Record<string, unknown>])[] = [
    ['best_card', { mcc: '5411' }],
    ['best_card', { merchant: 'costco', valuation: 'pooled', segment: 'personal' }],
    ['best_card', { merchant: 'delta-air-lines', channel: 'online' }],
    ['best_card', { mcc: '5411', channel: 'online', valuation: 'pooled' }],
    ['best_card', { domain: 'amazon.com' }],
    ['best_card', { mcc: '9999' }],
    ['recommend_for_domain', { domain: 'delta.com' }],
    ['recommend_for_domain', { domain: 'no-such-shop.example', segment: 'business' }],
    ['triple_stack', { merchant: 'costco' }],
    ['triple_stack', { merchant: 'no-such-shop' }],
    ['card_details', { card: 'amex-gold' }],
    ['card_details', { card: 'chase-freedom' }],
    ['card_details', { card: 'no-such-card' }],
    ['search', { query: 'gold' }],
    ['search', { query: 'zzz-nothing' }],
    ['compare_cards', { cards: ['amex-gold', 'citi-double-cash'], merchant: 'shell' }],
    ['compare_cards', { cards: ['amex-gold', 'chase-freedom'], mcc: '5411', channel: 'online' }],
    ['best_of_my_cards', { cards: ['amex-gold'], mcc: '5411' }],
    ['best_of_my_cards', { cards: ['chase-freedom', 'citi-double-cash'], merchant: 'costco', channel: 'online' }],
    ['best_of_my_cards', { cards: ['chase-freedom'], domain: 'delta.com' }],
    ['best_of_my_cards', { cards: ['amex-gold'], merchant: 'no-such-shop' }],
  ];

  it.each(ARGUMENT_SETS)(
    '%s %j: structuredContent beside the text, valid against the output schema tools/list gives',
    async (name, args) => {
      const { tools } = await client.listTools();
      const schema = tools.find((tool) => tool.name === name)?.outputSchema;
      if (schema === undefined) throw new Error(`${name} has no output schema`);
      // The client checked it already (it throws otherwise); checked again here with the SDK's own validator.
      const result = await call(name, args);
      expect(result.structuredContent, 'every result of these arguments carries structured content').toBeDefined();
      const check = new AjvJsonSchemaValidator().getValidator(schema as Parameters<AjvJsonSchemaValidator['getValidator']>[0])(
        result.structuredContent,
      );
      expect(check.errorMessage).toBeUndefined();
      if (!result.isError) expect(result.structuredContent).toEqual(JSON.parse(texts(result)[1] ?? ''));
      // Offline nothing is counted: no quota is said.
      expect(result._meta?.[RATE_LIMIT_META]).toBeUndefined();
    },
  );

  it('validates best_card on every argument set of the golden cases (answers and not-found problems alike)', async () => {
    const cases = readGoldenCases(join(ROOT, 'test/golden'));
    expect(cases.length).toBeGreaterThan(100);
    for (const goldenCase of cases) {
      const { kind, key, segment } = goldenCase.query;
      // A domain's answer (the recommendation) has one valuation: the tool refuses one given with a domain.
      const valuation = kind === 'domain' ? {} : { valuation: goldenCase.valuation };
      const args = { [kind]: key, ...valuation, ...(segment === null ? {} : { segment }) };
      // The client throws when a result does not match the schema; the fixture lacks most golden places (a problem).
      const result = await call('best_card', args);
      expect(result.structuredContent, goldenCase.id).toBeDefined();
    }
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
    ['best_card', { domain: 'amazon.com', channel: 'in_store' }],
    ['best_card', { mcc: '5411', channel: 'by-post' }],
    ['card_details', { card: '../etc/passwd' }],
    ['compare_cards', { cards: ['amex-gold'], mcc: '5411' }],
    ['triple_stack', { merchant: 'costco', valuation: 'best' }],
    ['best_of_my_cards', { cards: [], mcc: '5411' }],
    ['best_of_my_cards', { cards: ['amex-gold', 'citi-double-cash'] }],
    ['best_of_my_cards', { cards: ['amex-gold'], domain: 'delta.com', channel: 'in_store' }],
    ['best_of_my_cards', { cards: ['amex-gold', 'citi-double-cash'], mcc: '5411', merchant: 'costco' }],
    ['best_of_my_cards', { cards: ['Amex Gold', 'citi-double-cash'], mcc: '5411' }],
    ['best_of_my_cards', { cards: Array.from({ length: 31 }, (_, i) => `card-${i}`), mcc: '5411' }],
    ['best_of_my_cards', { cards: ['no-such-card', 'no-such-card-either'], mcc: '5411' }],
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
    /** A wallet without the fixture's usual winner (amex-gold). */
    const WALLET = ['citi-double-cash', 'chase-freedom-flex', 'delta-skymiles-gold', 'amex-blue-cash-preferred', 'citi-custom-cash'];
    /** The card closed to applicants that its holders still use (status discontinued in the fixture's cards.csv). */
    const CLOSED = 'chase-freedom';
    const UNKNOWN = 'no-such-card';
    interface WalletDoc {
      earn_table: string;
      channel: string;
      ranked: { slug: string; name: string; rank: number; value_cents: number; typical_value_cents: number; open_to_applicants: boolean }[];
      not_accepted: { slug: string; name: string; network: string }[];
      unknown: string[];
      acceptance: { networks: string[]; note: string } | null;
    }

    const model = () => {
      const prepared = prepare(readDataset(FIXTURE), {
        baseUrl: 'https://rewards.example.test',
        displayDir: 'mini',
        date: tree.manifest.date,
      });
      if (!prepared.ok) throw new Error('the fixture compiles');
      return prepared.model;
    };
    const keyOf = (earning: Earning) => `${earning.card.slug}@${earning.value}@${earning.typicalValue}`;
    const keyOf0 = (card: WalletDoc['ranked'][number]) => `${card.slug}@${card.value_cents}@${card.typical_value_cents}`;

    /** The engine's ranking (the generator's rankCards) restricted to the wallet, as slug@value@typical: it ranks only cards one can get. */
    function engine(purchase: Purchase, valuation: 'standalone' | 'pooled', wallet: readonly string[]): string[] {
      return rankCards(model(), purchase, valuation)
        .filter((earning) => wallet.includes(earning.card.slug))
        .map(keyOf);
    }

    /** The engine's earnings of every card of the wallet, closed ones too, in the order of docs/ranking.md (the fixture refuses no network). */
    function engineWithClosed(purchase: Purchase, valuation: 'standalone' | 'pooled', wallet: readonly string[]): string[] {
      const built = model();
      return wallet
        .map((slug) => earningFor(built, built.cardBySlug.get(slug)!, purchase, valuation))
        .sort(compareEarnings)
        .map(keyOf);
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
        const result = await call('best_of_my_cards', { cards: [...WALLET, UNKNOWN, CLOSED], ...place, valuation });
        expect(result.isError).toBeFalsy();
        const [summary, json] = texts(result);
        const doc = JSON.parse(json ?? '{}') as WalletDoc;
        expect(result.structuredContent).toEqual(doc);
        const ranked = doc.ranked.map((card) => `${card.slug}@${card.value_cents}@${card.typical_value_cents}`);
        // The cards one can get, in the engine's order; the closed card among them by the same order, marked.
        expect(ranked.filter((card) => !card.startsWith(`${CLOSED}@`))).toEqual(engine(purchase, valuation, WALLET));
        expect(ranked).toEqual(engineWithClosed(purchase, valuation, [...WALLET, CLOSED]));
        expect(doc.ranked.filter((card) => !card.open_to_applicants).map((card) => card.slug)).toEqual([CLOSED]);
        expect(doc.ranked.map((card) => card.rank)).toEqual([...WALLET, CLOSED].map((_, index) => index + 1));
        expect(doc.unknown).toEqual([UNKNOWN]);
        expect(doc.not_accepted).toEqual([]);
        const named = JSON.parse((await runCli(['get', answer, '--dist', tree.out])).stdout) as { earn_table: string };
        expect(doc.earn_table).toBe(named.earn_table);
        expect(doc.channel).toBe('domain' in place ? 'online' : 'in_store');
        const top = doc.ranked[0];
        expect(summary).toContain(`Best of your cards for `);
        expect(summary).toContain(`${top?.name} (${top?.slug}, rank 1)`);
        expect(summary).toContain(`worth ${top?.value_cents} cents per dollar`);
        expect(summary).toContain('No card has the slug: no-such-card.');
        expect(summary).toMatch(
          /Chase Freedom \(chase-freedom, rank 1\) [^;]*, closed to applicants\.|Chase Freedom \([\d.]+ cents, closed to applicants\)/,
        );
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
        /^Best of your cards for MCC 5411, paying in store: American Express Gold Card \(amex-gold, rank 1\) earns 4x, worth 8 cents per dollar/,
      );
    });

    it('names the unknown domain the everyday table answers, and a merchant ranked as its MCC', async () => {
      const everyday = await call('best_of_my_cards', { cards: WALLET, domain: 'no-such-shop.example' });
      expect((JSON.parse(texts(everyday)[1] ?? '{}') as WalletDoc).earn_table).toBe('/api/earn-table/everyday.json');
      expect(texts(everyday)[0]).toContain('for no-such-shop.example (online, everyday spending)');
      const costco = await call('best_of_my_cards', { cards: WALLET, merchant: 'costco' });
      expect(texts(costco)[0]).toContain('for costco (ranked as its MCC 5300)');
    });

    it('answers a one-card wallet ("is my card fine here?") with what the card earns there, and a card closed to applicants alone', async () => {
      const one = await call('best_of_my_cards', { cards: ['citi-double-cash'], mcc: '5411' });
      const doc = one.structuredContent as unknown as WalletDoc;
      expect(doc.ranked.map((card) => `${card.slug}@${card.value_cents}@${card.typical_value_cents}`)).toEqual(
        engine({ mcc: '5411' }, 'standalone', ['citi-double-cash']),
      );
      expect(texts(one)[0]).toMatch(
        /^Best of your cards for MCC 5411, paying in store: Citi Double Cash Card \(citi-double-cash, rank 1\) earns 2x/,
      );
      const closed = await call('best_of_my_cards', { cards: [CLOSED], mcc: '5411' });
      expect(closed.isError).toBeFalsy();
      const closedDoc = closed.structuredContent as unknown as WalletDoc;
      expect(closedDoc.ranked.map((card) => [card.slug, card.open_to_applicants])).toEqual([[CLOSED, false]]);
      expect(closedDoc.ranked.map(keyOf0)).toEqual(engineWithClosed({ mcc: '5411' }, 'standalone', [CLOSED]));
      expect(texts(closed)[0]).toContain('Chase Freedom (chase-freedom, rank 1)');
      expect(texts(closed)[0]).toContain('closed to applicants.');
      // card_details describes it, and no best-card answer ranks it.
      expect((await call('card_details', { card: CLOSED })).isError).toBeFalsy();
      const best = (await call('best_card', { mcc: '5411' })).structuredContent as { best_cards: { slug: string }[] };
      expect(best.best_cards.map((card) => card.slug)).not.toContain(CLOSED);
    });

    it('ranks online when asked (an online-only category counts there), and best_card online lists only cards one can get', async () => {
      const built = model();
      // The fixture's online rule: a card whose online earning at Delta differs from its in-store one.
      const delta = { mcc: '3058', merchant: 'delta-air-lines' } as const;
      const wallet = [...WALLET, CLOSED];
      const online = (await call('best_of_my_cards', { cards: wallet, merchant: 'delta-air-lines', channel: 'online' }))
        .structuredContent as unknown as WalletDoc;
      expect(online.channel).toBe('online');
      expect(online.ranked.map(keyOf0)).toEqual(engineWithClosed({ ...delta, channel: 'online' }, 'standalone', wallet));
      const viaDomain = (await call('best_of_my_cards', { cards: wallet, domain: 'delta.com' })).structuredContent as unknown as WalletDoc;
      expect(online.ranked).toEqual(viaDomain.ranked);
      const best = await call('best_card', { merchant: 'delta-air-lines', channel: 'online' });
      const doc = best.structuredContent as unknown as WalletDoc;
      const expected = rankCards(built, { ...delta, channel: 'online' })
        .slice(0, 10)
        .map(keyOf);
      expect(doc.ranked.map(keyOf0)).toEqual(expected);
      expect(doc.ranked.every((card) => card.open_to_applicants)).toBe(true);
      expect(texts(best)[0]).toMatch(/^Best cards for Delta Air Lines, paying online: /);
      const mccOnline = (await call('best_card', { mcc: '5411', channel: 'online', segment: 'business' }))
        .structuredContent as unknown as WalletDoc;
      expect(mccOnline.ranked.map(keyOf0)).toEqual(
        rankCards(built, { mcc: '5411', channel: 'online' }, 'standalone', 'business').slice(0, 10).map(keyOf),
      );
      // The same purchase in store is best-card's own answer, which says its channel.
      expect(texts(await call('best_card', { merchant: 'delta-air-lines' }))[0]).toMatch(
        /^Best card for Delta Air Lines \(paying in store\): /,
      );
      const compared = (await call('compare_cards', { cards: ['amex-gold', CLOSED], merchant: 'delta-air-lines', channel: 'online' }))
        .structuredContent as unknown as WalletDoc;
      expect(compared.ranked.map(keyOf0)).toEqual(engineWithClosed({ ...delta, channel: 'online' }, 'standalone', ['amex-gold', CLOSED]));
    });
  });

  describe('at the till: Costco takes only Visa in store and no Amex online (the site fixture)', () => {
    const callTill = async (args: Record<string, unknown>) =>
      (await atTheTill.callTool({ name: 'best_of_my_cards', arguments: args })) as CallToolResult;

    it('says a one-card wallet is not taken, and why', async () => {
      const result = await callTill({ cards: ['amex-gold'], merchant: 'costco' });
      expect(result.isError).toBeFalsy();
      const doc = result.structuredContent as {
        ranked: unknown[];
        not_accepted: unknown[];
        acceptance: { networks: string[]; note: string };
      };
      expect(doc.ranked).toEqual([]);
      expect(doc.not_accepted).toEqual([{ slug: 'amex-gold', name: 'American Express Gold Card', network: 'amex' }]);
      expect(doc.acceptance.networks).toEqual(['visa']);
      const [summary] = texts(result);
      expect(summary).toContain('none of your cards is taken in store at Costco.');
      expect(summary).toContain(
        'Not taken here: American Express Gold Card (amex) (Costco takes only visa in store: US warehouses take Visa',
      );
    });

    it('answers a Visa card alone with its earning, and online takes Mastercard but still not Amex', async () => {
      const visa = await callTill({ cards: ['chase-sapphire-preferred'], merchant: 'costco' });
      const ranked = (visa.structuredContent as { ranked: { slug: string }[] }).ranked;
      expect(ranked.map((card) => card.slug)).toEqual(['chase-sapphire-preferred']);
      const online = await callTill({ cards: ['amex-gold', 'citi-double-cash'], merchant: 'costco', channel: 'online' });
      const doc = online.structuredContent as { ranked: { slug: string }[]; not_accepted: { slug: string }[] };
      expect(doc.ranked.map((card) => card.slug)).toEqual(['citi-double-cash']);
      expect(doc.not_accepted.map((card) => card.slug)).toEqual(['amex-gold']);
    });
  });

  it('searches merchants, MCCs and cards', async () => {
    type Found = { query: string; results: { type: string; id: string }[] };
    const result = await call('search', { query: 'gro' });
    const found = JSON.parse(texts(result)[1] ?? '{}') as Found;
    expect(result.structuredContent).toEqual(found);
    expect(found.results).toContainEqual(expect.objectContaining({ type: 'mcc', id: '5411' }));
    const gold = (JSON.parse(texts(await call('search', { query: 'Gold  AMEX' }))[1] ?? '{}') as Found).results;
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
