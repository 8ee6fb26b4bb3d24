/**
 * The public site as the generator writes it: escaping by default, every page behind a
 * service_url, and the downloads (ZIP and SQLite) complete, valid and byte-deterministic.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import initSqlJs from 'sql.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { type BuildOutput, compile } from '../generator/compile.ts';
import { escapeHtml, externalHref, Html, html, trustedHtml } from '../generator/site/internal/html.ts';
import { tables } from '../generator/dataset/tables.ts';
import { HOSTILE_NAME, HOSTILE_SLUG, siteFixtureSources } from './helpers/site-fixture.ts';
import { fixtureWithAcceptance } from './helpers/acceptance-fixture.ts';
import { readZip } from './helpers/zip.ts';

const build = (): BuildOutput => {
  const result = compile(siteFixtureSources(), { baseUrl: 'https://rewards.example.test/sub', displayDir: 'site' });
  if (!result.ok) throw new Error(result.problems.map((p) => p.message).join('\n'));
  return result.output;
};

let output: BuildOutput;
const text = (path: string) => {
  const bytes = output.files.get(path);
  if (!bytes) throw new Error(`no ${path}`);
  return bytes.toString('utf8');
};
const htmlFiles = () => [...output.files.keys()].filter((path) => path.endsWith('.html'));

beforeAll(() => {
  output = build();
});

describe('the html renderer', () => {
  it('escapes every interpolated value: <script>, & and both quotes', () => {
    const value = `<script>alert("x")</script> & 'y'`;
    expect(html`<p title="${value}">${value}</p>`.toString()).toBe(
      '<p title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;</p>',
    );
    expect(escapeHtml('a&b')).toBe('a&amp;b');
  });

  it('keeps nested templates, joins lists and prints nothing for absent values', () => {
    const items = ['<a>', 'b&c'].map((item) => html`<li>${item}</li>`);
    expect(html`<ul>${items}</ul>${null}${undefined}${false}${0}`.toString()).toBe('<ul><li>&lt;a&gt;</li><li>b&amp;c</li></ul>0');
    expect(html`${trustedHtml('<b>ok</b>')}`.toString()).toBe('<b>ok</b>');
  });

  it('cannot be handed markup by anything but html`` and trustedHtml', () => {
    expect(() => new (Html as unknown as new (markup: string, token: symbol) => Html)('<script>', Symbol('html'))).toThrow();
    expect(() => html`${Number.NaN}`).toThrow();
  });

  it('links outside the site only to http(s) URLs', () => {
    expect(externalHref('https://example.com/a?b=c')).toBe('https://example.com/a?b=c');
    expect(() => externalHref('javascript:alert(1)')).toThrow();
  });
});

describe('the pages', () => {
  it('has a page behind every service_url of the static records', () => {
    for (const [path, bytes] of output.files) {
      if (!/^public\/api\/(mcc|merchant)\/[^/]+\.json$/.test(path)) continue;
      const { service_url: url } = JSON.parse(bytes.toString('utf8')) as { service_url: string };
      const sitePath = url.replace('https://rewards.example.test/sub', '');
      expect(output.files.has(`public${sitePath}/index.html`), url).toBe(true);
    }
    for (const page of ['index', 'stats/index', 'download/index', 'widget/index', 'widget/mcc', 'mcc/index', 'card/index', 'best/index'])
      expect(output.files.has(`public/${page}.html`), page).toBe(true);
  });

  it('shows a hostile merchant name escaped wherever it appears, and never as markup', () => {
    const pages = htmlFiles().filter((path) =>
      text(path).includes('&lt;script&gt;alert(&quot;pwned&quot;)&lt;/script&gt; &amp; &quot;Quotes&quot; &#39;R&#39; Us'),
    );
    expect(pages).toContain(`public/merchant/${HOSTILE_SLUG}/index.html`);
    expect(pages).toContain('public/mcc/5999/index.html');
    for (const path of htmlFiles()) {
      expect(text(path), path).not.toContain('alert("pwned")');
      expect(text(path), path).not.toContain(HOSTILE_NAME);
      // The only scripts are the site's own files.
      for (const [tag] of text(path).matchAll(/<script[^>]*>/g))
        expect(tag, path).toMatch(/^<script src="\/sub\/(assets|widget)\/[a-z-]+\.js\?v=[0-9a-f]+"( defer)?>$/);
    }
  });

  it('links within the base URL path, so the tree works under a prefix on any host', () => {
    const home = text('public/index.html');
    expect(home).toContain('href="/sub/mcc"');
    expect(home).toContain('<link rel="canonical" href="https://rewards.example.test/sub/">');
    expect(home).not.toMatch(/href="\/(?!sub\/)/);
    expect(text('public/widget/index.html')).toContain(
      '&lt;script src=&quot;https://rewards.example.test/sub/widget/mcc.js&quot; async&gt;',
    );
  });

  it('reaches every card from /card through its issuer page, and links each card page back to its issuer', () => {
    const links = (path: string) => [...text(path).matchAll(/href="\/sub(\/(?:issuer|card)\/[^"]+)"/g)].map((m) => m[1]!);
    const issuerPages = links('public/card/index.html').filter((link) => link.startsWith('/issuer/'));
    expect(issuerPages.length).toBe(new Set([...output.model.cardBySlug.values()].map((card) => card.issuer)).size);
    const reached = issuerPages.flatMap((page) => links(`public${page}/index.html`).filter((link) => link.startsWith('/card/')));
    expect(reached.sort()).toEqual([...output.model.cardBySlug.keys()].map((slug) => `/card/${slug}`).sort());
    const gold = output.model.cardBySlug.get('amex-gold')!;
    expect(text('public/card/amex-gold/index.html')).toContain(`<dt>Issuer</dt><dd><a href="/sub/issuer/${gold.issuer}">`);
  });

  it('shows where a merchant refuses networks, leaves those cards out, and counts no offer it takes no card for (issue 23)', () => {
    const result = compile(fixtureWithAcceptance(), { baseUrl: 'https://rewards.example.test', displayDir: 'mini' });
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    const page = result.output.files.get('public/merchant/costco/index.html')!.toString('utf8');
    const text = page.replace(/<[^>]+>/g, '');
    expect(text).toContain('In store: Visa only.');
    expect(text).toContain('Online: Mastercard, Visa only.');
    expect(text).toMatch(/6 cards on other networks are left out of the ranking below/);
    // Only the fixture's one active Visa card is ranked; the Amex offer is not usable at Costco.
    expect(page.match(/<tbody>[\s\S]*?<\/tbody>/)?.[0].match(/<tr>/g)).toHaveLength(1);
    expect(text).toContain('Chase Sapphire Preferred');
    expect(text).toContain('Card-linked offer: none in force that Costco takes a card for is known.');
    expect(page).toContain('href="https://www.usatoday.com/money/blueprint/credit-cards/what-credit-cards-does-costco-accept/"');
    expect(page.length).toBeLessThanOrEqual(30 * 1024);
  });

  it('keeps every page within 30 KB and the widget within 15 KB gzipped', () => {
    for (const path of htmlFiles()) expect(output.files.get(path)!.length, path).toBeLessThanOrEqual(30 * 1024);
    expect(gzipSync(output.files.get('public/widget/mcc.js')!, { level: 9 }).length).toBeLessThanOrEqual(15 * 1024);
  });
});

describe('the dataset download', () => {
  const zipPath = 'public/download/cardrewards-dataset-2026-11-25.zip';
  const sqlitePath = 'public/download/cardrewards-dataset-2026-11-25.sqlite';

  it('is byte-deterministic: two builds give the same ZIP and the same database', () => {
    const again = build();
    expect(again.files.get(zipPath)!.equals(output.files.get(zipPath)!)).toBe(true);
    expect(again.files.get(sqlitePath)!.equals(output.files.get(sqlitePath)!)).toBe(true);
  });

  it('zips every CSV as read, the README and the LICENSE, dated with the dataset', () => {
    const zip = output.files.get(zipPath)!;
    const entries = readZip(zip);
    const sources = siteFixtureSources();
    const expected = ['README.md', 'LICENSE', ...tables.map((t) => t.file)].filter((file) => sources.get(file) !== undefined);
    expect(entries.map((e) => e.name)).toEqual(expected.map((file) => `cardrewards-dataset-2026-11-25/${file}`));
    for (const entry of entries) expect(entry.bytes.toString('utf8')).toBe(sources.get(entry.name.split('/')[1]!));
    expect(sources.get('LICENSE')).toContain('MIT License');
    const midnightOfDataset = ((2026 - 1980) << 9) | (11 << 5) | 25; // the dataset date: Costco's acceptance rows, read 2026-11-25
    expect(entries.map((e) => e.dosDate)).toEqual(entries.map(() => midnightOfDataset));
    // Where an unzip is installed, it agrees.
    const file = join(mkdtempSync(join(tmpdir(), 'cardrewards-zip-')), 'dataset.zip');
    writeFileSync(file, zip);
    try {
      expect(execFileSync('unzip', ['-t', file], { stdio: ['ignore', 'pipe', 'ignore'] }).toString()).toContain('No errors detected');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    } finally {
      rmSync(dirname(file), { recursive: true, force: true });
    }
  });

  it('has one typed table per CSV with its rows, keys and foreign keys', async () => {
    const SQL = await initSqlJs();
    const db = new SQL.Database(output.files.get(sqlitePath)!);
    const names = db.exec("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")[0]!.values.flat();
    expect(names).toEqual(tables.map((t) => t.file.replace('.csv', '')).sort());
    const scalar = (sql: string) => db.exec(sql)[0]?.values[0]?.[0];
    expect(scalar('SELECT count(*) FROM merchants')).toBe(8);
    expect(scalar(`SELECT name FROM merchants WHERE slug = '${HOSTILE_SLUG}'`)).toBe(HOSTILE_NAME);
    expect(scalar('SELECT typeof(annual_fee) FROM cards LIMIT 1')).toBe('real');
    expect(scalar("SELECT domains FROM merchants WHERE slug = 'shell'")).toBe('shell.com;shell.us');
    expect(
      db
        .exec('PRAGMA foreign_key_list(card_rewards)')[0]!
        .values.map((row) => row[2])
        .sort(),
    ).toEqual(['cards', 'categories', 'requirements']);
    expect(db.exec('PRAGMA foreign_key_check')).toEqual([]);
    db.run('PRAGMA foreign_keys = ON');
    expect(() =>
      db.run(
        "INSERT INTO cards (slug, name, issuer, network, segment, program, annual_fee, foreign_tx_fee, base_rate, status, source_url, as_of) VALUES ('x', 'X', 'nobody', 'visa', 'personal', 'cash-back', 0, 0, 1, 'active', 'https://x.test', '2026-01-01')",
      ),
    ).toThrow(/FOREIGN KEY/);
    db.close();
  });
});
