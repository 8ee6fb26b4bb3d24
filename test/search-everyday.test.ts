/**
 * Search by the words people use (issue 41, item 1), on a real build of the real dataset: the same
 * table of everyday queries and their expected first result through the three ways in, the built
 * `/api/search.json` (with schemas/search-match.ts), the home page's search box in Chromium, served by
 * the real gateway, and the MCP `search` tool over stdio with the SDK's client. The index stays inside
 * its size budget.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../gateway/store.ts';
import { createEmbeddedStore } from '../gateway/stores/embedded-store.ts';
import { SEARCH_INDEX_BUDGET } from '../generator/views/static-limits.ts';
import type { SearchIndexEntry } from '../schemas/documents.ts';
import { searchEntries } from '../schemas/search-match.ts';
import { HAS_CHROMIUM, launchBrowser, REQUIRE_CHROMIUM } from './helpers/browser.ts';
import { ROOT, runCli } from './helpers/cli.ts';
import { startTestGateway, type TestGateway } from './helpers/gateway.ts';

/** An everyday query and the first result every way in must give: `type:id` (an MCC code, a merchant or category slug). */
const EVERYDAY: readonly (readonly [query: string, first: string])[] = [
  ['groceries', 'mcc:5411'],
  ['grocery store', 'mcc:5411'],
  ['supermarket', 'mcc:5411'],
  ['gas', 'mcc:5541'],
  ['gas station', 'mcc:5541'],
  ['fuel', 'mcc:5541'],
  ['ev charging', 'category:ev-charging'],
  ['dining', 'mcc:5812'],
  ['restaurants', 'mcc:5812'],
  ['fast food', 'mcc:5814'],
  ['coffee', 'mcc:5812'],
  ['drugstore', 'mcc:5912'],
  ['Drug Stores', 'mcc:5912'],
  ['pharmacy', 'mcc:5912'],
  ['streaming', 'category:streaming'],
  ['rideshare', 'mcc:4121'],
  ['uber', 'merchant:uber'],
  ['taxi', 'mcc:4121'],
  ['transit', 'mcc:4111'],
  ['airfare', 'mcc:4511'],
  ['airline', 'mcc:4511'],
  ['flights', 'mcc:4511'],
  ['hotel', 'mcc:7011'],
  ['hotels', 'mcc:7011'],
  ['car rental', 'mcc:7512'],
  ['rental car', 'mcc:7512'],
  ['travel', 'category:travel'],
  ['cruise', 'mcc:4411'],
  ['parking', 'mcc:7523'],
  ['utilities', 'mcc:4900'],
  ['phone bill', 'mcc:4814'],
  ['internet', 'mcc:4899'],
  ['home improvement', 'mcc:5200'],
  ['department store', 'mcc:5311'],
  ['online shopping', 'category:online-retail'],
  ['wholesale club', 'mcc:5300'],
  ['gym', 'mcc:7997'],
  ['movies', 'mcc:7832'],
  ['electronics', 'mcc:5732'],
  ['costco gas', 'merchant:costco-gas'],
  ['costco', 'merchant:costco'],
  ['Starbucks', 'merchant:starbucks'],
  ['lowes', 'merchant:lowes'],
  ['walmart.com', 'merchant:walmart'],
  ['https://www.walmart.com/ip/123', 'merchant:walmart'],
  ['WWW.TARGET.COM/c/grocery', 'merchant:target'],
  ['amazon.com', 'merchant:amazon'],
  ['5411', 'mcc:5411'],
];

/** The site page a result links to. */
const pageOf = (first: string): string => {
  const [type, id] = first.split(':');
  return type === 'mcc' ? `/mcc/${id}` : type === 'merchant' ? `/merchant/${id}` : `/best/${id}`;
};
const idOf = (entry: SearchIndexEntry): string => `${entry.type}:${entry.type === 'mcc' ? entry.code : entry.slug}`;

const work = mkdtempSync(join(tmpdir(), 'cardrewards-search-'));
const dist = join(work, 'dist');
let index: SearchIndexEntry[];

beforeAll(async () => {
  // The real dataset, built by the real CLI: the tree every way in reads.
  const built = await runCli(['build', '--dataset', join(ROOT, 'dataset'), '--out', dist, '--base-url', 'https://rewards.example.test']);
  expect(built.stderr).toBe('');
  expect(built.code).toBe(0);
  index = JSON.parse(readFileSync(join(dist, 'public/api/search.json'), 'utf8')) as SearchIndexEntry[];
}, 900_000);
// The real tree is some 150,000 files: removing them takes a while on a busy machine.
afterAll(() => rmSync(work, { recursive: true, force: true }), 600_000);

