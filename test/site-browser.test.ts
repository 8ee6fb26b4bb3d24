/**
 * The public site in a real browser (chromium through playwright-core), served by the real
 * gateway on port 0: the home page's search, MCC and merchant pages, the widget embedded in a page
 * of another origin (CORS, Shadow DOM), the iframe variant, and axe-core on every kind of page.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { HAS_CHROMIUM, REQUIRE_CHROMIUM, runAxe, SCREENSHOTS } from './helpers/browser.ts';
import { HOSTILE_NAME, HOSTILE_SLUG } from './helpers/site-fixture.ts';
import { useSiteInChromium } from './helpers/site-in-chromium.ts';
import { prepare } from '../generator/compile.ts';
import { compareEarnings, earningFor, rankCards } from '../generator/engine/ranking.ts';
import { readDataset } from '../generator/dataset/read-dataset.ts';

/** A page of another origin that embeds the widget, with hostile CSS the widget must not inherit. */
const hostPage = (site: string, cards: string | null = null) => `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>A blog that embeds the widget</title>
<style>* { color: #c00 !important; font-size: 40px !important; } input { display: none !important; }</style></head>
<body><main><h1>Host page</h1>
<div data-cardrewards-mcc${cards === null ? '' : ` data-cards="${cards}"`}></div>
<script src="${site}/widget/mcc.js" async></script>
</main></body></html>`;

const framePage = (site: string) => `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>A page with the iframe</title></head>
<body><main><h1>Host page</h1><iframe src="${site}/widget/mcc.html" title="MCC lookup" width="600" height="440"></iframe></main></body></html>`;

