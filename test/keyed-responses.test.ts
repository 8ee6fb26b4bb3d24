/** Keyed responses of the compiled fixture, part one: rankings, valuations, spend profiles, recommendations; and variants of the fixture (part two: keyed-responses-more.test.ts). */
import { parseManifest } from '../gateway/parse-manifest.ts';
import { resolveFile } from '../gateway/build/resolve-file.ts';
import { describe, expect, it } from 'vitest';
import { compile } from '../generator/compile.ts';
import { readDataset } from '../generator/dataset/read-dataset.ts';
import { bestCardList } from './golden/golden-cases.ts';
import { FIXTURE } from './helpers/cli.ts';
import { fixtureWithAcceptance } from './helpers/acceptance-fixture.ts';

import { useCompiledFixture } from './helpers/compiled-fixture.ts';
import { PUBLIC_FILES, publicFile } from '../schemas/public-files.ts';
import { templatePattern } from '../schemas/path-template.ts';

const fixture = useCompiledFixture();
const json = (path: string) => fixture.json(path);

describe('keyed responses on the fixture', () => {
  it('never writes a keyed response under public/', () => {
    for (const path of fixture.output.files.keys()) expect(path.startsWith('public/') || path.startsWith('keyed/')).toBe(true);
    // The public site adds pages, assets and the downloads, but no JSON beyond the public files (schemas/public-files.ts):
    // the static records, the search index, the earn tables, the extension's index and the API document.
    const publicJson = Object.values(PUBLIC_FILES)
      .filter((template) => template.endsWith('.json'))
      .map((template) => templatePattern(publicFile(template)));
    const stray = [...fixture.output.files.keys()].filter(
      (p) => p.startsWith('public/') && p.endsWith('.json') && !publicJson.some((pattern) => pattern.test(p)),
    );
    expect(stray).toEqual([]);
  });

  it('ranks every active card for an MCC, with the rule that applied, its cap, both values and its conditions', () => {
    const result = json('keyed/api/compute/best-card/standalone/mcc/5411.json');
    expect(result.query).toEqual({ mcc: '5411', merchant: null, valuation: 'standalone', segment: null });
    expect(result.best_cards.map((c: { slug: string }) => c.slug)).toEqual([
      'amex-gold',
      'amex-blue-cash-preferred',
      'citi-custom-cash',
      'chase-sapphire-preferred',
      'citi-double-cash',
      'delta-skymiles-gold',
      'chase-freedom-flex',
    ]);
    expect(result.best_cards[0]).toMatchObject({
      rank: 1,
      rate: 4,
      value_cents: 8,
      typical_value_cents: 8,
      values: { ranked_by: 'standalone', standalone_cents: 8, pooled_cents: 8, pooled_with: null },
      rule: { category: 'groceries', selection: 'fixed', cap: { usd: 25000, period: 'year', rate_after: 1 } },
      conditions: [{ kind: 'cap', note: '4x on up to $25,000 a calendar year, then 1x' }],
    });
    expect(result.best_cards[2]).toMatchObject({
      slug: 'citi-custom-cash',
      value_cents: 5,
      valuation_basis: 'redemption',
      values: { ranked_by: 'standalone', standalone_cents: 5, pooled_cents: 8.5, pooled_with: null },
      conditions: [
        { kind: 'auto_category', note: "only while Groceries is the card's top eligible category of the period" },
        { kind: 'cap', note: '5x on up to $500 a month, then 1x' },
      ],
    });
    expect(result.best_cards[6]).toMatchObject({ slug: 'chase-freedom-flex', rule: null, rate: 1, conditions: [] });
  });

  it('ranks by the pooled valuation on request, naming the card that unlocks it', () => {
    const result = json('keyed/api/compute/best-card/pooled/mcc/5411.json');
    expect(result.query).toEqual({ mcc: '5411', merchant: null, valuation: 'pooled', segment: null });
    expect(result.best_cards.map((c: { slug: string }) => c.slug).slice(0, 4)).toEqual([
      'citi-custom-cash',
      'amex-gold',
      'amex-blue-cash-preferred',
      'chase-freedom-flex',
    ]);
    expect(result.best_cards[3]).toMatchObject({
      value_cents: 2.05,
      values: { ranked_by: 'pooled', standalone_cents: 1, pooled_cents: 2.05, pooled_with: 'chase-sapphire-preferred' },
    });
  });

  it('maps valuation= to its files through the manifest, as the gateway resolves requests', () => {
    const manifest = parseManifest(fixture.output.manifest, 'manifest.json');
    const route = manifest.routes.find((r) => r.path === '/api/compute/best-card')!;
    const resolve = (query: string) => resolveFile(manifest, route, {}, new URLSearchParams(query)).fileKey;
    expect(resolve('mcc=5411')).toBe('keyed/api/compute/best-card/standalone/mcc/5411.json');
    expect(resolve('mcc=5411&valuation=standalone')).toBe('keyed/api/compute/best-card/standalone/mcc/5411.json');
    expect(resolve('mcc=5411&valuation=POOLED')).toBe('keyed/api/compute/best-card/pooled/mcc/5411.json');
    expect(resolve('merchant=shell&valuation=pooled')).toBe('keyed/api/compute/best-card/pooled/merchant/shell.json');
    expect(() => resolve('mcc=5411&valuation=cashback')).toThrow(expect.objectContaining({ status: 404 }));
    expect(() => resolve('valuation=pooled')).toThrow(expect.objectContaining({ status: 400 }));
    const cards = manifest.routes.find((r) => r.path === '/api/mcc/{code}/cards')!;
    expect(resolveFile(manifest, cards, { code: '5411' }, new URLSearchParams('valuation=pooled')).fileKey).toBe(
      'keyed/api/compute/best-card/pooled/mcc/5411.json',
    );
  });

  it('ranks cards by net yearly value for a spend profile (hand-worked, typical profile, standalone)', () => {
    const typical = json('keyed/api/compute/spend-profile/standalone/typical.json');
    expect(typical.profile.monthly_usd).toMatchObject({ groceries: 500, dining: 300, other: 1200 });
    const bySlug = Object.fromEntries(typical.best_cards.map((c: { slug: string }) => [c.slug, c]));
    // Gold at 2 cents: 12 × 0.02 × (500×4 + 300×4 + 200 + 100×3 direct airfare + 100 + 50 + 50 + 1200) = 1224, minus $325.
    expect(bySlug['amex-gold']).toMatchObject({ rewards_usd: 1224, credits_usd: 0, net_usd: 899 });
    // Custom Cash alone: its one 5x category goes to groceries ($500 beats $300 of dining): 12 × (500×0.05 + 2000×0.01) = 540.
    expect(bySlug['citi-custom-cash']).toMatchObject({ rewards_usd: 540, net_usd: 540 });
    expect(bySlug['citi-custom-cash'].categories.find((c: { category: string }) => c.category === 'dining')).toMatchObject({
      rate: 1,
      bonus_category: null,
    });
    // Double Cash: 2 % of $30,000.
    expect(bySlug['citi-double-cash']).toMatchObject({ net_usd: 600 });
    expect(typical.best_cards[0].slug).toBe('amex-gold');
    const pooled = json('keyed/api/compute/spend-profile/pooled/typical.json');
    // Custom Cash pooled at 1.7 cents: 540 × 1.7 = 918.
    expect(pooled.best_cards.find((c: { slug: string }) => c.slug === 'citi-custom-cash')).toMatchObject({ net_usd: 918 });
  });

  it('ranks for a merchant with its merchant-scoped categories', () => {
    const delta = json('keyed/api/compute/best-card/standalone/merchant/delta-air-lines.json');
    expect(delta.merchant).toEqual({ slug: 'delta-air-lines', name: 'Delta Air Lines' });
    // The delta category covers Delta's own MCC as well: the merchant's list is its MCC's; it carries the first 10 and names the rest.
    expect(delta.best_cards).toEqual(json('keyed/api/compute/best-card/standalone/mcc/3058.json').best_cards.slice(0, 10));
    expect(delta.best_cards_from).toEqual({ mcc_code: '3058', href: '/api/compute/best-card?mcc=3058&valuation=standalone' });
    const gold = bestCardList(fixture.output.files, 'keyed/api/compute/best-card/standalone/merchant/delta-air-lines.json').find(
      (c) => c.slug === 'delta-skymiles-gold',
    );
    expect(gold).toMatchObject({ rate: 2, rule: { category: 'delta' } });
  });

  it('recommends per domain, with a fallback of everyday cards', () => {
    expect(json('keyed/api/extension/recommend/shell.us.json')).toMatchObject({
      merchant_name: 'Shell',
      merchant: 'shell',
      fallback: false,
      mcc_code: '5541',
    });
    const fallback = json('keyed/api/extension/recommend/_fallback.json');
    expect(fallback).toMatchObject({ merchant_name: null, fallback: true });
    expect(fallback.best_cards.map((c: { slug: string }) => c.slug).slice(0, 2)).toEqual(['chase-sapphire-preferred', 'citi-double-cash']);
    expect(fallback.best_cards[0]).toMatchObject({ name: 'Chase Sapphire Preferred® Card', rate: 1, value_cents: 2.05 });
  });
});

