/** The portal importer on real store entries in the portals' own formats (test/fixtures/portal-sources); the git repository and the npm script are in import-portals-process.test.ts. */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { folderSnapshots } from '../scripts/portals/folder-snapshots.ts';
import { trakstrDay } from '../scripts/portals/known-layouts.ts';
import { createStoreMatcher } from '../scripts/portals/match-stores.ts';
import type { StoreObservation } from '../scripts/portals/observation.ts';
import { parseSnapshot } from '../scripts/portals/snapshot.ts';
import { addDays, lowerMedian, summariseRates } from '../scripts/portals/summarise-rates.ts';
import { ROOT } from './helpers/cli.ts';

const SOURCES = join(ROOT, 'test/fixtures/portal-sources');

const snapshots = folderSnapshots(SOURCES);
const parsed = (portal: string, day: string) => {
  const snapshot = snapshots.find((s) => s.portal === portal && s.observedOn === day);
  if (!snapshot) throw new Error(`no fixture snapshot ${portal} ${day}`);
  return parseSnapshot(snapshot);
};
const byName = (observations: readonly StoreObservation[], name: string) => observations.filter((o) => o.storeName === name);

describe('parsers of the portals own formats', () => {
  it('reads a Cartera store list: the bonus value when one runs, each store once, flat miles as flat', () => {
    const { observations } = parsed('mileageplus-shopping', '2018-02-27');
    // Macys.com shows "was 2, now 3 miles/$": the new value is what the page offered that day.
    expect(byName(observations, 'Macys.com')).toMatchObject([{ rate: 3, unit: 'miles_per_dollar', upTo: false }]);
    // 1-800 CONTACTS is listed twice on the page: one observation.
    expect(byName(observations, '1-800 CONTACTS')).toHaveLength(1);
    expect(byName(observations, "Barron's")).toMatchObject([{ rate: 250, unit: 'miles_flat' }]);
    expect(byName(observations, 'Barnes & Noble')).toHaveLength(1);
    const southwest = parsed('rapid-rewards-shopping', '2018-02-27').observations;
    expect(byName(southwest, 'Macys.com')).toMatchObject([{ rate: 4, unit: 'points_per_dollar' }]);
    expect(byName(southwest, 'MacMall')).toMatchObject([{ rate: 1, unit: 'points_per_dollar' }]);
  });

  it("reads Rakuten's store list: the rate, not the old 'was' rate; 'Up to'; dollars; the store's domain; no-rate entries kept for the report", () => {
    const { observations, skipped } = parsed('rakuten', '2018-02-27');
    expect(byName(observations, 'Aldo Shoes')).toMatchObject([{ rate: 7, unit: 'percent', upTo: false }]);
    expect(byName(observations, 'Acronis')).toMatchObject([{ rate: 17.5, unit: 'percent', upTo: true }]);
    expect(byName(observations, 'ABCmouse.com')).toMatchObject([{ rate: 2, unit: 'usd_flat' }]);
    expect(byName(observations, "Macy's")).toMatchObject([{ rate: 3, storeDomain: 'macys.com' }]);
    expect(skipped.map((s) => [s.storeName, s.reason]).sort()).toEqual([
      ["A'GACI", 'no discount'],
      ['AccuQuilt', 'coupons only'],
      ['Claim Jumper', 'in-store only'],
    ]);
  });

  it("reads Rakuten's current store tiles, TopCashback's category page and BeFrugal's store index", () => {
    const rakuten = parsed('rakuten', '2026-04-14').observations;
    // Factor shows "Up to $50 Cash Back" beside "was $15": the raised amount is the rate.
    expect(byName(rakuten, 'Factor')).toMatchObject([{ rate: 50, unit: 'usd_flat', upTo: true, storeDomain: null }]);
    expect(byName(rakuten, "Macy's")).toMatchObject([{ rate: 4, unit: 'percent', upTo: false }]);
    const topcashback = parsed('topcashback', '2026-04-14').observations;
    // Walmart is also in the page's menu of featured stores: read once, from the list.
    expect(topcashback.map((o) => [o.storeName, o.rate, o.unit, o.upTo])).toEqual([
      ['eBay', 1.5, 'percent', true],
      ['Walmart', 8, 'percent', true],
    ]);
    const befrugal = parsed('befrugal', '2026-04-14').observations;
    expect(befrugal.map((o) => [o.storeName, o.rate, o.upTo])).toEqual([
      ['Best Buy', 4, true],
      ['Staples', 9, false],
    ]);
  });

  it('reads trakstr scrapes, the hand-edited JavaScript literal too, and undoes what it can of the decimal misread', () => {
    const { observations, skipped } = parsed('mileageplus-shopping', '2023-04-14');
    // "5" with a singular unit can only have been "0.5 mile/$".
    expect(byName(observations, "BJ's Wholesale Club")).toMatchObject([{ rate: 0.5, atLeast: null }]);
    // "5" with a plural unit was 5 or any n.5 from 1.5: unknown, at least 1.5.
    expect(byName(observations, 'Canva')).toMatchObject([{ rate: null, atLeast: 1.5 }]);
    expect(byName(observations, 'Macys.com')).toMatchObject([{ rate: 6, unit: 'miles_per_dollar' }]);
    expect(byName(observations, 'ABCmouse.com')).toMatchObject([{ rate: 100, unit: 'miles_flat' }]);
    expect(skipped.map((s) => [s.storeName, s.reason]).sort()).toEqual([
      ['ASICS', 'in-store only'],
      ['Target.com', 'no rate shown'],
    ]);
  });

  it('dates trakstr files by their scrape time in UTC, from either file name', () => {
    expect(trakstrDay('initial-data/united-1682944304.json')).toBe('2023-05-01');
    // 23:30 in Chicago on Feb 22 is already Feb 23 in UTC.
    expect(trakstrDay('initial-data/unitedData - Wed Feb 22 2023 23:30:25 GMT-0600 (Central Standard Time).json')).toBe('2023-02-23');
    expect(trakstrDay('initial-data/notes.json')).toBeNull();
  });
});