describe('the built search index of the real dataset', () => {
  it.each(EVERYDAY)('%s → %s first', (query, first) => {
    expect(searchEntries(index, query).map(idOf)[0]).toBe(first);
  });

  it('puts what a word means before names that merely contain it', () => {
    const found = (query: string) => searchEntries(index, query).map(idOf);
    const ranksBefore = (query: string, a: string, b: string) => {
      const list = found(query);
      expect(list, `${query}: ${a} is found`).toContain(a);
      if (list.includes(b)) expect(list.indexOf(a), `${query}: ${a} before ${b}`).toBeLessThan(list.indexOf(b));
    };
    for (const gas of ['mcc:5541', 'mcc:5542', 'category:gas']) ranksBefore('gas', gas, 'mcc:4900');
    for (const chain of ['mcc:3502', 'mcc:3503', 'mcc:3504', 'mcc:3505']) ranksBefore('hotel', 'mcc:7011', chain);
    ranksBefore('airline', 'mcc:4511', 'mcc:3000');
    ranksBefore('airline', 'category:airfare', 'mcc:3000');
    expect(found('groceries').slice(0, 2)).toEqual(['mcc:5411', 'category:groceries']);
  });

  it('stays inside its size budget, as written and gzipped', () => {
    const bytes = statSync(join(dist, 'public/api/search.json')).size;
    const gzipped = statSync(join(dist, 'public/api/search.json.gz')).size;
    expect(bytes).toBeLessThanOrEqual(SEARCH_INDEX_BUDGET.bytes);
    expect(gzipped).toBeLessThanOrEqual(SEARCH_INDEX_BUDGET.gzipBytes);
  });
});

describe.skipIf(!HAS_CHROMIUM && !REQUIRE_CHROMIUM)("the site's search box in chromium", () => {
  let store: Store;
  let gateway: TestGateway;
  let browser: Browser;
  beforeAll(async () => {
    expect(HAS_CHROMIUM, 'chromium is not installed; .ci/run installs it').toBe(true);
    store = createEmbeddedStore({ file: join(work, 'state.json') });
    gateway = await startTestGateway(store, dist);
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await gateway?.close();
    await store?.close();
  });

  it('links each everyday query first to its page', async () => {
    const page = await browser.newPage();
    page.on('pageerror', (error) => {
      throw error;
    });
    const firsts: [string, string][] = [];
    for (const [query] of EVERYDAY) {
      await page.goto(`${gateway.url}/?q=${encodeURIComponent(query)}`);
      await page.locator('#search-status', { hasText: /^Showing/ }).waitFor();
      firsts.push([query, (await page.locator('#results li a').first().getAttribute('href')) ?? '']);
    }
    expect(firsts).toEqual(EVERYDAY.map(([query, first]) => [query, pageOf(first)]));
    await page.close();
  }, 300_000);

  it('reaches the Costco gas page, a merchant outside the 1,540 static ones', async () => {
    const page = await browser.newPage();
    await page.goto(`${gateway.url}/?q=costco%20gas`);
    await page.locator('#results li a').first().click();
    await page.waitForURL(/\/merchant\/costco-gas$/);
    expect(await page.locator('h1').textContent()).toBe('Costco Gas');
    expect(await page.content()).toContain('/api/merchants/costco-gas');
    await page.close();
  }, 120_000);
});

describe('the MCP search tool over stdio', () => {
  let client: Client;
  beforeAll(async () => {
    client = new Client({ name: 'cardrewards-search-test', version: '0.0.0' });
    await client.connect(
      new StdioClientTransport({ command: process.execPath, args: [join(ROOT, 'bin/cardrewards.js'), 'mcp', '--dist', dist], cwd: ROOT }),
    );
  }, 120_000);
  afterAll(async () => {
    await client?.close();
  });

  /** The results of a search answer: its structured content where the tool gives one, else its JSON text. */
  const resultsOf = (result: CallToolResult): { type: string; id: string }[] => {
    const texts = result.content.flatMap((part) => (part.type === 'text' ? [part.text] : []));
    const doc = (result.structuredContent ?? JSON.parse(texts[1] ?? '[]')) as unknown;
    return (Array.isArray(doc) ? doc : (doc as { results: { type: string; id: string }[] }).results) ?? [];
  };

  it('answers each everyday query with its first result', async () => {
    const firsts: [string, string][] = [];
    for (const [query] of EVERYDAY) {
      const result = (await client.callTool({ name: 'search', arguments: { query, limit: 5 } })) as CallToolResult;
      expect(result.isError, query).toBeFalsy();
      const [top] = resultsOf(result);
      firsts.push([query, top === undefined ? 'nothing' : `${top.type}:${top.id}`]);
    }
    expect(firsts).toEqual(EVERYDAY.map(([query, first]) => [query, first]));
  }, 300_000);

  it('still finds cards by the words of their name, slug and issuer, the closest name first', async () => {
    const result = (await client.callTool({ name: 'search', arguments: { query: 'gold amex' } })) as CallToolResult;
    const cards = resultsOf(result).map((entry) => `${entry.type}:${entry.id}`);
    expect(cards.slice(0, 2)).toEqual(['card:amex-gold', 'card:amex-business-gold']);
  });
});
