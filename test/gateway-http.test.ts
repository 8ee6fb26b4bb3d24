/**
 * The gateway over real sockets, on the embedded store, part one: public files, the 401/403/200
 * matrix of docs/api.md (tiers and keys) with keys of every tier, and bad inputs.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hashKey } from '../gateway/api-keys.ts';
import { TIERS, type ManifestRoute, type Tier } from '../gateway/parse-manifest.ts';
import { createTestKey, matrixRequest, sampleRequest, sampleUrl } from './helpers/gateway.ts';
import { expectProblem, useGatewaySuite } from './helpers/gateway-suite.ts';

/** docs/api.md, "Tiers": path and minimum tier of the nine fixed keyed endpoints. */
const SPEC_ENDPOINTS: readonly (readonly [string, Tier])[] = [
  ['/api/cards', 'free'],
  ['/api/cards/{id}', 'free'],
  ['/api/mcc', 'free'],
  ['/api/extension/recommend', 'free'],
  ['/api/merchants', 'starter'],
  ['/api/compute/best-card', 'starter'],
  ['/api/programs', 'pro'],
  ['/api/portals', 'pro'],
  ['/api/compute/triple-stack', 'pro'],
];

const suite = useGatewaySuite();
const { keys, call, routeFor } = suite;

describe('public files', () => {
  it('serves every public file of the manifest without a key, uncounted, cacheable by anyone', async () => {
    const publicFiles = Object.keys(suite.tree.manifest.files).filter((path) => path.startsWith('public/') && !path.endsWith('index.html'));
    expect(publicFiles.length).toBeGreaterThan(0);
    for (const path of publicFiles) {
      const reply = await call(`/${path.slice('public/'.length)}`);
      expect(reply.status, path).toBe(200);
      expect(reply.body.equals(readFileSync(join(suite.tree.out, path))), path).toBe(true);
      expect(reply.headers['etag']).toBe(suite.tree.manifest.files[path]?.etag);
      expect(reply.headers['content-type']).toBe(suite.tree.manifest.files[path]?.type);
      expect(reply.headers['cache-control']).toMatch(/^public, max-age=\d{5,}/);
      expect(reply.headers['ratelimit']).toBeUndefined();
    }
  });

  it('serves the static MCC record with a key or without', async () => {
    const reply = await call('/api/mcc/5411.json', { 'X-API-Key': 'not a key' });
    expect(reply.status).toBe(200);
    expect((reply.json as { code: string }).code).toBe('5411');
  });

  it('answers an unknown static file with 404 problem details', async () => {
    expectProblem(await call('/api/mcc/0000.json'), 404);
    expectProblem(await call('/api/merchant/no-such-shop.json'), 404);
  });
});

