import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it, vi } from 'vitest';
import { applyOverrides } from '../scripts/import-merchants/apply-overrides.ts';
import { assignSlugs } from '../scripts/import-merchants/assign-slugs.ts';
import { chooseBrandEntry, chooseOperatorEntry, type OperatorEntry } from '../scripts/import-merchants/choose-entry.ts';
import { importCurated } from '../scripts/import-merchants/import-curated.ts';
import { importNsi } from '../scripts/import-merchants/import-nsi.ts';
import { IMPORT_DATE } from '../scripts/import-merchants/merchant.ts';
import { rankMerchants } from '../scripts/import-merchants/rank-merchants.ts';
import { registrableDomain, uniqueDomains } from '../scripts/import-merchants/registrable-domain.ts';
import { resolveDomains } from '../scripts/import-merchants/resolve-domains.ts';
import { slugify } from '../scripts/import-merchants/slugify.ts';
import { matchTagRule } from '../scripts/import-merchants/tag-rules.ts';
import { RANK_TIERS } from '../scripts/import-merchants/rank-tiers.ts';
import { wikidataDomains } from '../scripts/import-merchants/wikidata-domains.ts';
import { ROOT } from './helpers/cli.ts';
import { AMAZON_CURATED_ROW, COSTCO, costcoEntry, merchant, rule, TAG_RULES } from './helpers/merchant-import.ts';

describe('slugify', () => {
  it('drops accents and apostrophes (straight and curly) and spells & as and', () => {
    expect(slugify('Häagen-Dazs')).toBe('haagen-dazs');
    expect(slugify("Peet's Coffee")).toBe('peets-coffee');
    expect(slugify('Dunkin\u2019')).toBe('dunkin');
    expect(slugify('H&M')).toBe('handm');
    expect(slugify('AT&T')).toBe('atandt');
  });

  it('turns every run of other characters into one hyphen and trims hyphens', () => {
    expect(slugify('Booking.com')).toBe('booking-com');
    expect(slugify('  Chick-fil-A  ')).toBe('chick-fil-a');
    expect(slugify('Toys "R" Us')).toBe('toys-r-us');
    expect(slugify('コストコ')).toBe('');
  });
});

describe('assignSlugs', () => {
  it('lets a curated row take its slug from an imported one', () => {
    const curated = merchant('amazon', { source: 'curated', tier: RANK_TIERS.curatedHead });
    const nsiAmazon = merchant('amazon', { sourceRef: 'Q3884' });
    const bySlug = assignSlugs([curated], [nsiAmazon]);
    expect([...bySlug.keys()]).toEqual(['amazon']);
    expect(bySlug.get('amazon')).toBe(curated);
  });

  it('gives the plain slug to the better known import, then -<tag value>, then -<source_ref>', () => {
    // The Bravo supermarkets and the Bravo Italian restaurants are two NSI brands named Bravo.
    const restaurant = merchant('bravo', { sourceRef: 'Q64055574', slugSuffix: 'restaurant', itemCount: 1 });
    const supermarket = merchant('bravo', { sourceRef: 'Q16985159', slugSuffix: 'supermarket', itemCount: 2 });
    const thirdRestaurant = merchant('bravo', { sourceRef: 'Q99', slugSuffix: 'restaurant', tier: RANK_TIERS.regionalBrand });
    const bySlug = assignSlugs([], [thirdRestaurant, restaurant, supermarket]);
    const slugs = [...bySlug.entries()].map(([slug, m]) => `${slug}=${m.sourceRef}`);
    expect(slugs.join(' ')).toBe('bravo=Q16985159 bravo-restaurant=Q64055574 bravo-q99=Q99');
  });

  it('refuses two curated rows with one slug', () => {
    expect(() => assignSlugs([merchant('target'), merchant('target')], [])).toThrow('curated slug target appears twice');
  });
});