describe.skipIf(!HAS_CHROMIUM && !REQUIRE_CHROMIUM)('the public site in chromium', () => {
  const site = useSiteInChromium('cardrewards-site-', (request, siteUrl) =>
    request.url === '/frame' ? framePage(siteUrl) : hostPage(siteUrl, new URL(request.url ?? '/', 'http://host').searchParams.get('cards')),
  );

  /** A fresh page that fails the test on any script error or dialog (an executed `<script>` from data would open one). */
  async function open(url: string, viewport = { width: 1024, height: 800 }): Promise<Page> {
    const page = await site.browser.newPage({ viewport });
    page.on('pageerror', (error) => {
      throw error;
    });
    page.on('dialog', (dialog) => {
      throw new Error(`a dialog opened: ${dialog.message()}`);
    });
    await page.goto(url);
    return page;
  }

  it('finds Costco with the home page search (no key) and opens its page', async () => {
    const page = await open(`${site.gateway.url}/`);
    await page.fill('#q', 'Costco');
    const result = page.locator('#results a', { hasText: 'Costco' });
    await result.first().waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'home-search.png'), fullPage: true });
    await result.first().click();
    await page.waitForURL(/\/merchant\/costco$/);
    expect(await page.locator('h1').textContent()).toBe('Costco');
    await page.close();
  });

  it('renders an MCC page with its top cards and merchants', async () => {
    const page = await open(`${site.gateway.url}/mcc/5411`);
    expect(await page.locator('h1').textContent()).toBe('MCC 5411: Grocery Stores, Supermarkets');
    expect(await page.locator('table tbody tr').count()).toBeGreaterThan(0);
    expect(await page.locator('a[href="/merchant/whole-foods-market"]').count()).toBe(1);
    await page.screenshot({ path: join(SCREENSHOTS, 'mcc-5411.png'), fullPage: true });
    await page.close();
  });

  it('renders a merchant page as the answer at the till: cards it takes with the why, networks, portal, offer; readable on a phone', async () => {
    const page = await open(`${site.gateway.url}/merchant/costco`, { width: 375, height: 740 });
    expect(await page.locator('a[href="/mcc/5300"]').first().textContent()).toContain('5300');
    // Costco takes only Visa in store (the site fixture has its acceptance rows): its one active Visa card, with the why.
    const rows = page.locator('table tbody tr');
    expect(await rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain('Chase Sapphire Preferred');
    expect(await rows.first().textContent()).toContain('base rate');
    const text = (await page.locator('main').textContent()) ?? '';
    expect(text).toContain('Cards for personal use; business cards, which only a business can open, are below the table.');
    expect(text).toMatch(/in store: Visa only/i);
    expect(text).toMatch(/Best current portal rate: 2 miles per dollar on SkyMiles Shopping, seen on 2026-11-01/);
    // The fixture's offer is an Amex one, and Costco takes no Amex card: it is not offered (site.test.ts checks the rule).
    expect(text).toContain('Card-linked offer: none in force that Costco takes a card for is known.');
    expect(text).toContain('/api/compute/triple-stack?merchant=costco');
    // Nothing wider than the phone's screen.
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
    await page.screenshot({ path: join(SCREENSHOTS, 'merchant-costco-phone.png'), fullPage: true });
    await page.close();
  });

  it('shows a hostile merchant name as text and runs none of it', async () => {
    const page = await open(`${site.gateway.url}/merchant/${HOSTILE_SLUG}`);
    expect(await page.locator('h1').textContent()).toBe(HOSTILE_NAME);
    expect(await page.locator('main script').count()).toBe(0);
    await page.close();
  });

  it('embeds the widget in a page of another origin: looks up 5411 and starbucks', async () => {
    const page = await open(`${site.hostUrl}/`);
    const input = page.locator('[data-cardrewards-mcc] form input');
    await input.fill('5411');
    await input.press('Enter');
    await page.getByText('MCC 5411: Grocery Stores, Supermarkets').waitFor();
    expect(await page.locator('[data-cardrewards-mcc] ol li').count()).toBeGreaterThan(0);
    // The host's CSS does not reach into the Shadow DOM.
    // (Strings, not functions: the tests are type-checked without the DOM library.)
    expect(await input.evaluate('(node) => getComputedStyle(node).display')).not.toBe('none');
    expect(await input.evaluate('(node) => getComputedStyle(node).fontSize')).not.toBe('40px');
    await page.screenshot({ path: join(SCREENSHOTS, 'widget-5411.png'), fullPage: true });

    await input.fill('starbucks');
    await input.press('Enter');
    await page.locator('[data-cardrewards-mcc] h3', { hasText: 'Starbucks' }).waitFor();
    await page.getByText('MCC 5814: Fast Food Restaurants').waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'widget-starbucks.png'), fullPage: true });
    await page.close();
  });

  it('works as an iframe too', async () => {
    const page = await open(`${site.hostUrl}/frame`);
    const frame = page.frameLocator('iframe');
    await frame.locator('form input').fill('5411');
    await frame.locator('form input').press('Enter');
    await frame.getByText('MCC 5411: Grocery Stores, Supermarkets').waitFor();
    await page.close();
  });

  it('re-ranks the MCC table among three cards picked in "My cards", keeps them over a reload, sends them nowhere, and passes axe', async () => {
    const prepared = prepare(readDataset(join(site.work, 'dataset')), { baseUrl: 'https://rewards.example.test', displayDir: 'dataset' });
    if (!prepared.ok) throw new Error('the site fixture compiles');
    const ranking = rankCards(prepared.model, { mcc: '5411' });
    // Three cards from the bottom of the ranking: none of them is in the page's top rows as built.
    const wallet = ranking.slice(-3).map((earning) => earning.card);
    const requests: string[] = [];
    const page = await site.browser.newPage({ viewport: { width: 1024, height: 800 } });
    page.on('pageerror', (error) => {
      throw error;
    });
    page.on('request', (request) => requests.push(`${request.url()} ${request.postData() ?? ''}`));
    await page.goto(`${site.gateway.url}/mcc/5411`);
    const builtRows = await page.locator('table tbody tr td:nth-child(2) a').allTextContents();
    await page.locator('details.wallet summary').waitFor();
    await page.locator('details.wallet summary').click();
    for (const card of [...wallet].reverse()) await page.getByLabel(card.name, { exact: true }).check();
    const names = () => page.locator('table tbody tr td:nth-child(2) a').allTextContents();
    expect(await names()).toEqual(wallet.map((card) => card.name));
    expect(await names()).not.toEqual(builtRows);
    const firstValue = `${ranking.at(-3)!.value}¢ per $1`;
    expect(await page.locator('table tbody tr').first().locator('td').nth(3).textContent()).toBe(firstValue);
    expect(await page.locator('.wallet-status').textContent()).toContain(wallet[0]!.name);
    const serious = (await runAxe(page)).filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
    expect(serious.map((violation) => violation.id)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'mcc-5411-my-cards.png'), fullPage: true });

    await page.reload();
    await page.locator('details.wallet').waitFor({ state: 'attached' });
    await expect.poll(names).toEqual(wallet.map((card) => card.name));
    expect(await page.evaluate<string | null>("localStorage.getItem('cardrewards.wallet')")).toBe(
      JSON.stringify(wallet.map((card) => card.slug).sort()),
    );
    // The wallet is in no request: the page asked only for the earn table, which is the same for everyone.
    for (const card of wallet) expect(requests.filter((line) => line.includes(card.slug))).toEqual([]);
    expect(requests.some((line) => line.includes('/api/earn-table/mcc/5411.json'))).toBe(true);

    await page.locator('details.wallet summary').click();
    await page.getByRole('button', { name: 'Clear my cards' }).click();
    expect(await names()).toEqual(builtRows);
    await page.close();
  });

  it('re-ranks a row as the page builds it: the built table\'s own cards picked in "My cards" give the same rows, markup and all', async () => {
    const page = await open(`${site.gateway.url}/mcc/5411`);
    const rows = page.locator('table tbody tr');
    const built = await rows.evaluateAll((trs) => trs.map((tr) => tr.outerHTML));
    const slugs = await page
      .locator('table tbody tr td:nth-child(2) a')
      .evaluateAll((links) => links.map((link) => (link.getAttribute('href') ?? '').replace(/^.*\/card\//, '')));
    // The rows are worth comparing: an issuer under each card, a capped rule linked to its category page.
    expect(built.length).toBeGreaterThan(2);
    expect(built.join('')).toMatch(/<span class="muted">[^<]+<\/span><\/td><td class="num">/);
    expect(built.join('')).toMatch(/<a href="\/best\/[a-z-]+">[^<]+<\/a> up to \$/);
    // An expando (not an attribute: it would show in the markup) on the built rows tells them from re-drawn ones.
    await rows.evaluateAll((trs) => {
      for (const tr of trs) Object.assign(tr, { builtRow: true });
    });
    await page.evaluate(`localStorage.setItem('cardrewards.wallet', ${JSON.stringify(JSON.stringify(slugs))})`);
    await page.evaluate(`dispatchEvent(new StorageEvent('storage', { key: 'cardrewards.wallet' }))`);
    await expect.poll(() => page.locator('.wallet-status').textContent()).toContain(`Ranked among your ${slugs.length} cards`);
    expect(await rows.evaluateAll((trs) => trs.filter((tr) => 'builtRow' in tr).length)).toBe(0);
    expect(await rows.evaluateAll((trs) => trs.map((tr) => tr.outerHTML))).toEqual(built);
    await page.close();
  });

  it('offers the cards closed to applicants in "My cards", marked, and ranks one when held, though the page ranks none', async () => {
    const prepared = prepare(readDataset(join(site.work, 'dataset')), { baseUrl: 'https://rewards.example.test', displayDir: 'dataset' });
    if (!prepared.ok) throw new Error('the site fixture compiles');
    const closed = [...prepared.model.cardBySlug.values()].filter((card) => card.status !== 'active');
    expect(closed.map((card) => card.slug)).toContain('chase-freedom');
    const page = await open(`${site.gateway.url}/mcc/5411`);
    const builtRows = await page.locator('table tbody tr td:nth-child(2) a').allTextContents();
    expect(builtRows).not.toContain('Chase Freedom');
    await page.locator('details.wallet summary').click();
    for (const card of closed) await page.getByLabel(`${card.name} (closed to applicants)`, { exact: true }).waitFor();
    // An open card is offered under its own name alone.
    await page.getByLabel('American Express Gold Card', { exact: true }).waitFor();
    await page.getByLabel('Chase Freedom (closed to applicants)', { exact: true }).check();
    await page.getByLabel('Citi Double Cash Card', { exact: true }).check();
    const names = () => page.locator('table tbody tr td:nth-child(2) a').allTextContents();
    // In the order of docs/ranking.md, as the engine would rank the two.
    const order = ['chase-freedom', 'citi-double-cash']
      .map((slug) => earningFor(prepared.model, prepared.model.cardBySlug.get(slug)!, { mcc: '5411' }))
      .sort(compareEarnings)
      .map((earning) => earning.card.name);
    await expect.poll(names).toEqual(order);
    expect(await page.locator('.wallet-status').textContent()).toContain('Ranked among your 2 cards');
    await page.close();
  });

  it('answers at Costco in the widget as the page does: Visa only, rate, value and conditions, personal or business on a click', async () => {
    const page = await open(`${site.hostUrl}/`);
    const widget = page.locator('[data-cardrewards-mcc]');
    await widget.locator('form input').fill('costco');
    await widget.locator('form input').press('Enter');
    const best = widget.locator('ol.best li');
    await best.first().waitFor();
    // The MCC's top cards (5300) are mostly Mastercard and Amex; at Costco's tills only its Visa card is listed.
    expect(await best.allTextContents()).toEqual([expect.stringMatching(/^Chase Sapphire Preferred® Card: 1×, 2\.05¢ per \$1$/)]);
    expect(await widget.locator('.acceptance').textContent()).toBe(
      'Costco takes only Visa in store: cards on other networks are left out.',
    );
    await widget.locator('select').selectOption('business');
    await widget.getByText('Business cards: the best here, in store').waitFor();
    expect(await widget.getByText('None is ranked here.').count()).toBe(1);
    // A cash-back rate reads as a percentage, with what it needs of the holder: groceries, Blue Cash Preferred's capped 6 %.
    await widget.locator('select').selectOption('personal');
    await widget.locator('form input').fill('5411');
    await widget.locator('form input').press('Enter');
    await widget.getByText('Personal cards: the best for MCC 5411').waitFor();
    const groceries = await best.allTextContents();
    expect(
      groceries.some((line) => /^Blue Cash Preferred Card from American Express: 6 %, 6¢ per \$1.*6% on up to \$6,000/.test(line)),
    ).toBe(true);
    await page.close();
  });

  it('says which of my cards Costco refuses, and why, on its page and in the widget', async () => {
    const page = await open(`${site.gateway.url}/merchant/costco`);
    await page.evaluate(
      `localStorage.setItem('cardrewards.wallet', JSON.stringify(['amex-gold', 'chase-sapphire-preferred', 'citi-double-cash']))`,
    );
    await page.reload();
    const status = page.locator('.wallet-status');
    await expect
      .poll(() => status.textContent())
      .toBe(
        // In the place's ranking order (Double Cash earns more at 5300 than Gold).
        'Ranked among your 3 cards: Chase Sapphire Preferred® Card earns the most here. Not taken here: Citi Double Cash Card (Mastercard), American Express Gold Card (American Express); it takes only Visa here.',
      );
    expect(await page.locator('table tbody tr td:nth-child(2) a').allTextContents()).toEqual(['Chase Sapphire Preferred® Card']);
    await page.close();

    const embedded = await open(`${site.hostUrl}/?cards=amex-gold,citi-double-cash`);
    const widget = embedded.locator('[data-cardrewards-mcc]');
    await widget.locator('form input').fill('costco');
    await widget.locator('form input').press('Enter');
    await widget.locator('.refused').waitFor();
    expect(await widget.locator('.mine p').first().textContent()).toBe('None of your cards can be used here.');
    expect(await widget.locator('.refused').textContent()).toBe(
      'Not taken here: Citi Double Cash Card (Mastercard), American Express Gold Card (American Express); Costco takes only Visa in store.',
    );
    await embedded.close();
  });

  it('takes a wallet in the widget, by data-cards and by postMessage (also into the iframe), and names the best of those cards', async () => {
    const prepared = prepare(readDataset(join(site.work, 'dataset')), { baseUrl: 'https://rewards.example.test', displayDir: 'dataset' });
    if (!prepared.ok) throw new Error('the site fixture compiles');
    const ranking = rankCards(prepared.model, { mcc: '5411' });
    const [last, beforeLast] = [ranking.at(-1)!, ranking.at(-2)!];
    const page = await open(`${site.hostUrl}/?cards=${last.card.slug},${beforeLast.card.slug}`);
    const input = page.locator('[data-cardrewards-mcc] form input');
    await input.fill('5411');
    await input.press('Enter');
    const best = page.locator('[data-cardrewards-mcc] .mine p');
    await best.waitFor();
    expect(await best.textContent()).toBe(`Your best card here: ${beforeLast.card.name} (${beforeLast.value}¢ per $1)`);
    await page.evaluate(`window.postMessage({ type: 'cardrewards:wallet', cards: ['${last.card.slug}'] }, '*')`);
    await expect.poll(() => best.textContent()).toBe(`Your best card here: ${last.card.name} (${last.value}¢ per $1)`);
    await page.close();

    const framed = await open(`${site.hostUrl}/frame`);
    const frame = framed.frameLocator('iframe');
    await frame.locator('form input').waitFor();
    await framed.evaluate(
      `document.querySelector('iframe').contentWindow.postMessage({ type: 'cardrewards:wallet', cards: ['${last.card.slug}'] }, '*')`,
    );
    await frame.locator('form input').fill('5411');
    await frame.locator('form input').press('Enter');
    await frame.getByText(`Your best card here: ${last.card.name}`).waitFor();
    await framed.close();
  });

  const AXE_PATHS = [
    '/',
    '/mcc',
    '/mcc/group/retail-outlet-services',
    '/mcc/5411',
    '/merchant/costco',
    `/merchant/${HOSTILE_SLUG}`,
    '/card',
    '/issuer/amex',
    '/card/amex-gold',
    '/best',
    '/best/groceries',
    '/stats',
    '/changes',
    '/download',
    '/widget',
    '/widget/mcc.html',
  ];
  const VIEWPORTS = { desktop: { width: 1024, height: 800 }, phone: { width: 375, height: 740 } } as const;

  it.each(AXE_PATHS.flatMap((path) => (['desktop', 'phone'] as const).map((device) => [path, device] as const)))(
    'has no serious or critical axe-core violations on %s (%s)',
    async (path, device) => {
      const page = await open(`${site.gateway.url}${path}`, VIEWPORTS[device]);
      if (path === '/' || path.startsWith('/widget')) await page.waitForLoadState('networkidle');
      const serious = (await runAxe(page))
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map(
          (violation) => `${violation.id} (${violation.impact}) ${violation.help}: ${JSON.stringify(violation.nodes.map((n) => n.target))}`,
        );
      if (path === '/stats' && device === 'desktop') await page.screenshot({ path: join(SCREENSHOTS, 'stats.png'), fullPage: true });
      await page.close();
      expect(serious).toEqual([]);
    },
  );
});