describe('keyed responses on a variant of the fixture', () => {
  const build = (change: (sources: Map<string, string | undefined>) => void, date?: string) => {
    const sources = new Map(readDataset(FIXTURE));
    change(sources);
    const result = compile(sources, { baseUrl: 'https://rewards.example.test', displayDir: 'mini', date });
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    return (path: string) => JSON.parse(result.output.files.get(path)!.toString('utf8'));
  };
  const append = (sources: Map<string, string | undefined>, file: string, line: string) =>
    sources.set(file, `${sources.get(file)!.trimEnd()}\n${line}\n`);

  it('stacks only an offer in force on the build date: one that has not started yet is left out', () => {
    // The Costco offer runs 2026-11-01 … 2026-12-31.
    expect(build(() => undefined, '2026-10-15')('keyed/api/compute/triple-stack/standalone/costco.json')).toMatchObject({
      offer: null,
      offer_cents: 0,
      known: { offer: 'expired or not started' },
    });
    expect(build(() => undefined, '2026-11-15')('keyed/api/compute/triple-stack/standalone/costco.json').offer).toMatchObject({
      slug: 'amex-costco-fixture',
    });
  });

  it('gives a percent offer nothing when the assumed purchase is below its minimum spend', () => {
    const file = build((sources) => {
      sources.set(
        'offers.csv',
        sources
          .get('offers.csv')!
          .replace('amex-costco-fixture,amex,,costco,amount,10,50,10', 'amex-costco-fixture,amex,,costco,percent,10,150,20'),
      );
    })('keyed/api/compute/triple-stack/standalone/costco.json');
    expect(file.offer_cents).toBe(0);
  });

  it("counts each card once in a category's card_count, however many rules it has there", () => {
    const view = build((sources) => {
      append(
        sources,
        'card_rewards.csv',
        'amex-gold,airfare,5,,,,portal,fixed,,,booked through Amex Travel,https://www.americanexpress.com/,2026-11-01',
      );
    });
    const cards = view('keyed/api/categories/airfare/cards.json').data.map((c: { slug: string }) => c.slug);
    expect(cards.filter((slug: string) => slug === 'amex-gold')).toHaveLength(2);
    const distinct = new Set(cards).size;
    expect(view('keyed/api/categories/airfare.json').card_count).toBe(distinct);
    expect(view('keyed/api/categories.json').data.find((c: { slug: string }) => c.slug === 'airfare').card_count).toBe(distinct);
  });
});

