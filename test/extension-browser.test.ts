/**
 * The browser extension in Chromium (issue 43): the packed extension a real build wrote, loaded in a
 * persistent profile, against the fixture's service (the real gateway behind a recording front)
 * while it visits shopping sites served locally under their real names. The badge, the popup, the
 * options page and what survives a restart; axe on both pages; that the service learns neither the
 * sites nor the cards; and that the popup ranks as chooseFromWallet over the recommendation.
 */
/// <reference path="../extension/chrome.d.ts" />
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page, Worker } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedStore } from '../gateway/stores/embedded-store.ts';
import { extensionId as fixedExtensionId } from '../generator/site/extension-package.ts';
import type { Store } from '../gateway/store.ts';
import { chooseFromWallet } from '../schemas/choose-from-wallet.ts';
import type { EarnTable, Recommendation } from '../schemas/keyed.ts';
import { PUBLIC_FILES, publicFile } from '../schemas/public-files.ts';
import { HAS_CHROMIUM, REQUIRE_CHROMIUM } from './helpers/browser.ts';
import { runAxeOn } from './helpers/extension-browser.ts';
import { runCli } from './helpers/cli.ts';
import { launchWithExtension, type Listening, type RecordedRequest, startRecordingFront, startShops } from './helpers/extension-browser.ts';
import { createTestKey, startTestGateway, type TestGateway } from './helpers/gateway.ts';
import { get } from './helpers/http.ts';
import { siteFixtureSources } from './helpers/site-fixture.ts';
import { readZip } from './helpers/zip.ts';

/** Shopping sites the fixture lacks, to visit ten merchants (the MCCs are the fixture's). */
const MORE_MERCHANTS = [
  'walmart,Walmart,5300,walmart.com,9,nsi,Q483551,2026-11-01',
  'target,Target,5999,target.com,10,nsi,Q1046951,2026-11-01',
  'kroger,Kroger,5411,kroger.com,11,nsi,Q153417,2026-11-01',
  'hilton,Hilton,7011,hilton.com,12,nsi,Q598884,2026-11-01',
];