describe('summarising observations', () => {
  const observation = (day: string, rate: number | null, unit: StoreObservation['unit'] = 'miles_per_dollar'): StoreObservation => ({
    portal: 'mileageplus-shopping',
    storeName: 'Store',
    storeDomain: null,
    rate,
    atLeast: rate === null ? 1.5 : null,
    unit,
    upTo: false,
    observedOn: day,
    source: `scrape ${day}`,
  });
  const daily = (rates: readonly (number | null)[]) => rates.map((rate, index) => observation(addDays('2023-03-01', index), rate));

  it('keeps the latest published rate when a store was seen on a few days only', () => {
    expect(summariseRates('store', daily([2, 2, 8]))).toMatchObject({
      rate: 8,
      basis: 'published',
      observedOn: '2023-03-03',
      windowFrom: null,
      observations: 1,
    });
  });

  it('gives the median of daily rates as typical, with its window, once a store was seen on 14 days', () => {
    const rates = [2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 10, 10, 10, 10];
    expect(summariseRates('store', daily(rates))).toMatchObject({
      rate: 2,
      basis: 'typical',
      windowFrom: '2023-03-01',
      windowTo: '2023-03-14',
      observedOn: '2023-03-14',
      observations: 14,
    });
  });

  it('counts a misread value only when it cannot change the median', () => {
    // 9 readable 1s and 5 unknowns (≥ 1.5): the lower median is 1 however high the unknowns are.
    expect(lowerMedian(daily([1, 1, 1, 1, 1, 1, 1, 1, 1, null, null, null, null, null]))).toBe(1);
    // 8 unknowns out of 14 decide the median: no typical rate; the latest readable one is published instead.
    const undecided = daily([1, 1, 1, 1, 1, 1, null, null, null, null, null, null, null, null]);
    expect(lowerMedian(undecided)).toBeNull();
    expect(summariseRates('store', undecided)).toMatchObject({ rate: 1, basis: 'published', observedOn: '2023-03-06' });
    // Nothing readable at all: no rate, and the caller reports the store.
    expect(summariseRates('store', daily([null, null]))).not.toHaveProperty('rate');
  });
});

describe('matching stores to merchants', () => {
  const merchants = [
    { slug: 'macys', name: "Macy's", domains: ['macys.com'] },
    { slug: 'puma', name: 'Puma', domains: ['puma.com'] },
    { slug: 'puma-fuel', name: 'Puma', domains: [] },
    { slug: 'alamo', name: 'Alamo', domains: ['alamo.com'] },
    { slug: 'the-tile-shop', name: 'The Tile Shop', domains: ['tileshop.com'] },
    { slug: 'academy', name: 'Academy Sports + Outdoors', domains: ['academy.com'] },
    { slug: 'espn', name: 'ESPN', domains: ['espn.com'] },
  ];
  const match = createStoreMatcher(merchants, [
    { portal: '', storeName: 'Tile', merchant: '', reason: 'the tracker maker' },
    { portal: 'rakuten', storeName: 'PUMA', merchant: 'puma', reason: 'the sportswear brand' },
  ]);
  const store = (storeName: string, storeDomain: string | null = null, portal = 'mileageplus-shopping') => ({
    portal,
    storeName,
    storeDomain,
  });

  it('matches by domain first, then by the normalised name, then without qualifiers', () => {
    expect(match(store('Anything', 'macys.com'))).toEqual({ kind: 'matched', merchant: 'macys', by: 'domain' });
    expect(match(store('Macys.com'))).toEqual({ kind: 'matched', merchant: 'macys', by: 'domain' });
    expect(match(store('MACY’S'))).toEqual({ kind: 'matched', merchant: 'macys', by: 'name' });
    expect(match(store('Alamo Rent A Car'))).toEqual({ kind: 'matched', merchant: 'alamo', by: 'name' });
    expect(match(store('Alamo Rent-A-Car'))).toEqual({ kind: 'matched', merchant: 'alamo', by: 'name' });
    expect(match(store('Alamo - US'))).toEqual({ kind: 'matched', merchant: 'alamo', by: 'name' });
    expect(match(store('Alamo, Inc.'))).toEqual({ kind: 'matched', merchant: 'alamo', by: 'name' });
    expect(match(store('Academy Sports & Outdoors'))).toEqual({ kind: 'matched', merchant: 'academy', by: 'name' });
    // A "+" glued to a name is a product (ESPN+), not "and".
    expect(match(store('ESPN+'))).toEqual({ kind: 'matched', merchant: 'espn', by: 'name' });
    expect(match(store('Alamo Drafthouse'))).toEqual({ kind: 'unmatched' });
  });

  it('follows the reviewed exceptions, per portal or for all, and never guesses between two merchants', () => {
    expect(match(store('Tile'))).toEqual({ kind: 'excluded', reason: 'the tracker maker' });
    expect(match(store('PUMA', null, 'rakuten'))).toEqual({ kind: 'matched', merchant: 'puma', by: 'exception' });
    expect(match(store('PUMA'))).toEqual({ kind: 'ambiguous', candidates: ['puma', 'puma-fuel'] });
    expect(match(store('A Pea in the Pod', 'apeainthepod.com'))).toEqual({ kind: 'unmatched' });
    expect(() => createStoreMatcher(merchants, [{ portal: '', storeName: 'X', merchant: 'nobody', reason: '' }])).toThrow(
      /unknown merchant/,
    );
  });
});