describe('registrableDomain and uniqueDomains', () => {
  it('reduces URLs and hosts to the registrable domain (public suffix list)', () => {
    expect(registrableDomain('https://www.costco.com/')).toBe('costco.com');
    expect(registrableDomain('https://tires.costco.com/')).toBe('costco.com');
    expect(registrableDomain('WWW.Costco.co.uk')).toBe('costco.co.uk');
    expect(registrableDomain('https://a.b.example.com:8080/p?q')).toBe('example.com');
  });

  it('gives nothing for what no merchant can own: blanks, hosts without a domain, IP addresses', () => {
    expect(registrableDomain('  ')).toBe('');
    expect(registrableDomain('localhost')).toBe('');
    expect(registrableDomain('http://192.168.0.1/')).toBe('');
    expect(registrableDomain('not a domain')).toBe('');
  });

  it('drops hosting platforms unless the domain was given by hand', () => {
    expect(registrableDomain('https://www.facebook.com/costco')).toBe('');
    expect(registrableDomain('https://shop.myshopify.com')).toBe('');
    expect(registrableDomain('https://www.facebook.com/costco', true)).toBe('facebook.com');
  });

  it('deduplicates in first-seen order', () => {
    expect(uniqueDomains(['https://www.costco.com/', 'costco.ca', 'https://tires.costco.com/', ''])).toEqual(['costco.com', 'costco.ca']);
  });

  it('takes the Wikidata website and a same-name .us site, never foreign country sites', () => {
    expect(wikidataDomains(COSTCO.wikidata)).toEqual(['costco.com']);
    const withUs = { officialWebsites: ['https://www.example.co.uk/', 'https://www.example.com/', 'https://example.us/'] };
    expect(wikidataDomains(withUs)).toEqual(['example.com', 'example.us']);
    expect(wikidataDomains({ officialWebsites: ['https://www.facebook.com/example'] })).toEqual([]);
  });
});

describe('resolveDomains', () => {
  it('gives a shared domain to the merchant that names it by hand (curated Amazon over Amazon Go and Amazon Fresh)', () => {
    const amazon = merchant('amazon', { domains: ['amazon.com'], explicitDomains: true, source: 'curated' });
    const go = merchant('amazon-go', { domains: ['amazon.com'] });
    const fresh = merchant('amazon-fresh', { domains: ['amazon.com'] });
    expect(resolveDomains([go, amazon, fresh])).toEqual([]);
    expect([amazon.domains, go.domains, fresh.domains]).toEqual([['amazon.com'], [], []]);
  });

  it('else to the claimant named by the domain, else to nobody', () => {
    const hilton = merchant('hilton', { domains: ['hilton.com'] });
    const garden = merchant('hilton-garden-inn', { domains: ['hilton.com'] });
    const gap = merchant('gap-factory', { domains: ['gap.com', 'gapfactory.com'] });
    const oldNavy = merchant('old-navy', { domains: ['gap.com'] });
    expect(resolveDomains([hilton, garden, gap, oldNavy])).toEqual(['gap.com (gap-factory, old-navy)']);
    expect([hilton.domains, garden.domains, gap.domains, oldNavy.domains]).toEqual([['hilton.com'], [], ['gapfactory.com'], []]);
  });
});

describe('rankMerchants', () => {
  const merchants = [
    merchant('walmart', { rankHint: 2 }),
    merchant('amazon', { rankHint: 1, tier: RANK_TIERS.late }),
    merchant('costco-travel', { tier: RANK_TIERS.curatedHead }),
    merchant('bravo-restaurant', { itemCount: 3 }),
    merchant('bravo', { itemCount: 3 }),
    merchant('target-optical', { itemCount: 3, areaCount: 2 }),
    merchant('alaska-railroad', { tier: RANK_TIERS.late, itemCount: 50 }),
  ];

  it('puts the hand-ranked head first, then tier, breadth, and slug on a tie', () => {
    const ranks = rankMerchants(merchants);
    const order = [...ranks.entries()].sort((a, b) => a[1] - b[1]).map(([slug]) => slug);
    expect(order.join(' ')).toBe('amazon walmart costco-travel target-optical bravo bravo-restaurant alaska-railroad');
  });

  it('gives the same ranks whatever the input order', () => {
    expect(Object.fromEntries(rankMerchants([...merchants].reverse()))).toEqual(Object.fromEntries(rankMerchants(merchants)));
  });

  it('refuses a rank_hint used twice', () => {
    expect(() => rankMerchants([merchant('a', { rankHint: 4 }), merchant('b', { rankHint: 4 })])).toThrow('rank_hint 4 used twice');
  });
});

