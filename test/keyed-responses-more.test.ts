import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { pageLink, pages } from '../generator/route-runner.ts';

import { useCompiledFixture } from './helpers/compiled-fixture.ts';
import { templatePattern } from '../schemas/path-template.ts';

const fixture = useCompiledFixture();
const json = (path: string) => fixture.json(path);

describe('keyed responses on the fixture: stacks, portals, categories, cards, lists, exports, the manifest and OpenAPI', () => {
  it('stacks card, portal and offer for a store, valuing points portals in cents', () => {
    const stack = json('keyed/api/compute/triple-stack/standalone/costco.json');
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
    const shell = json('keyed/api/compute/triple-stack/standalone/shell.json');
    expect(shell).toMatchObject({ offer: null, portal_cents: 3, known: { portal: 'rate', offer: 'expired or not started' } });
    expect(shell.portal).toMatchObject({ unit: 'miles_flat', value_percent: null });
    // Amazon: nothing known beyond the card, and the answer says so.
    const amazon = json('keyed/api/compute/triple-stack/standalone/amazon.json');
    expect(amazon).toMatchObject({ portal: null, offer: null, portal_cents: 0, offer_cents: 0, as_of: null, age_days: null });
    expect(amazon.known).toEqual({ portal: 'none known', offer: 'none known' });
    expect(amazon.total_cents).toBe(amazon.card.value_cents);
    expect(amazon.assumptions.join(' ')).toContain('the card alone');
    // One answer per merchant of the fixture (it has 6) and valuation, none missing.
    const stacks = [...fixture.output.files.keys()].filter((path) => path.startsWith('keyed/api/compute/triple-stack/'));
    // 6 merchants, 2 valuations, every card and each of the 2 segments.
    expect(stacks).toHaveLength(36);
    // Pooled ranks the card at its transfer value: never below the standalone stack.
    const pooled = json('keyed/api/compute/triple-stack/pooled/costco.json');
    expect(pooled.card.values.ranked_by).toBe('pooled');
    expect(pooled.card_cents).toBeGreaterThanOrEqual(json('keyed/api/compute/triple-stack/standalone/costco.json').card_cents);
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
    const csv = fixture.output.files.get('keyed/api/export/dataset.csv')!.toString('utf8').split('\n');
    expect(csv[0]).toMatch(/^card,card_name,issuer,/);
    expect(csv.filter((line) => line.startsWith('citi-double-cash,'))).toHaveLength(1);
    expect(Object.keys(json('keyed/api/export/snapshot.json'))).toContain('card_rewards');
  });

  it('describes every route in the manifest with a file template the tree satisfies', () => {
    const manifest = JSON.parse(fixture.output.manifest.toString('utf8')) as {
      routes: { id: string; dynamic?: string; variants: { file: string }[] }[];
    };
    expect(manifest.routes.length).toBeGreaterThanOrEqual(40);
    for (const route of manifest.routes) {
      if (route.dynamic) continue;
      for (const variant of route.variants) {
        const pattern = templatePattern(variant.file);
        expect(
          [...fixture.output.files.keys()].some((p) => pattern.test(p)),
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

  it('states a shared shape once, as a component every answer holding it references, and still describes the answers', () => {
    const doc = json('public/openapi.json');
    const ref = { $ref: '#/components/schemas/RankedCard' };
    expect(doc.components.schemas.RankedCard.properties.rule.oneOf).toContainEqual({ $ref: '#/components/schemas/AppliedRule' });
    expect(doc.components.schemas.BestCard.properties.best_cards.items).toEqual(ref);
    expect(doc.components.schemas.Recommendation.properties.best_cards.items).toEqual(ref);
    const text = JSON.stringify(doc);
    for (const [, name] of text.matchAll(/"#\/components\/schemas\/([A-Za-z]+)"/g))
      expect(doc.components.schemas[name!], name).toBeDefined();
    // The answers themselves validate against the document with its references resolved.
    const ajv = new Ajv({ strict: false, validateFormats: false });
    ajv.addSchema(doc, 'openapi');
    const validate = ajv.getSchema('openapi#/components/schemas/BestCard')!;
    expect(validate(json('keyed/api/compute/best-card/standalone/mcc/5411.json')), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ ...json('keyed/api/compute/best-card/standalone/mcc/5411.json'), best_cards: [{ slug: 1 }] })).toBe(false);
  });
});
