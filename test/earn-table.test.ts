/**
 * Earn tables (issue 27): every active card at each MCC and each merchant that may rank apart, and
 * the typed client's chooseFromWallet over them gives the engine's ranking restricted to a wallet,
 * on seeded random wallets (the fixture in full, a sample of the real dataset).
 */
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../scripts/audit-sample.ts';
import { compile, prepare } from '../generator/compile.ts';
import type { Model } from '../generator/engine/model.ts';
import { mayRankApartFromMcc, rankCards, type Purchase } from '../generator/engine/ranking.ts';
import { earnTableHref, mccEarnTable, merchantEarnTable } from '../generator/views/earn-table.ts';
import { readDataset } from '../generator/dataset/read-dataset.ts';
import { CHANNELS } from '../schemas/dataset.ts';
import { chooseFromWallet, type EarnTable } from '../client/index.ts';
import { fixtureWithAcceptance } from './helpers/acceptance-fixture.ts';
import { ROOT } from './helpers/cli.ts';
import { join } from 'node:path';

const VALUATIONS = ['standalone', 'pooled'] as const;
const OPTIONS = { baseUrl: 'https://example.test', displayDir: 'mini', date: '2026-11-15' };

/** `count` wallets of 1 to 6 cards drawn from `slugs` (plus, now and then, a slug no table has). */
function wallets(random: () => number, slugs: readonly string[], count: number): string[][] {
  return Array.from({ length: count }, () => {
    const size = 1 + Math.floor(random() * Math.min(6, slugs.length));
    const wallet = new Set<string>();
    while (wallet.size < size) wallet.add(slugs[Math.floor(random() * slugs.length)]!);
    if (random() < 0.1) wallet.add('no-such-card');
    return [...wallet];
  });
}

/** The engine's answer for a wallet: its ranking, keeping the wallet's cards, as slug@value. */
function engineChoice(model: Model, purchase: Purchase, valuation: (typeof VALUATIONS)[number], wallet: readonly string[]): string[] {
  const held = new Set(wallet);
  return rankCards(model, purchase, valuation)
    .filter((earning) => held.has(earning.card.slug))
    .map((earning) => `${earning.card.slug}@${earning.value}@${earning.typicalValue}`);
}

function clientChoice(
  table: EarnTable,
  wallet: readonly string[],
  valuation: (typeof VALUATIONS)[number],
  channel?: 'in_store' | 'online',
) {
  return chooseFromWallet(table, wallet, { valuation, ...(channel ? { channel } : {}) }).map(
    (choice) => `${choice.slug}@${choice.value_cents}@${choice.typical_value_cents}`,
  );
}

/** Every place the tables answer for: each MCC, and each merchant that may rank apart on each channel. */
function places(model: Model, sample = Number.POSITIVE_INFINITY) {
  const list: { purchase: Purchase; path: string; channel?: 'in_store' | 'online' }[] = [];
  for (const mcc of model.mccs.slice(0, sample)) list.push({ purchase: { mcc: mcc.code }, path: earnTableHref(model, { mcc: mcc.code }) });
  for (const merchant of model.merchants.filter((m) => mayRankApartFromMcc(model, m.slug)).slice(0, sample)) {
    for (const channel of CHANNELS) {
      const purchase = { mcc: merchant.mcc, merchant: merchant.slug, channel };
      list.push({ purchase, path: earnTableHref(model, purchase), channel });
    }
  }
  return list;
}