describe('keyed routes: the 401/403/200 matrix', () => {
  it('lists every fixed keyed endpoint with its minimum tier', () => {
    for (const [path, tier] of SPEC_ENDPOINTS) expect(routeFor(path)?.tier, path).toBe(tier);
  });

  it('answers each spec endpoint by tier: 401 without a valid key, 403 below the minimum tier, 200 at or above', async () => {
    for (const [path, minimum] of SPEC_ENDPOINTS) {
      // A route the fixture has no data for (no portals, say) answers an authorised key with 404.
      const { url, file } = matrixRequest(suite.tree.manifest, routeFor(path) as ManifestRoute);
      const found = file !== undefined || routeFor(path)?.dynamic !== undefined;
      expectProblem(await call(url), 401);
      expectProblem(await call(url, { 'X-API-Key': 'cr_tooshort' }), 401);
      expectProblem(await call(url, { 'X-API-Key': `cr_${'A'.repeat(43)}` }), 401);
      expectProblem(await call(url, { 'X-API-Key': suite.revoked }), 401);
      for (const tier of TIERS) {
        const reply = await call(url, { 'X-API-Key': keys[tier] });
        const expected = TIERS.indexOf(tier) < TIERS.indexOf(minimum) ? 403 : found ? 200 : 404;
        expect(reply.status, `${url} with a ${tier} key: ${reply.text}`).toBe(expected);
        if (expected === 200) {
          expect(reply.headers['cache-control']).toMatch(/^private/);
          expect(reply.json ?? reply.text).toBeDefined();
        } else {
          expectProblem(reply, expected);
        }
      }
    }
  });

  it('answers every route family of the manifest the same way', async () => {
    let sampled = 0;
    for (const route of suite.tree.manifest.routes) {
      const url = sampleRequest(suite.tree.manifest, route)?.url;
      if (url === undefined) continue;
      sampled++;
      expect((await call(url)).status, url).toBe(401);
      for (const tier of TIERS) {
        const expected = TIERS.indexOf(tier) >= TIERS.indexOf(route.tier) ? 200 : 403;
        expect((await call(url, { 'X-API-Key': keys[tier] })).status, `${url} ${tier}`).toBe(expected);
      }
    }
    expect(sampled).toBeGreaterThanOrEqual(Math.min(12, suite.tree.manifest.routes.length));
  });

  it('counts only the 200s: 401 and 403 are free', async () => {
    const key = await createTestKey(suite.store, 'starter');
    const cards = sampleUrl(suite.tree.manifest, routeFor('/api/cards'));
    const programs = sampleUrl(suite.tree.manifest, routeFor('/api/programs'));
    expect((await call(programs, { 'X-API-Key': key })).status).toBe(403);
    expect((await call(cards, { 'X-API-Key': key })).status).toBe(200);
    expect((await call(cards, { 'X-API-Key': key })).status).toBe(200);
    expect(await suite.store.usage(hashKey(key), new Date())).toEqual({ day: 2, month: 2 });
  });

  it('puts RateLimit-Policy and RateLimit on keyed responses and reports usage at /api/usage', async () => {
    const key = await createTestKey(suite.store, 'free');
    const cards = await call(sampleUrl(suite.tree.manifest, routeFor('/api/cards')), { 'X-API-Key': key });
    expect(cards.headers['ratelimit-policy']).toBe('"monthly";q=1000;w=2592000, "daily";q=100;w=86400');
    expect(cards.headers['ratelimit']).toMatch(/^"monthly";r=999;t=\d+, "daily";r=99;t=\d+$/);
    const usage = await call('/api/usage', { 'X-API-Key': key });
    expect(usage.status).toBe(200);
    expect(usage.json).toMatchObject({
      tier: 'free',
      key: hashKey(key).slice(0, 12),
      day: { used: 1, limit: 100, remaining: 99 },
      month: { used: 1, limit: 1000 },
    });
    expect(usage.headers['ratelimit']).toMatch(/"daily";r=99;/);
    expectProblem(await call('/api/usage'), 401);
    // Enterprise is unlimited: there is no quota to announce.
    const enterprise = await call(sampleUrl(suite.tree.manifest, routeFor('/api/cards')), { 'X-API-Key': keys.enterprise });
    expect(enterprise.headers['ratelimit']).toBeUndefined();
  });
});

