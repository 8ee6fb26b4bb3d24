/** Pure steps of the gateway where a real server adds nothing: parameter normalisation, encoding negotiation, configuration. */
import { describe, expect, it } from 'vitest';
import { createKeyHasher, generateKey, hashKey } from '../gateway/api-keys.ts';
import { BoundedMap, LONGEST_REMEMBERED_TARGET, RequestMemo } from '../gateway/bounded-map.ts';
import { resolveConfig } from '../gateway/config.ts';
import { HttpError } from '../gateway/http-error.ts';
import { parseManifest } from '../gateway/parse-manifest.ts';
import { normaliseParam } from '../gateway/build/normalise-param.ts';
import { indexPublicFiles } from '../gateway/build/public-file-index.ts';
import { isPlainPath } from '../gateway/steps/normalise-request.ts';
import { rateLimitHeaders } from '../gateway/rate-limit-headers.ts';
import { createRouter } from '../gateway/build/router.ts';
import type { Manifest } from '../gateway/parse-manifest.ts';
import { renderTemplate } from '../schemas/path-template.ts';
import { negotiateEncoding } from '../gateway/http/serve-file.ts';

describe('normaliseParam', () => {
  it.each([
    ['mcc', '742', '0742'],
    ['mcc', '5411', '5411'],
    ['slug', 'Amex-Gold', 'amex-gold'],
    ['page', '12', '12'],
    ['domain', ' WWW.Amazon.COM. ', 'amazon.com'],
    ['domain', 'shop.example.co.uk:8443', 'shop.example.co.uk'],
    ['domain', 'münchen.de', 'xn--mnchen-3ya.de'],
    ['domain', 'https://www.Amazon.com:443/dp/B0?ref=x', 'amazon.com'],
    ['domain', 'http://smile.amazon.com/', 'smile.amazon.com'],
  ] as const)('%s %j → %j', (kind, raw, expected) => expect(normaliseParam(kind, 'p', raw)).toBe(expected));

  it.each([
    ['mcc', '12345'],
    ['mcc', '54a1'],
    ['mcc', ''],
    ['slug', 'a--b'],
    ['slug', '-a'],
    ['slug', 'a_b'],
    ['slug', 'a'.repeat(101)],
    ['slug', '../x'],
    ['page', '0'],
    ['page', '01'],
    ['page', '100001'],
    ['page', '1e3'],
    ['domain', 'localhost'],
    ['domain', 'a/b.com'],
    ['domain', 'a..b'],
    ['domain', '-a.com'],
    ['domain', 'a\u0000.com'],
    ['domain', 'ftp://amazon.com/'],
    ['domain', 'https://'],
  ] as const)('refuses %s %j with a 400 naming the parameter', (kind, raw) => {
    expect(() => normaliseParam(kind, 'p', raw)).toThrow(HttpError);
    try {
      normaliseParam(kind, 'p', raw);
    } catch (error) {
      expect((error as HttpError).status).toBe(400);
      expect((error as HttpError).message).toContain('"p"');
    }
  });
});

describe('negotiateEncoding', () => {
  it('prefers br, honours q-values and *, and falls back to identity', () => {
    expect(negotiateEncoding('gzip, deflate, br', ['br', 'gzip'])).toBe('br');
    expect(negotiateEncoding('br;q=0.5, gzip', ['br', 'gzip'])).toBe('gzip');
    expect(negotiateEncoding('br;q=0', ['br', 'gzip'])).toBeUndefined();
    expect(negotiateEncoding('*', ['gzip'])).toBe('gzip');
    expect(negotiateEncoding('identity', ['br', 'gzip'])).toBeUndefined();
    expect(negotiateEncoding(undefined, ['br'])).toBeUndefined();
    expect(negotiateEncoding('br', [])).toBeUndefined();
  });
});

