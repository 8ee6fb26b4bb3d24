/**
 * The browser extension's answer (issue 43, extension/answer.ts) is the service's: for the same
 * wallet and domain, the ranking the popup shows equals chooseFromWallet over the earn table that
 * /api/extension/recommend names, for a purchase online; and the extension gets there from two
 * public files that do not depend on the site (the index and everyday spending's earn table).
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { compile, prepare } from '../generator/compile.ts';
import type { Model } from '../generator/engine/model.ts';
import { readDataset } from '../generator/dataset/read-dataset.ts';
import { merchantRoutes } from '../generator/routes/merchants.ts';
import { everydayEarnTable, mccEarnTable, merchantEarnTable } from '../generator/views/earn-table.ts';
import { extensionIndexOf } from '../generator/site/extension-index.ts';
import { chooseFromWallet } from '../schemas/choose-from-wallet.ts';
import type { ExtensionIndex } from '../schemas/extension-index.ts';
import type { EarnTable, Recommendation } from '../schemas/keyed.ts';
import { PUBLIC_FILES, publicFile } from '../schemas/public-files.ts';
import { answerAt, badgeText, findPlace, hostOf, placeTable } from '../extension/answer.ts';
import { fixtureWithAcceptance } from './helpers/acceptance-fixture.ts';
import { ROOT } from './helpers/cli.ts';

const NO_SUGGESTION = { segment: 'all', suggest: false } as const;

/** The recommendation documents the build writes for every domain (every card: no segment), by domain. */
function recommendations(model: Model): Map<string, Recommendation> {
  const route = merchantRoutes.find((candidate) => candidate.id === 'extension-recommend');
  if (route?.derive === undefined) throw new Error('no recommend route');
  const byDomain = new Map<string, Recommendation>();
  for (const item of route.derive(model) as Iterable<{ params: Record<string, string>; document?: unknown; fallback?: unknown }>) {
    if (item.params['segment'] !== undefined) break;
    if (item.fallback !== undefined) byDomain.set('', item.fallback as Recommendation);
    else if (item.params['domain'] !== undefined) byDomain.set(item.params['domain'], item.document as Recommendation);
  }
  return byDomain;
}

/** The public earn table at a site path, as the build derives it. */
function tableAt(model: Model, path: string): EarnTable {
  const json = (table: EarnTable) => JSON.parse(JSON.stringify(table)) as EarnTable;
  if (path === PUBLIC_FILES.earnTableEveryday) return json(everydayEarnTable(model));
  const mcc = /^\/api\/earn-table\/mcc\/(\d{4})\.json$/.exec(path)?.[1];
  if (mcc !== undefined) return json(mccEarnTable(model, model.mccByCode.get(mcc)!));
  const slug = /^\/api\/earn-table\/merchant\/([a-z0-9-]+)\.json$/.exec(path)?.[1];
  const merchant = model.merchants.find((candidate) => candidate.slug === slug);
  if (merchant === undefined) throw new Error(`no table at ${path}`);
  return json(merchantEarnTable(model, merchant));
}

/** What the extension ranks for a page: the index's place, and its table built from everyday spending's as the index says. */
function extensionRanking(model: Model, index: ExtensionIndex, pageUrl: string, wallet: readonly string[]) {
  const host = hostOf(pageUrl);
  if (host === undefined) throw new Error(`no host in ${pageUrl}`);
  const place = findPlace(index, host);
  const table = placeTable(index, place, tableAt(model, PUBLIC_FILES.earnTableEveryday));
  return answerAt(place, table, { wallet, ...NO_SUGGESTION });
}

describe('the extension index on the fixture', () => {
  const result = compile(fixtureWithAcceptance(), { baseUrl: 'https://example.test', displayDir: 'mini', date: '2026-11-15' });
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  const { files } = result.output;
  const json = (path: string) => JSON.parse(files.get(path)!.toString('utf8'));
  const index = json(publicFile(PUBLIC_FILES.extensionIndex)) as ExtensionIndex;

  const everyday = json(publicFile(PUBLIC_FILES.earnTableEveryday)) as EarnTable;

  it("finds, for every domain and its subdomains, the recommendation's merchant, and builds the earn table it names, byte for byte", () => {
    expect(index.merchants.length).toBeGreaterThan(3);
    for (const merchant of index.merchants) {
      for (const domain of merchant.domains) {
        const recommend = json(`keyed/api/extension/recommend/${domain}.json`) as Recommendation;
        // The table the service names is the merchant's own exactly when the index carries its changes.
        expect(recommend.earn_table).toBe(
          merchant.own_table === null ? `/api/earn-table/mcc/${merchant.mcc_code}.json` : `/api/earn-table/merchant/${merchant.slug}.json`,
        );
        for (const page of [`https://${domain}/`, `https://www.${domain}/cart`, `http://shop.${domain.toUpperCase()}:8080/x`]) {
          const place = findPlace(index, hostOf(page)!);
          expect(place?.merchant.slug, page).toBe(recommend.merchant);
          expect(placeTable(index, place, everyday)).toEqual(json(publicFile(recommend.earn_table!)));
        }
      }
    }
    expect(index.merchants.filter((merchant) => merchant.own_table !== null).map((merchant) => merchant.slug)).toEqual([
      'costco',
      'delta-air-lines',
    ]);
    expect(findPlace(index, 'example.org')).toBeUndefined();
    expect(json('keyed/api/extension/recommend/_fallback.json').earn_table).toBe(PUBLIC_FILES.earnTableEveryday);
    expect(placeTable(index, undefined, everyday)).toBe(everyday);
    expect(hostOf('chrome://extensions')).toBeUndefined();
    expect(hostOf('http://127.0.0.1:8080/')).toBeUndefined();
  });
});