describe('one merchant per Wikidata id', () => {
  it('prefers the entry named like the Wikidata label, even over a lower priority', () => {
    // The car wash is named "Costco"; the business centre, a warehouse club (priority 10), is not.
    const chosen = chooseBrandEntry([
      costcoEntry(COSTCO.businessCenter, 'shop=wholesale'),
      costcoEntry(COSTCO.carWash, 'amenity=car_wash'),
    ]);
    expect(chosen.item.id).toBe('costco-244496');
  });

  it('then the lower rule priority, then whole-US presence, then the first tag', () => {
    const gas = costcoEntry(COSTCO.gasoline, 'amenity=fuel');
    expect(chooseBrandEntry([gas, costcoEntry(COSTCO.businessCenter, 'shop=wholesale')]).item.id).toBe('costcobusinesscenter-98b10d');
    const statesOnly = costcoEntry(COSTCO.businessCenter, 'shop=wholesale', 1);
    expect(chooseBrandEntry([statesOnly, { ...gas, rule: rule('shop=wholesale') }]).item.id).toBe('costcogasoline-53e77b');
    const sameRank = [
      costcoEntry(COSTCO.carWash, 'amenity=car_wash'),
      { ...costcoEntry(COSTCO.store, 'shop=wholesale'), rule: rule('amenity=car_wash') },
    ];
    expect(chooseBrandEntry(sameRank).tag).toBe('amenity=car_wash');
    expect(chooseBrandEntry([...sameRank].reverse()).tag).toBe('amenity=car_wash');
  });

  it('keeps an operator under its lowest-priority path: a transit agency stays one', () => {
    const op = (path: string, priority: number, presence = 1): OperatorEntry => ({ item: COSTCO.store, path, mcc: '', priority, presence });
    const chosen = chooseOperatorEntry([op('operators/power/substation', 40, 2), op('transit/route/bus', 30)]);
    expect(chosen.path).toBe('transit/route/bus');
    expect(chooseOperatorEntry([op('transit/route/tram', 30), op('transit/route/bus', 30)]).path).toBe('transit/route/bus');
  });

  it('makes Costco one warehouse club (5300) from its real NSI entries', () => {
    const nsi = {
      'brands/amenity/car_wash': { items: [COSTCO.carWash] },
      'brands/amenity/fuel': { items: [COSTCO.gasoline] },
      'brands/shop/wholesale': { items: [COSTCO.store, COSTCO.businessCenter, COSTCO.japan] },
    };
    const merchants = importNsi(nsi, {}, TAG_RULES, { Q715583: COSTCO.wikidata });
    expect([...merchants.values()]).toEqual([
      merchant('costco', {
        name: 'Costco',
        mcc: '5300',
        domains: ['costco.com'],
        sourceRef: 'Q715583',
        tier: RANK_TIERS.nationalBrand,
        // Breadth counts every entry, the Japanese one too.
        ...{ itemCount: 5, areaCount: 12, siteCount: 4, slugSuffix: 'wholesale' },
      }),
    ]);
  });

  it('leaves out a brand NSI marks dissolved before the import date', () => {
    const nsi = { 'brands/shop/wholesale': { items: [COSTCO.store] } };
    expect(importNsi(nsi, { 'costco-69a5bf': [{ date: '2020-01-31' }] }, TAG_RULES, {}).size).toBe(0);
  });
});

