/**
 * The public site on a phone (issue 41, item 2): one page of every kind, built from the site fixture
 * and served by the real gateway, opened in chromium at 375 × 667. Nothing is wider than the screen
 * (no element's box, the document neither), the first ranked card is on the first screen, and a
 * merchant's acceptance rule comes before its ranking. Screenshots go to test-output/site/phone/.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { HAS_CHROMIUM, REQUIRE_CHROMIUM, SCREENSHOTS } from './helpers/browser.ts';
import { useSiteInChromium } from './helpers/site-in-chromium.ts';

const PHONE = { width: 375, height: 667 } as const;
const SHOTS = join(SCREENSHOTS, 'phone');

/** One page of each kind; `ranked` pages list cards, and their first card must be on the first screen. */
const PAGES = [
  { kind: 'home', path: '/', ranked: false },
  { kind: 'mcc', path: '/mcc/5411', ranked: true },
  { kind: 'merchant', path: '/merchant/costco', ranked: true },
  { kind: 'card', path: '/card/amex-gold', ranked: false },
  { kind: 'issuer', path: '/issuer/amex', ranked: false },
  { kind: 'best-for', path: '/best/groceries', ranked: true },
  { kind: 'stats', path: '/stats', ranked: false },
  { kind: 'changes', path: '/changes', ranked: false },
  { kind: 'download', path: '/download', ranked: false },
  { kind: 'widget', path: '/widget', ranked: false },
] as const;

/**
 * Every element (the widget's Shadow DOM too) whose box reaches past the right edge of the
 * viewport, as "tag.class: right edge". Boxes inside a scrolling container count: a table that
 * scrolls sideways inside its box is what a reader on a phone cannot see. A page evaluates a
 * string, not a function: the tests are type-checked without the DOM library.
 */
const OVERFLOWING = `(() => {
  const width = document.documentElement.clientWidth;
  const found = [];
  const visit = (root) => {
    for (const node of root.querySelectorAll('*')) {
      const box = node.getBoundingClientRect();
      if (box.width > 0 && box.height > 0 && box.right > width + 0.5)
        found.push(node.tagName.toLowerCase() + (node.className && typeof node.className === 'string' ? '.' + node.className.trim().split(/\\s+/).join('.') : '') + ': ' + Math.round(box.right));
      if (node.shadowRoot) visit(node.shadowRoot);
    }
  };
  visit(document);
  return found;
})()`;

describe.skipIf(!HAS_CHROMIUM && !REQUIRE_CHROMIUM)('the public site on a 375 px phone', () => {
  const site = useSiteInChromium('cardrewards-phone-');
  beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

  async function open(path: string): Promise<Page> {
    const page = await site.browser.newPage({ viewport: PHONE });
    page.on('pageerror', (error) => {
      throw error;
    });
    await page.goto(`${site.gateway.url}${path}`);
    // The scripts add to the page (the "My cards" picker, the widget's box): measure what the reader sees once they ran.
    await page.waitForLoadState('networkidle');
    return page;
  }

  it.each(PAGES)('fits the $kind page ($path) in 375 px: no element wider than the screen, no sideways scroll', async ({ kind, path }) => {
    const page = await open(path);
    await page.screenshot({ path: join(SHOTS, `${kind}.png`), fullPage: true });
    const overflowing = await page.evaluate<string[]>(OVERFLOWING);
    const scrollWidth = await page.evaluate<number>('document.documentElement.scrollWidth');
    await page.close();
    expect(overflowing).toEqual([]);
    expect(scrollWidth).toBeLessThanOrEqual(PHONE.width);
  });

  it.each(PAGES.filter((page) => page.ranked))(
    'shows the first ranked card of the $kind page ($path) on the first screen, its "Why" in view',
    async ({ path }) => {
      const page = await open(path);
      const firstRow = page.locator('table tbody tr').first();
      const box = await firstRow.boundingBox();
      // The rule behind the rate (its last cell) is on the screen, not cut off at the right.
      const why = await firstRow.locator('td').last().boundingBox();
      await page.close();
      expect(box, 'a ranked card').not.toBeNull();
      expect(box!.y + box!.height).toBeLessThanOrEqual(PHONE.height);
      expect(why!.x + why!.width).toBeLessThanOrEqual(PHONE.width);
      expect(why!.y + why!.height).toBeLessThanOrEqual(PHONE.height);
    },
  );

  it("fits the widget with an answer, the reader's cards and its picker open in 375 px", async () => {
    const page = await open('/widget');
    await page.evaluate(`localStorage.setItem('cardrewards.wallet', '["amex-gold","citi-double-cash"]')`);
    await page.reload();
    const widget = page.locator('main [data-cardrewards-mcc]');
    await widget.locator('form input').fill('costco');
    await widget.locator('form input').press('Enter');
    await widget.locator('.mine .refused').waitFor();
    await widget.getByText('My cards: rank only the cards I hold').click();
    await widget.getByLabel('Citi Double Cash Card', { exact: true }).waitFor();
    await page.screenshot({ path: join(SHOTS, 'widget-answer.png'), fullPage: true });
    const overflowing = await page.evaluate<string[]>(OVERFLOWING);
    const scrollWidth = await page.evaluate<number>('document.documentElement.scrollWidth');
    await page.close();
    expect(overflowing).toEqual([]);
    expect(scrollWidth).toBeLessThanOrEqual(PHONE.width);
  });

  it("says Costco's acceptance rule in one sentence before its ranking, and folds the research notes below it", async () => {
    const page = await open('/merchant/costco');
    const rule = page.locator('main p.acceptance');
    expect(await rule.textContent()).toBe(
      'Costco takes only Visa in store and only Mastercard and Visa online; the 6 cards on other networks are left out of the ranking below.',
    );
    const notes = page.locator('main details.acceptance-notes');
    // Folded: the long note is there, but not shown until asked for.
    expect(await notes.getAttribute('open')).toBeNull();
    expect(await notes.textContent()).toContain('US warehouses take Visa as their only credit network');
    expect(await notes.locator('li').first().isVisible()).toBe(false);
    const top = async (selector: string) => (await page.locator(selector).first().boundingBox())!.y;
    // "below" is true: the sentence, then the ranking, then the notes; and the sentence is on the first screen.
    expect(await top('main p.acceptance')).toBeLessThan(await top('table tbody tr'));
    expect(await top('table tbody tr')).toBeLessThan(await top('main details.acceptance-notes'));
    expect(await top('main p.acceptance')).toBeLessThan(PHONE.height);
    await page.close();
  });
});