describe('the same answer as the service on the real dataset', () => {
  const prepared = prepare(readDataset(join(ROOT, 'dataset')), { baseUrl: 'https://example.test', displayDir: 'dataset' });
  if (!prepared.ok) throw new Error('the dataset compiles');
  const model = prepared.model;
  const index = JSON.parse(JSON.stringify(extensionIndexOf(model))) as ExtensionIndex;
  const recommended = recommendations(model);
  // Chase Freedom Flex's rotating quarter (grocery stores and dining, 2026-10-01 to 12-31) is in force at Kroger and McDonald's.
  const DOMAINS = ['amazon.com', 'costco.com', 'walmart.com', 'target.com', 'kroger.com', 'mcdonalds.com', 'no-such-shop.example'];
  const WALLETS = [
    ['amazon-visa', 'chase-freedom-flex', 'citi-double-cash', 'amex-gold'],
    ['costco-trueearnings-amex', 'citi-costco-anywhere-visa', 'capital-one-walmart-rewards-mastercard', 'target-circle-mastercard'],
    ['chase-freedom-flex', 'discover-it-cash-back', 'citi-custom-cash', 'chase-sapphire-reserve', 'capital-one-venture-x'],
    ['amex-business-gold', 'amazon-business-prime-amex', 'bank-of-america-customized-cash-rewards'],
  ];

  it.each(DOMAINS)('%s: the popup ranks each wallet as chooseFromWallet over the recommendation', (domain) => {
    const recommend = recommended.get(domain) ?? recommended.get('')!;
    expect(recommend.fallback).toBe(domain === 'no-such-shop.example');
    const serviceTable = tableAt(model, recommend.earn_table!);
    for (const wallet of WALLETS) {
      const answer = extensionRanking(model, index, `https://www.${domain}/checkout`, wallet);
      expect(answer.merchantName).toBe(recommend.merchant_name);
      expect(answer.mine).toEqual(chooseFromWallet(serviceTable, wallet, { channel: 'online' }));
      // And the engine agrees: the recommendation's own ten, kept to the wallet, open the popup's ranking.
      const held = new Set(wallet);
      const engine = recommend.best_cards.filter((card) => held.has(card.slug)).map((card) => card.slug);
      expect(answer.mine.slice(0, engine.length).map((choice) => choice.slug)).toEqual(engine);
    }
  });

  it("builds every MCC's earn table and every merchant's own from everyday spending's and the index", () => {
    const everyday = tableAt(model, PUBLIC_FILES.earnTableEveryday);
    const apart = index.merchants.filter((merchant) => merchant.own_table !== null);
    expect(apart.length).toBeGreaterThan(50);
    expect(index.mcc_tables.length).toBeGreaterThan(200);
    const firstOfMcc = new Map(index.merchants.map((merchant) => [merchant.mcc_code, merchant]));
    for (const { mcc_code } of index.mcc_tables) {
      const merchant = { ...firstOfMcc.get(mcc_code)!, own_table: null };
      expect(placeTable(index, { merchant, matchedDomain: merchant.domains[0]! }, everyday)).toEqual(
        tableAt(model, `/api/earn-table/mcc/${mcc_code}.json`),
      );
    }
    for (const merchant of apart) {
      expect(placeTable(index, { merchant, matchedDomain: merchant.domains[0]! }, everyday)).toEqual(
        tableAt(model, `/api/earn-table/merchant/${merchant.slug}.json`),
      );
    }
  });

  it('refuses at Costco online the cards the service leaves out, and puts the best rate on the badge', () => {
    const answer = extensionRanking(model, index, 'https://www.costco.com/', WALLETS[1]!);
    const recommend = recommended.get('costco.com')!;
    expect(answer.online?.networks).toEqual(recommend.acceptance?.networks);
    for (const entry of answer.refused) expect(recommend.acceptance?.networks).not.toContain(entry.network);
    const top = answer.mine[0]!;
    expect(badgeText(answer)).toBe(`${top.rate}${top.entry.cash_back ? '%' : 'x'}`);
    expect(badgeText(extensionRanking(model, index, 'https://no-such-shop.example/', WALLETS[0]!))).toBe('');
  });

  it('suggests, when asked, the best card not held, ranked above the best held', () => {
    const place = findPlace(index, 'amazon.com');
    const table = placeTable(index, place, tableAt(model, PUBLIC_FILES.earnTableEveryday));
    const wallet = ['citi-double-cash'];
    const answer = answerAt(place, table, { wallet, segment: 'personal', suggest: true });
    const everyone = chooseFromWallet(
      table,
      table.earnings.filter((entry) => entry.segment === 'personal').map((entry) => entry.slug),
      { channel: 'online' },
    );
    expect(answer.suggestion?.slug).toBe(everyone.find((choice) => !wallet.includes(choice.slug))?.slug);
    expect(answerAt(place, table, { wallet, segment: 'personal', suggest: false }).suggestion).toBeUndefined();
  });
});