describe("answers at the till on the fixture with Costco's network restrictions (issue 23)", () => {
  const compiled = (date?: string) => {
    const result = compile(fixtureWithAcceptance(), { baseUrl: 'https://example.test', displayDir: 'mini', date });
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    return result.output.files;
  };
  const files = compiled('2026-11-15');
  const json = (path: string) => JSON.parse(files.get(path)!.toString('utf8'));
  it('best-card for Costco answers in store with Visa cards only, says why with its source, and carries its cards', () => {
    const costco = json('keyed/api/compute/best-card/standalone/merchant/costco.json');
    expect(costco.channel).toBe('in_store');
    expect(costco.acceptance).toMatchObject({ channel: 'in_store', networks: ['visa'], surcharge_percent: null });
    expect(costco.acceptance.source_url).toMatch(/^https:\/\//);
    expect(costco.best_cards[0].slug).toBe('chase-sapphire-preferred');
    expect(costco.best_cards.length + costco.acceptance.cards_left_out).toBe(costco.card_count);
    // Ranked apart from its MCC by the restriction: its own whole list, no link.
    expect(costco.best_cards_from).toBeNull();
    expect(json('keyed/api/compute/best-card/standalone/mcc/5300.json').channel).toBeNull();
  });

  it('recommends online for a domain, and the triple-stack is online with 10 cards at most, and bases for each part', () => {
    const rec = json('keyed/api/extension/recommend/costco.com.json');
    expect(rec.channel).toBe('online');
    expect(rec.acceptance.networks).toEqual(['mastercard', 'visa']);
    expect(rec.best_cards.map((c: { slug: string }) => c.slug)).not.toContain('amex-gold');
    const stack = json('keyed/api/compute/triple-stack/standalone/costco.json');
    expect(stack).toMatchObject({ channel: 'online', freshness_horizon_days: 365, basis: { card: 'current', portal: 'current' } });
    expect(stack.card).toEqual(stack.best_cards[0]);
    expect(stack.best_cards.length).toBeLessThanOrEqual(10);
    // The fixture's Costco offer is an Amex offer: costco.com takes no Amex, so it does not count.
    expect(stack.basis.offer).toBe('not_accepted');
    expect(stack.offer_cents).toBe(0);
    expect(stack.total_cents).toBeCloseTo(stack.card_cents + stack.portal_cents, 4);
  });

  it('never adds a portal rate older than the horizon into a stack, and shows it as history', () => {
    const stale = compiled('2028-01-15');
    const stack = JSON.parse(stale.get('keyed/api/compute/triple-stack/standalone/costco.json')!.toString('utf8'));
    expect(stack.portal).toBeNull();
    expect(stack.portal_cents).toBe(0);
    expect(stack.basis.portal).toBe('historical');
    expect(stack.known.portal).toBe('historical only');
    expect(stack.portal_historical).toMatchObject({ merchant: 'costco', freshness: 'historical' });
    expect(stack.total_cents).toBe(stack.card_cents + stack.offer_cents);
    const rates = JSON.parse(stale.get('keyed/api/stores/costco/portals.json')!.toString('utf8'));
    expect(rates.data.length).toBeGreaterThan(0);
    for (const rate of rates.data) expect(rate.freshness).toBe('historical');
  });
});