describe('earn tables on the fixture (with Costco network restrictions)', () => {
  const sources = fixtureWithAcceptance();
  const built = compile(sources, OPTIONS);
  const prepared = prepare(sources, OPTIONS);
  if (!built.ok || !prepared.ok) throw new Error('the fixture compiles');
  const { files } = built.output;
  const manifest = JSON.parse(built.output.manifest.toString('utf8')) as {
    routes: { id: string; tier: string; variants: { file: string }[] }[];
  };
  const model = prepared.model;
  const json = (path: string) => {
    const bytes = files.get(path);
    if (!bytes) throw new Error(`no file ${path}`);
    return JSON.parse(bytes.toString('utf8'));
  };

  it('lists every active card once per MCC and per merchant that may rank apart, in the standalone order', () => {
    const active = model.activeCards.map((card) => card.slug).sort();
    const tables = [...files.keys()].filter((path) => path.startsWith('public/api/earn-table/'));
    const apart = model.merchants.filter((m) => mayRankApartFromMcc(model, m.slug));
    expect(apart.map((m) => m.slug)).toContain('costco');
    expect(tables.length).toBe(model.mccs.length + apart.length + 1);
    for (const path of tables) {
      const table: EarnTable = json(path);
      expect(table.earnings.map((entry) => entry.slug).sort()).toEqual(active);
      expect(table.card_count).toBe(active.length);
      if (table.acceptance.length === 0)
        expect(chooseFromWallet(table, active).map((choice) => choice.slug)).toEqual(table.earnings.map((entry) => entry.slug));
    }
  });

  it("gives each choice its card's own table entry, a closed card's too, for what a row shows beside the rank", () => {
    const closed = [...model.cardBySlug.values()].filter((card) => card.status === 'discontinued').map((card) => card.slug);
    expect(closed.length).toBeGreaterThan(0);
    for (const path of [...files.keys()].filter((p) => p.startsWith('public/api/earn-table/') && p.endsWith('.json'))) {
      const table: EarnTable = json(path);
      const entries = [...table.earnings, ...(table.closed_cards ?? [])];
      const choices = chooseFromWallet(
        table,
        entries.map((entry) => entry.slug),
      );
      expect(choices.length).toBeGreaterThan(0);
      for (const choice of choices) expect(choice.entry).toBe(entries.find((entry) => entry.slug === choice.slug));
    }
  });

  it('names the networks a merchant refuses, per channel, as best-card does, and lists those cards all the same', () => {
    const costco: EarnTable = json('public/api/earn-table/merchant/costco.json');
    const bestCard = json('keyed/api/compute/best-card/standalone/merchant/costco.json');
    expect(costco.acceptance.find((row) => row.channel === 'in_store')).toEqual(bestCard.acceptance);
    expect(costco.earnings.some((entry) => entry.network === 'amex')).toBe(true);
    expect(chooseFromWallet(costco, ['amex-gold'])).toEqual([]);
    expect(chooseFromWallet(costco, ['amex-gold'], { channel: 'online' })).toEqual([]);
  });

  it('is linked from every best-card and recommendation answer, and the link is a public file', () => {
    const answers = [...files.keys()].filter(
      (path) => path.startsWith('keyed/api/compute/best-card/') || path.startsWith('keyed/api/extension/recommend/'),
    );
    expect(answers.length).toBeGreaterThan(0);
    for (const path of answers) {
      const link: string = json(path).earn_table;
      expect(files.has(`public${link}`), `${path} → ${link}`).toBe(true);
    }
    expect(json('keyed/api/compute/best-card/pooled/mcc/5411.json').earn_table).toBe('/api/earn-table/mcc/5411.json');
    expect(json('keyed/api/compute/best-card/standalone/merchant/costco.json').earn_table).toBe('/api/earn-table/merchant/costco.json');
    expect(json('keyed/api/extension/recommend/_fallback.json').earn_table).toBe('/api/earn-table/everyday.json');
  });

  it('is a keyed route at best-card tier whose files are the public ones', () => {
    const route = manifest.routes.find((r) => r.id === 'compute-earn-table');
    const bestCard = manifest.routes.find((r) => r.id === 'compute-best-card');
    expect(route?.tier).toBe(bestCard?.tier);
    expect(route?.variants.map((v) => v.file)).toEqual([
      'public/api/earn-table/mcc/{mcc}.json',
      'public/api/earn-table/merchant/{merchant}.json',
    ]);
  });

  it('gives, for seeded random wallets, the engine ranking restricted to the wallet, at every MCC and merchant, both valuations', () => {
    const random = mulberry32(27);
    const slugs = model.activeCards.map((card) => card.slug);
    let compared = 0;
    for (const { purchase, path, channel } of places(model)) {
      const table: EarnTable = json(`public${path}`);
      for (const valuation of VALUATIONS) {
        for (const wallet of wallets(random, slugs, 40)) {
          const expected = engineChoice(model, purchase, valuation, wallet);
          expect(clientChoice(table, wallet, valuation, channel), `${path} ${valuation} ${wallet.join(',')}`).toEqual(expected);
          compared += 1;
        }
      }
    }
    expect(compared).toBeGreaterThan(1000);
  });

  it('fails when the order differs: a table whose values were swapped gives another first card', () => {
    const table: EarnTable = structuredClone(json('public/api/earn-table/mcc/5411.json'));
    const wallet = table.earnings.slice(0, 2).map((entry) => entry.slug);
    const [first, second] = table.earnings;
    if (!first || !second) throw new Error('two cards');
    [first.values, second.values] = [second.values, first.values];
    expect(clientChoice(table, wallet, 'standalone')).not.toEqual(engineChoice(model, { mcc: '5411' }, 'standalone', wallet));
  });
});

describe('earn tables on the real dataset (a sample)', () => {
  const prepared = prepare(readDataset(join(ROOT, 'dataset')), { baseUrl: 'https://example.test', displayDir: 'dataset' });
  if (!prepared.ok) throw new Error('the dataset compiles');
  const model = prepared.model;

  it('gives the engine ranking restricted to seeded random wallets on 60 MCCs and 30 merchants that may rank apart', () => {
    const random = mulberry32(2026);
    const slugs = model.activeCards.map((card) => card.slug);
    const mccs = model.mccs.filter((_, index) => index % Math.ceil(model.mccs.length / 60) === 0);
    const merchants = model.merchants.filter((m) => mayRankApartFromMcc(model, m.slug)).slice(0, 30);
    expect(merchants.length).toBe(30);
    for (const valuation of VALUATIONS) {
      for (const mcc of mccs) {
        const table = JSON.parse(JSON.stringify(mccEarnTable(model, mcc))) as EarnTable;
        for (const wallet of wallets(random, slugs, 10)) {
          expect(clientChoice(table, wallet, valuation)).toEqual(engineChoice(model, { mcc: mcc.code }, valuation, wallet));
        }
      }
      for (const merchant of merchants) {
        const table = JSON.parse(JSON.stringify(merchantEarnTable(model, merchant))) as EarnTable;
        for (const channel of CHANNELS) {
          const purchase = { mcc: merchant.mcc, merchant: merchant.slug, channel };
          for (const wallet of wallets(random, slugs, 10)) {
            expect(clientChoice(table, wallet, valuation, channel)).toEqual(engineChoice(model, purchase, valuation, wallet));
          }
        }
      }
    }
  });
});
