/**
 * The MCC widget's "My cards" picker (issue 41, item 3) in chromium: the widget embedded in a page of
 * another origin (a host page on `localhost`, the site on 127.0.0.1, both real servers), a reader who
 * picks cards there sees the box rank those cards, keeps them over a reload, and no request carries a
 * card; on the site's own origin the widget shares the pages' pick; an embedding site's cards win.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { prepare } from '../generator/compile.ts';
import { type Earning, rankCards } from '../generator/engine/ranking.ts';
import { readDataset } from '../generator/dataset/read-dataset.ts';
import { HAS_CHROMIUM, REQUIRE_CHROMIUM, runAxe, SCREENSHOTS } from './helpers/browser.ts';
import { useSiteInChromium } from './helpers/site-in-chromium.ts';

/** Every card ranked at MCC 5411 in the fixture, best first. */
let ranking: Earning[];

/** A page of another origin that embeds the widget, optionally passing the embedding site's own cards. */
const hostPage = (site: string, cards: string | null) => `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>A blog that embeds the widget</title></head>
<body><main><h1>Host page</h1>
<div data-cardrewards-mcc${cards === null ? '' : ` data-cards="${cards}"`}></div>
<script src="${site}/widget/mcc.js" async></script>
</main></body></html>`;

describe.skipIf(!HAS_CHROMIUM && !REQUIRE_CHROMIUM)("the widget's card picker in chromium", () => {
  const site = useSiteInChromium('cardrewards-widget-picker-', (request, siteUrl) =>
    hostPage(siteUrl, new URL(request.url ?? '/', 'http://host').searchParams.get('cards')),
  );
  beforeAll(() => {
    const prepared = prepare(readDataset(join(site.work, 'dataset')), { baseUrl: 'https://rewards.example.test', displayDir: 'dataset' });
    if (!prepared.ok) throw new Error('the site fixture compiles');
    ranking = rankCards(prepared.model, { mcc: '5411' });
  });

  /** A fresh page that fails the test on a script error, and the log of every request it makes (URL, headers, body). */
  async function open(url: string): Promise<{ page: Page; requests: string[] }> {
    const page = await site.browser.newPage({ viewport: { width: 1024, height: 800 } });
    const requests: string[] = [];
    page.on('pageerror', (error) => {
      throw error;
    });
    page.on('request', (request) => requests.push(`${request.url()} ${JSON.stringify(request.headers())} ${request.postData() ?? ''}`));
    await page.goto(url);
    return { page, requests };
  }

  /** Looks up MCC 5411 in the page's (first) box and waits for its answer. */
  async function lookUp5411(page: Page): Promise<void> {
    const input = page.locator('[data-cardrewards-mcc] form input');
    await input.fill('5411');
    await input.press('Enter');
    await page.getByText('Personal cards: the best for MCC 5411').waitFor();
  }

  const mine = (page: Page) => page.locator('[data-cardrewards-mcc] .mine');
  const mineNames = (page: Page) => mine(page).locator('ol li strong').allTextContents();

  it('lets a reader on another origin pick cards: the box ranks them, a reload keeps them, no request names one', async () => {
    // Two cards from the bottom of the ranking: neither is among the box's top cards as shown without a pick.
    const [beforeLast, last] = [ranking.at(-2)!, ranking.at(-1)!];
    const { page, requests } = await open(`${site.hostUrl}/`);
    await lookUp5411(page);
    const top = await page.locator('[data-cardrewards-mcc] ol.best li strong').allTextContents();
    expect(top).not.toContain(last.card.name);
    expect(await mine(page).count()).toBe(0);

    await page.getByText('My cards: rank only the cards I hold').click();
    await page.getByLabel(last.card.name, { exact: true }).check();
    await page.getByLabel(beforeLast.card.name, { exact: true }).check();
    // The box re-ranks among the picked cards, best first, as the engine orders them.
    await expect.poll(() => mineNames(page)).toEqual([beforeLast.card.name, last.card.name]);
    expect(await mine(page).locator('p').first().textContent()).toBe(
      `Your best card here: ${beforeLast.card.name} (${beforeLast.value}¢ per $1)`,
    );
    // Kept in the host origin's storage under the site's key, as the site's pages keep it.
    expect(await page.evaluate<string | null>("localStorage.getItem('cardrewards.wallet')")).toBe(
      JSON.stringify([last.card.slug, beforeLast.card.slug].sort()),
    );
    await page.screenshot({ path: join(SCREENSHOTS, 'widget-my-cards.png'), fullPage: true });
    // The open picker and the answer, inside the Shadow DOM, pass axe as the pages do.
    const serious = (await runAxe(page)).filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
    expect(serious.map((violation) => `${violation.id}: ${JSON.stringify(violation.nodes.map((node) => node.target))}`)).toEqual([]);

    await page.reload();
    await lookUp5411(page);
    await expect.poll(() => mineNames(page)).toEqual([beforeLast.card.name, last.card.name]);
    await page.getByText('My cards: rank only the cards I hold').click();
    await expect.poll(() => page.getByLabel(last.card.name, { exact: true }).isChecked()).toBe(true);

    // Unticking one re-ranks at once; clearing gives the box back its plain answer.
    await page.getByLabel(beforeLast.card.name, { exact: true }).uncheck();
    await expect.poll(() => mineNames(page)).toEqual([last.card.name]);
    await page.getByRole('button', { name: 'Clear my cards' }).click();
    await expect.poll(() => mine(page).count()).toBe(0);

    // The log saw the widget's requests (the index, the earn table, the picker's card list), and none names a card.
    expect(requests.some((line) => line.includes('/api/earn-table/mcc/5411.json'))).toBe(true);
    expect(requests.some((line) => line.includes('/api/earn-table/everyday.json'))).toBe(true);
    for (const card of [last, beforeLast]) expect(requests.filter((line) => line.includes(card.card.slug))).toEqual([]);
    await page.close();
  });

  it('offers a card closed to applicants, labelled so, as the pages do, and ranks it when held', async () => {
    const { page } = await open(`${site.hostUrl}/`);
    await lookUp5411(page);
    await page.getByText('My cards: rank only the cards I hold').click();
    // The fixture's original Chase Freedom is discontinued: nobody can get it, its holder still uses it.
    await page.getByLabel('Chase Freedom (closed to applicants)', { exact: true }).check();
    await expect.poll(() => mineNames(page)).toEqual(['Chase Freedom']);
    await page.close();
  });

  it("shares the site's pick on the site's own origin: cards picked on an MCC page rank in the iframe widget", async () => {
    const picked = ranking.at(-1)!;
    const { page } = await open(`${site.gateway.url}/mcc/5411`);
    await page.locator('details.wallet summary').click();
    await page.getByLabel(picked.card.name, { exact: true }).check();
    await page.goto(`${site.gateway.url}/widget/mcc.html`);
    await lookUp5411(page);
    await expect.poll(() => mineNames(page)).toEqual([picked.card.name]);
    await page.close();
  });

  it("ranks the embedding site's cards over the reader's pick, and hands the choice back when the site passes none", async () => {
    const [theSites, theReaders] = [ranking.at(-1)!, ranking.at(-2)!];
    const { page } = await open(`${site.hostUrl}/?cards=${theSites.card.slug}`);
    await page.evaluate(`localStorage.setItem('cardrewards.wallet', ${JSON.stringify(JSON.stringify([theReaders.card.slug]))})`);
    await page.reload();
    await lookUp5411(page);
    await expect.poll(() => mineNames(page)).toEqual([theSites.card.name]);
    // While the site passes cards, the reader is not offered a picker that would not count.
    expect(await page.getByText('My cards: rank only the cards I hold').count()).toBe(0);

    await page.evaluate(`window.postMessage({ type: 'cardrewards:wallet', cards: [] }, '*')`);
    await expect.poll(() => mineNames(page)).toEqual([theReaders.card.name]);
    expect(await page.getByText('My cards: rank only the cards I hold').count()).toBe(1);
    await page.close();
  });
});
