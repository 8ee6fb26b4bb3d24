/** Link headers (RFC 8288) on paged lists: on the route the client used, with first, prev, next and last. */
import { describe, expect, it } from 'vitest';
import type { Manifest, ManifestVariant } from '../gateway/parse-manifest.ts';
import { pagingLinks } from '../gateway/build/paging-links.ts';
import { useGatewaySuite } from './helpers/gateway-suite.ts';

const suite = useGatewaySuite();

describe('Link headers', () => {
  it('keeps the links of an alias route on that route, and exposes the header to browsers', async () => {
    const reply = await suite.call('/api/merchants?mcc=5411', { 'X-API-Key': suite.keys.starter });
    expect(reply.status).toBe(200);
    expect(reply.headers['link']).toBe('</api/merchants?mcc=5411>; rel="first", </api/merchants?mcc=5411>; rel="last"');
    expect(reply.headers['access-control-expose-headers']).toContain('Link');
    expect((await suite.call('/api/cards/amex-gold', { 'X-API-Key': suite.keys.free })).headers['link']).toBeUndefined();
  });

  it('answers a repeated request target as the first time (the gateway remembers resolutions, never refusals)', async () => {
    const headers = { 'X-API-Key': suite.keys.starter };
    const first = await suite.call('/api/merchants?mcc=5411', headers);
    const again = await suite.call('/api/merchants?mcc=5411', headers);
    expect([again.status, again.headers['link'], again.headers['etag']]).toEqual([200, first.headers['link'], first.headers['etag']]);
    for (let i = 0; i < 2; i++) expect((await suite.call('/api/merchants?mcc=54x1', headers)).status).toBe(400);
  });

  it('gives first, prev, next and last from the pages the build has', () => {
    const file = (n: number) => `keyed/api/cards/by-issuer/amex/page-${n}.json`;
    const manifest = {
      files: Object.fromEntries([1, 2, 3].map((n) => [file(n), { size: 1, etag: '"x"', type: 'application/json' }])),
    } as unknown as Manifest;
    const variant: ManifestVariant = {
      query: { issuer: 'slug' },
      optional: { page: 'page' },
      file: 'keyed/api/cards/by-issuer/{issuer}/page-{page}.json',
    };
    const links = (page: string) =>
      pagingLinks(
        manifest,
        { fileKey: file(Number(page)), variant, values: { issuer: 'amex', page }, fallback: false },
        'api/cards',
        new URLSearchParams(`issuer=amex&page=${page}`),
      );
    expect(links('2')).toBe(
      '</api/cards?issuer=amex>; rel="first", </api/cards?issuer=amex>; rel="prev", </api/cards?issuer=amex&page=3>; rel="next", </api/cards?issuer=amex&page=3>; rel="last"',
    );
    expect(links('3')).not.toContain('rel="next"');
    expect(links('1')).not.toContain('rel="prev"');
  });
});