describe('resolveConfig', () => {
  it('applies defaults, then environment, then flags, and freezes the result', () => {
    const config = resolveConfig(
      { port: '9000' },
      { PORT: '7000', CARDREWARDS_FAIL_MODE: 'open', CARDREWARDS_LIMITS: 'starter=500,enterprise=1000000:5000' },
      '/srv',
    );
    expect(config.port).toBe(9000);
    expect(config.failMode).toBe('open');
    expect(config.host).toBe('127.0.0.1');
    expect(config.distDir).toBe('/srv/dist');
    expect(config.stateFile).toBe('/srv/.cardrewards/state.mdb');
    expect(config.stateSync).toBe('disk');
    expect(resolveConfig({}, { CARDREWARDS_STATE_SYNC: 'os' }).stateSync).toBe('os');
    expect(config.limits.free).toEqual({ monthly: 1000, daily: 100 });
    expect(config.limits.starter).toEqual({ monthly: 500, daily: 50 });
    expect(config.limits.enterprise).toEqual({ monthly: 1_000_000, daily: 5000 });
    expect(Object.isFrozen(config)).toBe(true);
    expect(resolveConfig({}, {}).limits.enterprise).toEqual({ monthly: null, daily: null });
  });

  it('lists every invalid value with what is allowed', () => {
    let message = '';
    try {
      resolveConfig({ port: '70000', redisUrl: 'http://x', cacheMb: '-1', stateSync: 'never' }, { CARDREWARDS_CORS_ORIGIN: 'ftp://x' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('--port (PORT) is "70000"; allowed: an integer from 0 to 65535');
    expect(message).toContain('--redis-url (REDIS_URL) is not a valid URL; allowed: redis://… or rediss://…');
    expect(message).toContain('--cache-mb (CARDREWARDS_CACHE_MB) is "-1"');
    expect(message).toContain('--state-sync (CARDREWARDS_STATE_SYNC) is "never"; allowed: disk, os');
    expect(message).toContain('--cors-origin (CARDREWARDS_CORS_ORIGIN) is "ftp://x"');
  });
});

describe('rateLimitHeaders', () => {
  it('writes the draft structured-field form and leaves unlimited windows out', () => {
    expect(rateLimitHeaders({ monthly: 1000, daily: 100 }, { day: 43, month: 200 }, { day: 3600, month: 86_400 })).toEqual({
      'RateLimit-Policy': '"monthly";q=1000;w=2592000, "daily";q=100;w=86400',
      RateLimit: '"monthly";r=800;t=86400, "daily";r=57;t=3600',
    });
    expect(rateLimitHeaders({ monthly: null, daily: null }, { day: 1, month: 1 }, { day: 1, month: 1 })).toEqual({});
  });
});

describe('parseManifest', () => {
  const route = {
    id: 'card',
    path: '/api/cards/{id}',
    tier: 'free',
    params: { id: 'slug' },
    variants: [{ query: {}, optional: {}, file: 'keyed/api/cards/{id}.json' }],
  };
  // As the gateway reads it: the bytes of manifest.json.
  const manifest = (changes: object) =>
    Buffer.from(
      JSON.stringify({
        version: 1,
        build: 'b',
        date: '2026-11-22',
        files: { 'keyed/api/cards/x.json': { size: 1, etag: '"e"', type: 'application/json' } },
        routes: [route],
        ...changes,
      }),
    );

  it("accepts a manifest in the generator's shape", () => {
    expect(parseManifest(manifest({}), 'm').routes[0]?.id).toBe('card');
  });

  it.each([
    [
      'a file key outside the tree',
      { files: { 'keyed/../secret.txt': { size: 1, etag: '"e"', type: 't' } } },
      /\/files key "keyed\/\.\.\/secret\.txt" must match pattern/,
    ],
    ['an unknown tier', { routes: [{ ...route, tier: 'gold' }] }, /tier/],
    ['an unknown parameter kind', { routes: [{ ...route, params: { id: 'regex' } }] }, /params/],
    ['a path parameter without a kind', { routes: [{ ...route, params: {} }] }, /path parameter \{id\} has no kind/],
    ['a route with no variants', { routes: [{ ...route, variants: [] }] }, /has no variants/],
  ])('refuses %s', (_, changes, message) => {
    expect(() => parseManifest(manifest(changes), 'm')).toThrow(message);
  });
});

describe('indexPublicFiles', () => {
  const file = (etag: string) => ({ size: 1, etag: `"${etag}"`, type: 'text/html' });
  const index = indexPublicFiles({
    'public/index.html': file('home'),
    'public/api/mcc/5411.json': file('mcc'),
    'public/card/amex-gold/index.html': file('gold'),
    'public/v1.2/index.html': file('dotted'),
    'public/same/index.html': file('folder'),
    'public/same': file('file'),
    'keyed/api/cards/amex-gold.json': file('keyed'),
  });
  const keyOf = (path: string) => index.get(path)?.key;

  it.each([
    ['', 'public/index.html'],
    ['index.html', 'public/index.html'],
    ['api/mcc/5411.json', 'public/api/mcc/5411.json'],
    ['card/amex-gold', 'public/card/amex-gold/index.html'],
    ['card/amex-gold/', 'public/card/amex-gold/index.html'],
    ['card/amex-gold/index.html', 'public/card/amex-gold/index.html'],
    ['v1.2/', 'public/v1.2/index.html'],
    ['same', 'public/same'],
    ['same/', 'public/same/index.html'],
  ])('%j names %s', (path, key) => expect(keyOf(path)).toBe(key));

  it.each([
    ['a last segment with a dot is a file name, not a folder', 'v1.2'],
    ['a keyed file is never public', 'api/cards/amex-gold.json'],
    ['a keyed file under its own prefix is never public', 'keyed/api/cards/amex-gold.json'],
    ['a doubled slash names nothing', 'card//amex-gold'],
    ['a folder with no index names nothing', 'api/mcc'],
  ])('%s (%j)', (_reason, path) => expect(keyOf(path)).toBeUndefined());

  it('keeps the manifest entry with the key', () => expect(index.get('card/amex-gold')?.entry.etag).toBe('"gold"'));
});

describe('isPlainPath', () => {
  it.each(['/', '/api/mcc/5411.json', '/a/.b', '/a/..b', '/a.', '/a/b.', "/!$&'()*+,;=:@~"])('%j names itself', (path) =>
    expect(isPlainPath(path)).toBe(true),
  );
  it.each(['/.', '/..', '/a/./b', '/a/../b', '/a/.', '/a/..', '/%2e', '/a b', '/a\\b', '/\u0000', '/\u007f', '/é'])(
    '%j needs decoding or refusing',
    (path) => expect(isPlainPath(path)).toBe(false),
  );
});

describe('createRouter', () => {
  const route = (id: string, path: string, params: Record<string, string> = {}) => ({
    id,
    path,
    tier: 'free',
    params,
    variants: [{ query: {}, optional: {}, file: `keyed/${id}.json` }],
  });
  // In manifest order; precedence must not depend on it.
  const router = createRouter({
    routes: [
      route('card', '/api/cards/{id}', { id: 'slug' }),
      route('top', '/api/cards/top'),
      route('card-benefits', '/api/cards/{id}/benefits', { id: 'slug' }),
      route('list-of', '/api/{list}/all', { list: 'slug' }),
      route('merchants-of-mcc', '/api/mcc/{code}/merchants', { code: 'mcc' }),
      route('anything-merchants', '/api/{what}/{code}/merchants', { what: 'slug', code: 'slug' }),
      route('domain', '/api/extension/{domain}', { domain: 'domain' }),
      route('issuer', '/api/{issuer}/cards', { issuer: 'slug' }),
    ],
  } as unknown as Manifest);
  const matched = (path: string) => {
    const match = router.match(path);
    return match === undefined ? undefined : [match.route.id, match.params];
  };

  it.each([
    ['a literal beats a parameter in the same place', 'api/cards/top', ['top', {}]],
    ['a parameter takes any other segment', 'api/cards/amex-gold', ['card', { id: 'amex-gold' }]],
    ['the first segment that differs decides: literal there wins', 'api/cards/all', ['card', { id: 'all' }]],
    ['a branch with no route at the end gives way to the parameter branch', 'api/stores/all', ['list-of', { list: 'stores' }]],
    ['going back two levels', 'api/mcc/x/merchants', ['merchants-of-mcc', { code: 'x' }]],
    ['a parameter before a literal', 'api/chase/cards', ['issuer', { issuer: 'chase' }]],
    ['two parameters', 'api/stores/costco/merchants', ['anything-merchants', { what: 'stores', code: 'costco' }]],
    ['a domain may hold dots', 'api/extension/www.costco.com', ['domain', { domain: 'www.costco.com' }]],
  ])('%s (%s)', (_reason, path, expected) => expect(matched(path)).toEqual(expected));

  it('answers a repeated path with the same frozen match, and remembers no path that matched nothing', () => {
    const first = router.match('api/cards/amex-gold');
    expect(router.match('api/cards/amex-gold')).toBe(first);
    expect(Object.isFrozen(first) && Object.isFrozen(first?.params)).toBe(true);
    expect(router.match('api/cards/top')).not.toBe(first);
    expect(router.match('api/nothing')).toBeUndefined();
    expect(router.match('api/nothing')).toBeUndefined();
    // A path too long to remember is matched again each time, to the same route.
    const long = `api/extension/${'a.'.repeat(LONGEST_REMEMBERED_TARGET)}com`;
    expect(router.match(long)?.route.id).toBe('domain');
    expect(router.match(long)).not.toBe(router.match(long));
  });

  it.each([
    ['only a domain may hold a dot', 'api/cards/amex.gold'],
    ['a parameter is never empty', 'api/cards/'],
    ['too many segments', 'api/cards/amex-gold/benefits/more'],
    ['too few segments', 'api/cards'],
    ['no route', 'api/nothing/here/at/all'],
  ])('%s (%s)', (_reason, path) => expect(matched(path)).toBeUndefined());
});

describe('renderTemplate', () => {
  it.each([
    ['keyed/api/cards/{id}.json', { id: 'amex-gold' }, 'keyed/api/cards/amex-gold.json'],
    ['{a}/{b}', { a: 'x', b: 2 }, 'x/2'],
    ['{a}{a}', { a: 'y' }, 'yy'],
    ['keyed/api/stats.json', {}, 'keyed/api/stats.json'],
  ])('%s with %j gives %s', (template, values, rendered) => expect(renderTemplate(template, values)).toBe(rendered));

  it('refuses a placeholder without a value', () =>
    expect(() => renderTemplate('keyed/{kind}/{id}.json', { kind: 'cards' })).toThrow('no value for {id} in keyed/{kind}/{id}.json'));
});

describe('BoundedMap', () => {
  it('holds at most its limit, dropping the entry set longest ago; setting a key again makes it the newest', () => {
    const map = new BoundedMap<string, number>(2);
    map.set('a', 1);
    map.set('b', 2);
    map.set('a', 3);
    map.set('c', 4);
    expect([map.get('a'), map.get('b'), map.get('c'), map.size]).toEqual([3, undefined, 4, 2]);
  });
});

describe('RequestMemo', () => {
  it('keeps what a request sent up to LONGEST_REMEMBERED_TARGET characters, nothing longer', () => {
    const memo = new RequestMemo<number>();
    const longest = 'a'.repeat(LONGEST_REMEMBERED_TARGET);
    memo.set(longest, 1);
    memo.set(`${longest}b`, 2);
    expect([memo.get(longest), memo.get(`${longest}b`), memo.size]).toEqual([1, undefined, 1]);
  });
});

describe('createKeyHasher', () => {
  it('gives the SHA-256 of a well-formed key, the same on a repeated call, and nothing for a malformed one', () => {
    const hashOf = createKeyHasher(1);
    const key = generateKey();
    const other = generateKey();
    expect(hashOf(key)).toBe(hashKey(key));
    expect(hashOf(other)).toBe(hashKey(other));
    // Evicted by `other` (limit 1), worked out again.
    expect(hashOf(key)).toBe(hashKey(key));
    expect(hashOf(`${key}x`)).toBeUndefined();
    expect(hashOf('cr_short')).toBeUndefined();
  });
});
