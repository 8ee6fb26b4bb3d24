/** The search the home page and the widget share (schemas/search-match.ts), on a small index. */
import { describe, expect, it } from 'vitest';
import type { SearchEntry } from '../schemas/documents.ts';
import { searchEntries } from '../schemas/search-match.ts';

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
