import { parseManifest } from '../gateway/manifest.ts';
import { resolveFile } from '../gateway/resolve-file.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { compile, type BuildOutput } from '../generator/compile.ts';
import { readDataset } from '../generator/read-dataset.ts';
import { pageLink, pages } from '../generator/routes/paging.ts';
import { FIXTURE } from './helpers/cli.ts';

let output: BuildOutput;
const json = (path: string) => {
  const bytes = output.files.get(path);
  if (!bytes) throw new Error(`no file ${path}`);
  return JSON.parse(bytes.toString('utf8'));
};

beforeAll(() => {
  const result = compile(readDataset(FIXTURE), { baseUrl: 'https://rewards.example.test', displayDir: 'mini' });
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  output = result.output;
});

describe('keyed responses on the fixture', () => {
  it('never writes a keyed response under public/', () => {
    for (const path of output.files.keys()) expect(path.startsWith('public/') || path.startsWith('keyed/')).toBe(true);
    // The public site adds pages, assets and the downloads, but no JSON beyond the static records.
    expect(
      [...output.files.keys()]
        .filter((p) => p.startsWith('public/') && p.endsWith('.json'))
        .every(
          (p) =>
            p.startsWith('public/api/mcc/') ||
            p.startsWith('public/api/merchant/') ||
            p === 'public/api/search.json' ||
            p === 'public/openapi.json',
        ),
    ).toBe(true);
  });

  it('ranks every active card for an MCC, with the rule that applied, its cap, both values and its conditions', () => {
    const result = json('keyed/api/compute/best-card/standalone/mcc/5411.json');
    expect(result.query).toEqual({ mcc: '5411', merchant: null, valuation: 'standalone' });
    expect(result.cards.map((c: { slug: string }) => c.slug)).toEqual([
      'amex-gold',
      'amex-blue-cash-preferred',
      'citi-custom-cash',
      'chase-sapphire-preferred',
      'citi-double-cash',
      'delta-skymiles-gold',
      'chase-freedom-flex',
    ]);
    expect(result.cards[0]).toMatchObject({
      rank: 1,
      rate: 4,
      value_cents: 8,
      typical_value_cents: 8,
      values: { ranked_by: 'standalone', standalone_cents: 8, pooled_cents: 8, pooled_with: null },
      rule: { category: 'groceries', selection: 'fixed', cap: { usd: 25000, period: 'year', rate_after: 1 } },
      conditions: [{ kind: 'cap', note: '4x on up to $25,000 a calendar year, then 1x' }],
    });
    expect(result.cards[2]).toMatchObject({
      slug: 'citi-custom-cash',
      value_cents: 5,
      valuation_basis: 'redemption',
      values: { ranked_by: 'standalone', standalone_cents: 5, pooled_cents: 8.5, pooled_with: null },
      conditions: [
        { kind: 'auto_category', note: "only while Groceries is the card's top eligible category of the period" },
        { kind: 'cap', note: '5x on up to $500 a month, then 1x' },
      ],
    });
    expect(result.cards[6]).toMatchObject({ slug: 'chase-freedom-flex', rule: null, rate: 1, conditions: [] });
  });

  it('ranks by the pooled valuation on request, naming the card that unlocks it', () => {
    const result = json('keyed/api/compute/best-card/pooled/mcc/5411.json');
    expect(result.query).toEqual({ mcc: '5411', merchant: null, valuation: 'pooled' });
    expect(result.cards.map((c: { slug: string }) => c.slug).slice(0, 4)).toEqual([
      'citi-custom-cash',
      'amex-gold',
      'amex-blue-cash-preferred',
      'chase-freedom-flex',
    ]);
    expect(result.cards[3]).toMatchObject({
      value_cents: 2.05,
      values: { ranked_by: 'pooled', standalone_cents: 1, pooled_cents: 2.05, pooled_with: 'chase-sapphire-preferred' },
    });
  });

  it('maps valuation= to its files through the manifest, as the gateway resolves requests', () => {
    const manifest = parseManifest(output.manifest.toString('utf8'), 'manifest.json');
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
    const bySlug = Object.fromEntries(typical.cards.map((c: { slug: string }) => [c.slug, c]));
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
    expect(typical.cards[0].slug).toBe('amex-gold');
    const pooled = json('keyed/api/compute/spend-profile/pooled/typical.json');
    // Custom Cash pooled at 1.7 cents: 540 × 1.7 = 918.
    expect(pooled.cards.find((c: { slug: string }) => c.slug === 'citi-custom-cash')).toMatchObject({ net_usd: 918 });
  });

  it('ranks for a merchant with its merchant-scoped categories', () => {
    const delta = json('keyed/api/compute/best-card/standalone/merchant/delta-air-lines.json');
    expect(delta.merchant).toEqual({ slug: 'delta-air-lines', name: 'Delta Air Lines' });
    const gold = delta.cards.find((c: { slug: string }) => c.slug === 'delta-skymiles-gold');
    expect(gold).toMatchObject({ rate: 2, rule: { category: 'delta' } });
  });

  it('recommends per domain, with a fallback of everyday cards', () => {
    expect(json('keyed/api/extension/recommend/shell.us.json')).toMatchObject({
      merchant_name: 'Shell',
      merchant_slug: 'shell',
      fallback: false,
      mcc_code: '5541',
    });
    const fallback = json('keyed/api/extension/recommend/_fallback.json');
    expect(fallback).toMatchObject({ merchant_name: null, fallback: true });
    expect(fallback.best_cards.map((c: { slug: string }) => c.slug).slice(0, 2)).toEqual(['chase-sapphire-preferred', 'citi-double-cash']);
    expect(fallback.best_cards[0]).toMatchObject({ name: 'Chase Sapphire Preferred® Card', rate: 1, value_cents: 2.05 });
  });

  it('stacks card, portal and offer for a store, valuing points portals in cents', () => {
    const stack = json('keyed/api/compute/triple-stack/costco.json');
    // SkyMiles Shopping 2 miles × 1.2 cents = 2.4 cents beats Rakuten 2 %; the $10 offer on a $100 purchase is 10 cents per dollar.
    expect(stack.portal).toMatchObject({
      portal: 'skymiles-shopping',
      value_percent: 2.4,
      basis: 'published',
      valuation_basis: 'published',
    });
    expect(stack.offer).toMatchObject({ slug: 'amex-costco-fixture', min_spend: 50, max_reward: 10 });
    expect(stack.known).toEqual({ portal: 'rate', offer: 'in force' });
    expect(stack.total_cents).toBeCloseTo(stack.card_cents + 2.4 + 10, 6);
    // The oldest fact used is the SkyMiles rate seen 2026-11-01; its age counts to the build date (the fixture's
    // latest as_of, 2026-11-10), never to the clock.
    expect(stack).toMatchObject({ evaluated_on: '2026-11-10', as_of: '2026-11-01', age_days: 9, purchase_usd: 100 });
    expect(stack.assumptions.length).toBeGreaterThan(2);
  });

  it('answers the triple-stack for every merchant: a flat portal rate is spread over the purchase, an expired offer does not count', () => {
    // Shell: 250 SkyMiles per purchase × 1.2 cents on $100 = 3 cents per dollar; its offer ended 2026-03-31.
    const shell = json('keyed/api/compute/triple-stack/shell.json');
    expect(shell).toMatchObject({ offer: null, portal_cents: 3, known: { portal: 'rate', offer: 'expired or not started' } });
    expect(shell.portal).toMatchObject({ unit: 'miles_flat', value_percent: null });
    // Amazon: nothing known beyond the card, and the answer says so.
    const amazon = json('keyed/api/compute/triple-stack/amazon.json');
    expect(amazon).toMatchObject({ portal: null, offer: null, portal_cents: 0, offer_cents: 0, as_of: null, age_days: null });
    expect(amazon.known).toEqual({ portal: 'none known', offer: 'none known' });
    expect(amazon.total_cents).toBe(amazon.card.value_cents);
    expect(amazon.assumptions.join(' ')).toContain('the card alone');
    // One answer per merchant of the fixture (it has 6), none missing.
    const stacks = [...output.files.keys()].filter((path) => path.startsWith('keyed/api/compute/triple-stack/'));
    expect(stacks).toHaveLength(6);
  });

  it('shows each portal with its store count and the age of its newest rate', () => {
    const portals = json('keyed/api/portals.json').data;
    expect(portals.find((p: { slug: string }) => p.slug === 'skymiles-shopping')).toMatchObject({
      store_count: 2,
      latest_observed_on: '2026-11-01',
      age_days: 9,
    });
    // Rakuten's rate is a typical one: the median over a stated window, dated by its last day.
    expect(json('keyed/api/stores/costco/portals.json').data.find((r: { portal: string }) => r.portal === 'rakuten')).toMatchObject({
      basis: 'typical',
      window_from: '2026-08-01',
      window_to: '2026-10-30',
      observations: 60,
      observed_on: '2026-10-30',
      age_days: 11,
    });
  });

  it("says which issuers a category covers an MCC for, and which issuers' own definitions leave it out", () => {
    expect(json('keyed/api/mcc/5499/categories.json').data).toEqual([
      { category: 'groceries', category_name: 'Groceries', issuers: null, excluded_issuers: ['amex'] },
    ]);
    expect(json('keyed/api/mcc/5411.json').categories).toEqual([
      { category: 'groceries', category_name: 'Groceries', issuers: null, excluded_issuers: [] },
    ]);
    expect(
      json('keyed/api/categories/groceries/mccs.json').data.map((m: { code: string; excluded_issuers: string[] }) => [
        m.code,
        m.excluded_issuers,
      ]),
    ).toEqual([
      ['5411', []],
      ['5499', ['amex']],
    ]);
  });

  it('describes a card fully: rules with in_force, benefits, annual credits', () => {
    const gold = json('keyed/api/cards/amex-gold.json');
    expect(gold).toMatchObject({
      slug: 'amex-gold',
      issuer_name: 'American Express',
      cents_per_point: 2,
      valuation_basis: 'published',
      annual_credits_usd: 120,
    });
    expect(gold.rewards.map((r: { category: string }) => r.category)).toEqual(['dining', 'groceries', 'airfare']);
    expect(gold.signup_bonus).toEqual({ amount: 60000, unit: 'points', spend_usd: 6000, months: 6 });
    const flex = json('keyed/api/cards/chase-freedom-flex/rewards.json');
    expect(flex.data.find((r: { category: string }) => r.category === 'gas')).toMatchObject({ in_force: true, selection: 'rotating' });
  });

  it('pages lists with facets, totals and links', () => {
    const all = json('keyed/api/cards/page-1.json');
    expect(all).toMatchObject({ page: 1, page_size: 100, total: 8, total_pages: 1, next: null, prev: null });
    expect(json('keyed/api/cards/by-issuer/amex/page-1.json').total).toBe(3);
    expect(json('keyed/api/mcc/by-group/airlines/page-1.json').data.map((m: { code: string }) => m.code)).toEqual(['3058']);
    const many = [
      ...pages(
        Array.from({ length: 250 }, (_, i) => i),
        { file: (n) => `x/page-${n}.json`, link: pageLink('/api/x', { issuer: 'amex' }), schema: {} },
      ),
    ];
    expect(many.map((p) => p.path)).toEqual(['x/page-1.json', 'x/page-2.json', 'x/page-3.json']);
    expect((many[1] as { document: object }).document).toMatchObject({
      page: 2,
      total: 250,
      total_pages: 3,
      next: '/api/x?issuer=amex&page=3',
      prev: '/api/x?issuer=amex',
    });
  });

  it('quotes transfers and lists programs with their partners', () => {
    expect(json('keyed/api/compute/transfer/amex-membership-rewards/delta-skymiles.json')).toMatchObject({
      ratio_from: 1,
      ratio_to: 1,
      cents_per_point_after: 1.2,
      example: { points: 10000, partner_points: 10000, value_usd: 120 },
    });
    expect(json('keyed/api/programs/delta-skymiles.json').sources.map((t: { from: string }) => t.from)).toEqual([
      'amex-membership-rewards',
    ]);
  });

  it('exports the dataset as CSV and as one JSON snapshot', () => {
    const csv = output.files.get('keyed/api/export/dataset.csv')!.toString('utf8').split('\n');
    expect(csv[0]).toMatch(/^card,card_name,issuer,/);
    expect(csv.filter((line) => line.startsWith('citi-double-cash,'))).toHaveLength(1);
    expect(Object.keys(json('keyed/api/export/snapshot.json'))).toContain('card_rewards');
  });

  it('describes every route in the manifest with a file template the tree satisfies', () => {
    const manifest = JSON.parse(output.manifest.toString('utf8')) as {
      routes: { id: string; dynamic?: string; variants: { file: string }[] }[];
    };
    expect(manifest.routes.length).toBeGreaterThanOrEqual(40);
    for (const route of manifest.routes) {
      if (route.dynamic) continue;
      for (const variant of route.variants) {
        const pattern = new RegExp(`^${variant.file.replace(/[.]/g, '\\.').replace(/\{[a-z]+\}/g, '[^/]+')}$`);
        expect(
          [...output.files.keys()].some((p) => pattern.test(p)),
          `${route.id}: ${variant.file}`,
        ).toBe(true);
      }
    }
  });

  it('writes an OpenAPI 3.1 document with every route, the key scheme and problem responses', () => {
    const doc = json('public/openapi.json');
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.securitySchemes.ApiKey).toEqual({ type: 'apiKey', in: 'header', name: 'X-API-Key' });
    expect(Object.keys(doc.paths).length).toBeGreaterThanOrEqual(44);
    expect(doc.paths['/api/compute/triple-stack'].get['x-min-tier']).toBe('pro');
    expect(Object.keys(doc.paths['/api/cards'].get.responses)).toEqual(expect.arrayContaining(['200', '401', '403', '404', '429']));
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
    expect(build(() => undefined, '2026-10-15')('keyed/api/compute/triple-stack/costco.json')).toMatchObject({
      offer: null,
      offer_cents: 0,
      known: { offer: 'expired or not started' },
    });
    expect(build(() => undefined, '2026-11-15')('keyed/api/compute/triple-stack/costco.json').offer).toMatchObject({
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
    })('keyed/api/compute/triple-stack/costco.json');
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