describe('MCC mapping', () => {
  it('takes the most specific tag rule', () => {
    expect(matchTagRule(TAG_RULES, 'shop', 'clothes', { clothes: 'women' })?.mcc).toBe('5621');
    expect(matchTagRule(TAG_RULES, 'shop', 'clothes', { clothes: 'underwear' })?.mcc).toBe('5651');
    expect(matchTagRule(TAG_RULES, 'shop', 'wholesale', {})?.mcc).toBe('5300');
    expect(matchTagRule(TAG_RULES, 'amenity', 'bank', {})).toBeUndefined();
  });

  const MCC_CODES = new Set(['5300', '5310', '5311', '5411', '5942']);
  const override = (slug: string, field: string, value: string) => ({ slug, field, value, reason: 'merchant-overrides.csv' });

  it('applies the overrides of the known traps: superstores 5310, warehouse clubs 5300', () => {
    const bySlug = new Map(['target', 'walmart', 'sams-club'].map((slug) => [slug, merchant(slug, { mcc: '5311' })]));
    const rows = [override('target', 'mcc', '5310'), override('walmart', 'mcc', '5310'), override('sams-club', 'mcc', '5300')];
    const out = applyOverrides(bySlug, rows, MCC_CODES);
    expect([...out.values()].map((m) => `${m.slug} ${m.mcc}`)).toEqual(['sams-club 5300', 'target 5310', 'walmart 5310']);
  });

  it('renames, re-slugs and excludes by the slug before overrides', () => {
    const bySlug = new Map(['atandt', 'walmart-fuel', 'rite-aid'].map((slug) => [slug, merchant(slug)]));
    const rows = [
      override('atandt', 'slug', 'att'),
      override('walmart-fuel', 'name', 'Walmart Fuel Station'),
      override('rite-aid', 'exclude', ''),
    ];
    expect([...applyOverrides(bySlug, rows, MCC_CODES).keys()]).toEqual(['att', 'walmart-fuel-station']);
  });

  it('refuses an unknown MCC, an unknown merchant and a row without a reason', () => {
    const bySlug = new Map([['costco', merchant('costco')]]);
    expect(() => applyOverrides(bySlug, [override('costco', 'mcc', '9999')], MCC_CODES)).toThrow('unknown MCC 9999');
    expect(() => applyOverrides(bySlug, [override('costko', 'mcc', '5300')], MCC_CODES)).toThrow('no merchant costko');
    expect(() => applyOverrides(bySlug, [{ ...override('costco', 'mcc', '5300'), reason: '' }], MCC_CODES)).toThrow('has no reason');
  });

  it('reads Amazon from the main curated file as 5942, hand-ranked; a later file cannot curate it again', () => {
    const amazon = { ...AMAZON_CURATED_ROW, as_of: '' };
    const files = [
      { file: 'curated-merchants-online.csv', rows: [{ ...amazon, mcc: '5411', rank_hint: '' }] },
      { file: 'curated-merchants.csv', rows: [amazon] },
    ];
    const { merchants, skipped } = importCurated(files, MCC_CODES);
    expect(merchants.map((m) => [m.slug, m.mcc, m.rankHint, m.tier, m.explicitDomains, m.asOf])).toEqual([
      ['amazon', '5942', 1, RANK_TIERS.curatedHead, true, IMPORT_DATE],
    ]);
    expect(skipped).toEqual(['curated-merchants-online.csv: amazon already curated, skipped']);
  });
});

describe('scripts/import-merchants/main.ts', () => {
  it('runs nothing when imported', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const entry = await import('../scripts/import-merchants/main.ts');
    expect(typeof entry.main).toBe('function');
    expect(log).not.toHaveBeenCalled();
    log.mockRestore();
  });
});

describe('dataset/sources/curated-merchants-portals.csv', () => {
  const read = (file: string) => parse(readFileSync(join(ROOT, file)), { columns: true }) as Record<string, string>[];
  const rows = read('dataset/sources/curated-merchants-portals.csv');
  const mccCodes = new Set(read('dataset/mcc.csv').map((row) => row['code']));

  it('gives every portal store a dated source, a noted MCC basis and a domain only when one is known', () => {
    expect(rows.length).toBeGreaterThan(1000);
    for (const row of rows) {
      expect(row['source_ref'], row['slug']).toMatch(/^https:\/\//);
      expect(row['as_of'], row['slug']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(row['note'], row['slug']).toMatch(/^category standard \(.+\)/);
      expect(mccCodes.has(row['mcc']), row['slug']).toBe(true);
      expect(row['domains'], row['slug']).toMatch(/^([a-z0-9-]+(\.[a-z0-9-]+)+)?$/);
    }
    // A store's page on GitHub is the source of the stores read from the portals' saved pages.
    const fromPortalPages = rows.filter((row) => row['source_ref']!.startsWith('https://github.com/'));
    expect(fromPortalPages.length).toBe(rows.length - 2);
  });
});