describe('inputs', () => {
  const key = () => ({ 'X-API-Key': keys.enterprise });

  it('refuses unknown, repeated and invalid query parameters with 400 naming them, never 500', async () => {
    for (const path of [
      '/api/cards?bogus=1',
      '/api/cards?page=0',
      '/api/cards?page=-1',
      '/api/cards?page=abc',
      '/api/cards?page=1&page=2',
      '/api/cards?page=99999999999999999999',
      '/api/compute/best-card',
      '/api/compute/best-card?mcc=12345',
      '/api/compute/best-card?mcc=54x1',
      '/api/compute/best-card?merchant=Not_A_Slug',
      '/api/extension/recommend',
      '/api/extension/recommend?domain=',
      '/api/extension/recommend?domain=not%20a%20host',
      '/api/extension/recommend?domain=localhost',
      '/api/compute/triple-stack?merchant=%00',
      '/api/cards?page=%ZZ',
      `/api/cards/${'a'.repeat(101)}`,
      '/api/cards/UPPER_case',
      '/api/cards?issuer=amex&network=amex',
      '/api/compute/best-card?mcc=5411&merchant=costco',
    ]) {
      const reply = await call(path, key());
      expectProblem(reply, 400);
    }
  });

  it("normalises codes, slugs and domains into the generator's file names", async () => {
    const card = sampleUrl(suite.tree.manifest, routeFor('/api/cards/{id}'));
    const lower = await call(card, key());
    expect(lower.status).toBe(200);
    expect(
      (
        await call(
          card.replace(/[^/]+$/, (id) => id.toUpperCase()),
          key(),
        )
      ).text,
    ).toBe(lower.text);
    expect((await call('/api/compute/best-card?mcc=5411', key())).status).toBe(200);
    const recommend = routeFor('/api/extension/recommend');
    const domainFile = Object.keys(suite.tree.manifest.files).find((file) =>
      /^keyed\/api\/extension\/recommend\/[a-z0-9-]+\.com\.json$/.test(file),
    ) as string;
    const domain = domainFile
      .split('/')
      .pop()
      ?.replace(/\.json$/, '') as string;
    const byDomain = (value: string) => call(`${recommend?.path}?domain=${encodeURIComponent(value)}`, key());
    const exact = await byDomain(domain);
    expect(exact.json).toMatchObject({ fallback: false });
    for (const variant of [`WWW.${domain.toUpperCase()}.`, `shop.${domain}:443`, `a.b.${domain}`])
      expect((await byDomain(variant)).text, variant).toBe(exact.text);
    const unknown = await byDomain('no-such-merchant.example');
    expect(unknown.json).toMatchObject({ merchant_name: null, fallback: true });
  });

  it('limits every ranking to personal or business cards on segment=, with or without valuation=, and 404s another segment', async () => {
    type Ranking = { segment?: string | null; query?: { segment: string | null }; best_cards: { segment: string }[]; card_count?: number };
    const ranked = async (path: string) => {
      const reply = await call(path, key());
      expect(reply.status, path).toBe(200);
      return reply.json as Ranking;
    };
    // The fixture's cards are all personal: the personal answer is every card's, the business one is empty.
    const all = await ranked('/api/compute/best-card?mcc=5411');
    const personal = await ranked('/api/compute/best-card?mcc=5411&segment=personal');
    expect(personal.query?.segment).toBe('personal');
    expect(personal.best_cards).toEqual(all.best_cards);
    expect(all.best_cards.every((card) => card.segment === 'personal')).toBe(true);
    const business = await ranked('/api/compute/best-card?mcc=5411&segment=business&valuation=pooled');
    expect([business.query?.segment, business.best_cards, business.card_count]).toEqual(['business', [], 0]);
    expect((await ranked('/api/mcc/5411/cards?segment=personal')).best_cards).toEqual(personal.best_cards);
    expect((await ranked('/api/compute/best-card?merchant=costco&segment=personal')).query?.segment).toBe('personal');
    expect((await ranked('/api/compute/triple-stack?merchant=costco&segment=personal&valuation=pooled')).segment).toBe('personal');
    // The extension's answer, and its fallback for an unknown site, by segment.
    const recommend = await ranked('/api/extension/recommend?domain=costco.com&segment=business');
    expect([recommend.segment, recommend.best_cards]).toEqual(['business', []]);
    const unknown = await ranked('/api/extension/recommend?domain=no-such-merchant.example&segment=personal');
    expect(unknown).toMatchObject({ fallback: true, segment: 'personal' });
    expect(unknown.best_cards.length).toBeGreaterThan(0);
    expectProblem(await call('/api/compute/best-card?mcc=5411&segment=household', key()), 404);
    expectProblem(await call('/api/extension/recommend?domain=costco.com&segment=household', key()), 404);
  });

  it('answers an unknown route, card or page with 404 problem details (not counted)', async () => {
    const before = await suite.store.usage(hashKey(keys.enterprise), new Date());
    expectProblem(await call('/api/nothing-here', key()), 404);
    expectProblem(await call('/api/cards/no-such-card', key()), 404);
    expectProblem(await call(`${sampleUrl(suite.tree.manifest, routeFor('/api/cards'))?.split('?')[0]}?page=9999`, key()), 404);
    expect(await suite.store.usage(hashKey(keys.enterprise), new Date())).toEqual(before);
  });
});
