/** The one search of the home page, the widget and MCP (schemas/search-match.ts), on small indexes. */
import { describe, expect, it } from 'vitest';
import type { SearchEntry } from '../schemas/documents.ts';
import { isStaticRecordEntry, queryHost, type SearchTarget, searchEntries, searchText } from '../schemas/search-match.ts';

const mcc = (code: string, name: string): SearchEntry => ({ type: 'mcc', code, name, category_group: 'g', path: `/api/mcc/${code}.json` });
const merchant = (slug: string, name: string, rank: number): SearchEntry => ({
  type: 'merchant',
  slug,
  name,
  mcc_code: '5411',
  rank,
  path: `/api/merchant/${slug}.json`,
});

const INDEX: SearchEntry[] = [
  mcc('5411', 'Grocery Stores, Supermarkets'),
  mcc('5412', 'Grocery Outlets'),
  mcc('0742', 'Veterinary Services'),
  mcc('7420', 'Grocery Wholesale'),
  merchant('market-basket', 'Market Basket', 40),
  merchant('whole-foods-market', 'Whole Foods Market', 3),
  merchant('grocery', 'Grocery', 90),
];

const names = (query: string) => searchEntries(INDEX, query).map((entry) => entry.name);

describe('searchEntries', () => {
  it('puts the exact name first, then names that start with the query, then the rest; merchants by rank before codes', () => {
    expect(names('  GROCERY ')).toEqual(['Grocery', 'Grocery Stores, Supermarkets', 'Grocery Outlets', 'Grocery Wholesale']);
    expect(names('market')).toEqual(['Market Basket', 'Whole Foods Market', 'Grocery Stores, Supermarkets']);
  });

  it('reads up to four digits as a code: the zero-padded code itself first, then the codes that start with them', () => {
    expect(searchEntries(INDEX, '742').map((entry) => (entry.type === 'mcc' ? entry.code : entry.slug))).toEqual(['0742', '7420']);
    expect(searchEntries(INDEX, '541').map((entry) => (entry.type === 'mcc' ? entry.code : entry.slug))).toEqual(['5411', '5412']);
  });

  it('finds nothing for an empty query or one nothing contains', () => {
    expect(names('   ')).toEqual([]);
    expect(names('zzz')).toEqual([]);
  });
});

describe('searchEntries with the vocabulary, domains, categories and cards', () => {
  type Target = SearchTarget & { readonly id: string };
  const entries: Target[] = [
    { id: '4900', type: 'mcc', code: '4900', name: 'Electric, Gas, Sanitary and Water Utilities', terms: ['gas bill', 'utilities'] },
    { id: '5541', type: 'mcc', code: '5541', name: 'Service Stations (with or without ancillary services)', terms: ['gas', 'gas station'] },
    { id: '5542', type: 'mcc', code: '5542', name: 'Automated Fuel Dispensers', terms: ['gas', 'gas station'] },
    { id: '3502', type: 'mcc', code: '3502', name: 'Best Western Hotels' },
    { id: '7011', type: 'mcc', code: '7011', name: 'Lodging – Hotels, Motels, Resorts', terms: ['hotel', 'hotels'] },
    { id: 'gas', type: 'category', slug: 'gas', name: 'Gas stations', terms: ['gas', 'gas station'] },
    { id: 'pge', type: 'merchant', slug: 'pacific-gas-and-electric', name: 'Pacific Gas & Electric', rank: 50, domains: ['pge.com'] },
    { id: 'walmart', type: 'merchant', slug: 'walmart', name: 'Walmart', rank: 2, domains: ['walmart.com'] },
    { id: 'costco', type: 'merchant', slug: 'costco', name: 'Costco', rank: 4, domains: ['costco.com'] },
    { id: 'costco-gas', type: 'merchant', slug: 'costco-gas', name: 'Costco Gas', rank: 3625, terms: ['costco gas'] },
    { id: 'lowes', type: 'merchant', slug: 'lowes', name: "Lowe's", rank: 30, domains: ['lowes.com'] },
    { id: 'amex-business-gold', type: 'card', slug: 'amex-business-gold', name: 'American Express® Business Gold Card' },
    { id: 'amex-gold', type: 'card', slug: 'amex-gold', name: 'American Express® Gold Card', issuer: 'American Express' },
  ];
  const ids = (query: string) => searchEntries(entries, query).map((entry) => entry.id);

  it('ranks what a vocabulary word names first: merchants, then codes in order, then categories; a name that merely contains it after', () => {
    expect(ids('gas')).toEqual(['5541', '5542', 'gas', '4900', 'pge', 'costco-gas']);
    expect(ids('Gas Station')).toEqual(['5541', '5542', 'gas']);
    expect(ids('hotel')[0]).toBe('7011');
    expect(ids('hotel')).toEqual(['7011', '3502']);
  });

  it('finds a merchant by its web address: a scheme, www., a path, upper case, a subdomain', () => {
    expect(ids('https://www.walmart.com/ip/123')).toEqual(['walmart']);
    expect(ids('WWW.COSTCO.COM')).toEqual(['costco']);
    expect(ids('grocery.walmart.com/x?y=1')).toEqual(['walmart']);
    // A host no merchant owns is searched by its name.
    expect(ids('walmart.ca')).toEqual(['walmart']);
    expect(queryHost('costco gas')).toBeUndefined();
  });

  it('matches names as slugs are made (apostrophes, &, case) and every word of a query in any order', () => {
    expect(ids('lowes')).toEqual(['lowes']);
    expect(ids('pacific gas and electric')).toEqual(['pge']);
    expect(ids('costco gas')).toEqual(['costco-gas']);
    // Among cards, the shorter name is more of a match: the Gold Card before the Business Gold Card.
    expect(ids('gold amex')).toEqual(['amex-gold', 'amex-business-gold']);
    expect(searchText("Lowe's & Co — Café")).toBe('lowes and co cafe');
  });

  it('tells static records from keyed ones by their path', () => {
    expect(isStaticRecordEntry({ type: 'merchant', path: '/api/merchant/costco.json' })).toBe(true);
    expect(isStaticRecordEntry({ type: 'merchant', path: '/api/merchants/costco-gas' })).toBe(false);
    expect(isStaticRecordEntry({ type: 'category', path: '/api/categories/gas' })).toBe(false);
  });
});