describe.skipIf(!HAS_CHROMIUM && !REQUIRE_CHROMIUM)('the browser extension in Chromium', () => {
  const work = mkdtempSync(join(tmpdir(), 'cardrewards-extension-'));
  let front: Listening & { readonly log: RecordedRequest[] };
  let shops: Listening & { readonly log: RecordedRequest[] };
  let gateway: TestGateway;
  let store: Store;
  let key: string;
  let context: BrowserContext;
  let worker: Worker;
  let extensionId: string;
  let dist: string;

  beforeAll(async () => {
    const dataset = join(work, 'dataset');
    mkdirSync(dataset);
    for (const [file, text] of siteFixtureSources()) {
      if (text === undefined) continue;
      writeFileSync(join(dataset, file), file === 'merchants.csv' ? `${text.replace(/\n?$/, '\n')}${MORE_MERCHANTS.join('\n')}\n` : text);
    }
    front = await startRecordingFront(() => gateway.url);
    dist = join(work, 'dist');
    const built = await runCli(['build', '--dataset', dataset, '--out', dist, '--base-url', `http://127.0.0.1:${front.port}`]);
    if (built.code !== 0) throw new Error(built.stderr);
    store = createEmbeddedStore({ file: join(work, 'state.json') });
    key = await createTestKey(store, 'free');
    gateway = await startTestGateway(store, dist);
    const extensionDir = join(work, 'extension');
    mkdirSync(extensionDir);
    for (const entry of readZip(readFileSync(join(dist, publicFile(PUBLIC_FILES.extensionPackage)))))
      writeFileSync(join(extensionDir, entry.name), entry.bytes);
    shops = await startShops(work);
    ({ context, worker, extensionId } = await launchWithExtension(join(work, 'profile'), extensionDir, shops.port));
  }, 120_000);

  afterAll(async () => {
    await context?.close();
    await shops?.close();
    await gateway?.close();
    await front?.close();
    await store?.close();
    rmSync(work, { recursive: true, force: true });
  });

  /** The shopping sites visited: ten merchants of the fixture, and one site no merchant has. */
  const SITES = [
    'www.amazon.com',
    'www.costco.com',
    'www.walmart.com',
    'www.target.com',
    'www.shell.com',
    'www.delta.com',
    'www.kroger.com',
    'www.mcdonalds.com',
    'www.starbucks.com',
    'www.hilton.com',
    'shop.no-such-shop.example',
  ];
  /** What the service and a CDN must never read: the sites, their merchants' slugs and names. */
  const SITE_WORDS = [
    'amazon',
    'costco',
    'walmart',
    'target',
    'shell',
    'delta',
    'kroger',
    'mcdonald',
    'starbucks',
    'hilton',
    'no-such-shop',
  ];
  const WALLETS = [
    ['amex-gold', 'citi-double-cash', 'chase-freedom-flex'],
    ['chase-sapphire-preferred', 'amex-blue-cash-preferred', 'citi-custom-cash', 'delta-skymiles-gold'],
    ['amex-gold', 'chase-freedom'],
  ];
  const HELD = [...new Set(WALLETS.flat())];
  /** How long a wait for the extension may last on a loaded machine (a bound on waiting, not a speed check). */
  const WAIT = { timeout: 30_000, interval: 100 };

  const setWallet = (wallet: readonly string[], more: Record<string, unknown> = {}) =>
    worker.evaluate((settings) => chrome.storage.local.set({ settings }), { wallet: [...wallet], ...more });
  /** The id of the tab showing `host` (there is one per site). */
  const tabIdOf = async (host: string): Promise<number> => {
    const id = await worker.evaluate(
      async (url) => (await chrome.tabs.query({})).find((tab) => tab.url?.startsWith(url))?.id,
      `https://${host}/`,
    );
    if (id === undefined) throw new Error(`no tab shows ${host}`);
    return id;
  };
  const badgeOf = (tabId: number) => worker.evaluate((tab) => chrome.action.getBadgeText({ tabId: tab }), tabId);

  /** The service's answer for a domain (keyed, through the gateway, not through the front the extension uses) and its earn table. */
  async function serviceAnswer(domain: string): Promise<{ recommend: Recommendation; table: EarnTable }> {
    const reply = await get(gateway.url, `/api/extension/recommend?domain=${domain}`, { headers: { 'X-API-Key': key } });
    expect(reply.status, reply.text).toBe(200);
    const recommend = reply.json as Recommendation;
    const table = (await get(gateway.url, recommend.earn_table!)).json as EarnTable;
    return { recommend, table };
  }

  /** The popup for a tab, once it has answered. */
  async function openPopup(tabId: number): Promise<Page> {
    const popup = await context.newPage();
    await popup.goto(`chrome-extension://${extensionId}/popup.html?tab=${tabId}`);
    // (The page's CSP refuses a predicate evaluated as text: the status is read until it has changed.)
    await expect.poll(() => popup.locator('#status').textContent(), WAIT).not.toMatch(/^Looking/);
    return popup;
  }
  const rankedNames = (popup: Page) => popup.locator('#my-cards tbody tr td:nth-child(2) a').allTextContents();

  it('packs a manifest with storage and tabs, no host permission and no content script, loaded by Chromium', async () => {
    const manifest = await worker.evaluate(() => chrome.runtime.getManifest() as unknown as Record<string, unknown>);
    expect(manifest['permissions']).toEqual(['storage', 'tabs']);
    expect(manifest['host_permissions']).toBeUndefined();
    expect(manifest['content_scripts']).toBeUndefined();
    expect(manifest['homepage_url']).toBe(`http://127.0.0.1:${front.port}/`);
    // The manifest's key fixes the id: the same for every install, wherever it is unzipped.
    expect(extensionId).toBe(fixedExtensionId());
  });

  it('picks my cards on the options page (search, segment, suggestion), keeps them across a reload, and passes axe', async () => {
    const options = await context.newPage();
    await options.goto(`chrome-extension://${extensionId}/options.html`);
    await options.waitForSelector('#cards input[type=checkbox]');
    const labels = await options.locator('#cards label').allTextContents();
    expect(labels.length).toBeGreaterThanOrEqual(8);
    const everyday = (await get(gateway.url, PUBLIC_FILES.earnTableEveryday)).json as EarnTable & { closed_cards?: { name: string }[] };
    // Cards closed to applicants are in the picker, said so, when the earn tables list them.
    for (const closed of everyday.closed_cards ?? []) expect(labels).toContain(`${closed.name} (closed to applicants)`);
    await options.fill('#filter', 'gold');
    const shown = await options.locator('#cards .card-choice:not([hidden]) label').allTextContents();
    expect(shown.length).toBeGreaterThan(0);
    for (const label of shown) expect(label.toLowerCase()).toContain('gold');
    await options.getByLabel('American Express Gold Card', { exact: false }).first().check();
    await options.fill('#filter', 'double');
    // A card held stays in view whatever the search: the one to tick is the one the search found.
    await options
      .locator('#cards .card-choice:not([hidden])', { hasText: /double/i })
      .locator('input')
      .check();
    await options.check('#segment-personal');
    await options.check('#suggest');
    await expect.poll(() => options.locator('#status').textContent(), WAIT).toMatch(/^2 of \d+ cards chosen\.$/);
    expect(await runAxeOn(options)).toEqual([]);
    await options.reload();
    await options.waitForSelector('#cards input[type=checkbox]');
    const checked = await options
      .locator('#cards input:checked')
      .evaluateAll((boxes) => boxes.map((box) => (box as unknown as { value: string }).value));
    expect(checked.sort()).toEqual(['amex-gold', 'citi-double-cash']);
    expect(await options.isChecked('#segment-personal')).toBe(true);
    expect(await options.isChecked('#suggest')).toBe(true);
    const stored = await worker.evaluate(async () => (await chrome.storage.local.get('settings'))['settings']);
    expect(stored).toMatchObject({ wallet: ['amex-gold', 'citi-double-cash'], segment: 'personal', suggest: true });
    await options.close();
  });

  it('shows on the badge, on ten shopping sites, the best rate among my cards: the service’s first card among them', async () => {
    await setWallet(WALLETS[0]!);
    for (const host of SITES) {
      const page = await context.newPage();
      await page.goto(`https://${host}/`);
      expect(await page.locator('h1').textContent()).toBe(`Shopping at ${host}`);
      const { recommend, table } = await serviceAnswer(host);
      const best = chooseFromWallet(table, WALLETS[0]!, { channel: 'online' })[0];
      const entry = table.earnings.find((candidate) => candidate.slug === best?.slug);
      const expected = recommend.fallback || best === undefined ? '' : `${best.rate}${entry?.cash_back ? '%' : 'x'}`;
      const tabId = await tabIdOf(host);
      await expect.poll(() => badgeOf(tabId), { ...WAIT, message: host }).toBe(expected);
    }
  });

  it('ranks in the popup, for the golden domains and three wallets, as chooseFromWallet over the recommendation', async () => {
    // amazon and costco rank apart from their MCC, shell.com is the rotating quarter (gas, chase-freedom-flex), and one site no merchant has.
    const golden = ['www.amazon.com', 'www.costco.com', 'www.walmart.com', 'www.target.com', 'www.shell.com', 'shop.no-such-shop.example'];
    for (const wallet of WALLETS) {
      await setWallet(wallet);
      for (const host of golden) {
        const { recommend, table } = await serviceAnswer(host);
        const popup = await openPopup(await tabIdOf(host));
        const expected = chooseFromWallet(table, wallet, { channel: 'online' }).map((choice) => choice.name);
        expect(await rankedNames(popup), `${host} ${wallet.join(',')}`).toEqual(expected);
        expect(await popup.locator('#place').textContent()).toBe(
          recommend.fallback
            ? `${host.replace(/^www\./, '')}: a site we do not know`
            : `${recommend.merchant_name} (${recommend.matched_domain})`,
        );
        if (expected.length > 0) expect(await popup.locator('#best .card-name').textContent()).toBe(expected[0]);
        await popup.close();
      }
    }
  });

  it('says in the popup which of my cards Costco refuses online and what it takes, suggests the best card I lack, and passes axe', async () => {
    await setWallet(['amex-gold', 'citi-double-cash'], { suggest: true, segment: 'personal' });
    const { recommend, table } = await serviceAnswer('www.costco.com');
    const popup = await openPopup(await tabIdOf('www.costco.com'));
    expect(await popup.locator('#refused').textContent()).toBe('Not taken here online: American Express Gold Card (American Express).');
    expect(await popup.locator('#source').textContent()).toBe(
      `Rules in force on ${table.evaluated_on}, from 127.0.0.1:${front.port}; computed in this browser.`,
    );
    expect(await popup.locator('#online').textContent()).toContain('Online, Costco takes only Mastercard and Visa:');
    expect(recommend.acceptance?.networks).toEqual(['mastercard', 'visa']);
    const lacking = chooseFromWallet(
      table,
      table.earnings.filter((entry) => entry.segment === 'personal').map((entry) => entry.slug),
      { channel: 'online' },
    ).find((choice) => choice.slug !== 'citi-double-cash');
    expect(await popup.locator('#suggestion .card-name').textContent()).toBe(lacking?.name);
    expect(await popup.locator('#best .conditions, #best p.muted').count()).toBe(1);
    expect(await runAxeOn(popup)).toEqual([]);
    await popup.close();
  });

  it('keeps my cards across a browser restart and answers again without fetching what it already has', async () => {
    const before = front.log.length;
    await context.close();
    ({ context, worker, extensionId } = await launchWithExtension(join(work, 'profile'), join(work, 'extension'), shops.port));
    const settings = (await worker.evaluate(async () => (await chrome.storage.local.get('settings'))['settings'])) as { wallet: string[] };
    expect(settings.wallet).toEqual(['amex-gold', 'citi-double-cash']);
    const page = await context.newPage();
    await page.goto('https://www.walmart.com/');
    const { table } = await serviceAnswer('www.walmart.com');
    const best = chooseFromWallet(table, settings.wallet, { channel: 'online' })[0]!;
    const cashBack = table.earnings.find((entry) => entry.slug === best.slug)?.cash_back;
    await expect.poll(async () => badgeOf(await tabIdOf('www.walmart.com')), WAIT).toBe(`${best.rate}${cashBack ? '%' : 'x'}`);
    expect(front.log.slice(before)).toEqual([]);
  });

  it('lets the service and a CDN learn neither the sites visited nor the cards held', () => {
    // The index and everyday spending's table at install, and nothing that depends on a site, ever. (The options page,
    // opened while the worker's first fetch is under way, may fetch them too: at most once per page that needs them.)
    const paths = front.log.map((request) => request.url);
    expect(new Set(paths)).toEqual(new Set([PUBLIC_FILES.earnTableEveryday, PUBLIC_FILES.extensionIndex]));
    expect(paths.length, paths.join(' ')).toBeLessThanOrEqual(4);
    for (const request of front.log) {
      expect(request.method).toBe('GET');
      expect(request.body).toBe('');
      expect(request.headers['cookie']).toBeUndefined();
      expect(request.headers['referer']).toBeUndefined();
      expect(request.headers['x-api-key']).toBeUndefined();
      // The one header the extension's origin adds is the same for every install.
      expect(request.headers['origin']).toBe(`chrome-extension://${fixedExtensionId()}`);
      const seen = `${request.url}\n${JSON.stringify(request.headers)}`.toLowerCase();
      for (const word of [...SITE_WORDS, ...HELD]) expect(seen, `${word} in ${seen}`).not.toContain(word);
    }
    // And the extension never called the sites themselves: only the pages the test opened reached them.
    for (const request of shops.log) expect(request.headers['origin'] ?? '').not.toMatch(/^chrome-extension:/);
  });

  it('uses another cardrewards start on this computer when the options name it, and refuses an address its CSP does not allow', async () => {
    // The gateway itself, not the front: a second service on 127.0.0.1 (run after the privacy test, whose log is the front's).
    const local = `${gateway.url.replace(/\/+$/, '')}/`;
    expect(local).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    const options = await context.newPage();
    await options.goto(`chrome-extension://${extensionId}/options.html`);
    await options.waitForSelector('#cards input[type=checkbox]');
    await options.fill('#base-url', 'https://elsewhere.example/');
    await options.click('#service button[type=submit]');
    await expect.poll(() => options.locator('#status').textContent(), WAIT).toContain('cannot reach https://elsewhere.example/');
    await options.fill('#base-url', local);
    await options.click('#service button[type=submit]');
    await expect.poll(() => options.locator('#status').textContent(), WAIT).toBe(`Now using ${local}.`);
    const stored = (await worker.evaluate(
      async () => (await chrome.storage.local.get(['settings', 'index'])) as Record<string, unknown>,
    )) as {
      settings: { baseUrl: string };
      index: { baseUrl: string };
    };
    expect(stored.settings.baseUrl).toBe(local);
    expect(stored.index.baseUrl).toBe(local);
    // And the popup answers from it.
    // (The browser was restarted above: the one shopping tab open is Walmart's.)
    const popup = await openPopup(await tabIdOf('www.walmart.com'));
    expect(await popup.locator('#place').textContent()).toBe('Walmart (walmart.com)');
    await popup.close();
    await options.close();
  });
});
