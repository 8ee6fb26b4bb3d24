/**
 * Where the public repositories we import from keep their saved pages, and what each is: the
 * portal, the format, the page it saves, and how its observation day is known.
 */
import type { SnapshotFormat } from './snapshot.ts';

/** How a file's observation day is found. */
export type DayRule = 'author-date' | 'trakstr-file-name' | 'stated';

/** A family of files in one repository. */
export interface Layout {
  /** Matched against the path inside the repository. */
  readonly path: RegExp;
  readonly portal: string;
  readonly format: SnapshotFormat;
  /** The page the file is a copy of, quoted in `source`. */
  readonly page: string;
  readonly day: DayRule;
  /** For `stated`: the capture day the repository itself gives for the file. */
  readonly statedDay?: string;
}

/** Layouts by repository (`owner/name`). */
export const KNOWN_LAYOUTS: Readonly<Record<string, readonly Layout[]>> = {
  // Hand-saved "all stores" pages, committed 2017-12 … 2018-02; the commit date is the only date.
  'hdg-utd/Myles': [
    cartera(/American_Airlines\/american_airlines\.html$/, 'aadvantage-eshopping', 'https://www.aadvantageeshopping.com/b____.htm'),
    cartera(/United_Airlines\/united_airlines\.html$/, 'mileageplus-shopping', 'https://shopping.mileageplus.com/b____.htm'),
    cartera(
      /Southwest_Airlines\/southwest_airlines\.html$/,
      'rapid-rewards-shopping',
      'https://rapidrewardsshopping.southwest.com/b____.htm',
    ),
    cartera(/Delta_Airlines\/delta_airlines\.html$/, 'skymiles-shopping', 'https://www.skymilesshopping.com/b____.htm'),
    {
      path: /^Ebates\/ebates\.html$/,
      portal: 'rakuten',
      format: 'rakuten-store-list',
      page: 'https://www.ebates.com/stores/all/index.htm',
      day: 'author-date',
    },
  ],
  // Daily headless-browser scrapes, 2023-02-22 … 2023-05-01; the scrape time is in the file name.
  'jakeguillory/trakstr-scraper': [
    {
      path: /(^|\/)united(Data)?[- ][^/]*\.json$/,
      portal: 'mileageplus-shopping',
      format: 'trakstr-json',
      page: 'https://shopping.mileageplus.com/b____.htm',
      day: 'trakstr-file-name',
    },
  ],
  // Test fixtures of a price-comparison app: three portal pages fetched live on 2026-04-14 (the
  // day its CHANGELOG gives; committed on 2026-04-15), trimmed by its author to a few dozen stores.
  'THHUnlimted/barkain': [
    barkain('rakuten.html', 'rakuten', 'rakuten-store-tiles', 'https://www.rakuten.com/stores'),
    barkain('topcashback.html', 'topcashback', 'topcashback-category', 'https://www.topcashback.com/category/big-box-brands/'),
    barkain('befrugal.html', 'befrugal', 'befrugal-store-index', 'https://www.befrugal.com/coupons/stores/'),
  ],
};

function barkain(file: string, portal: string, format: SnapshotFormat, page: string): Layout {
  const path = new RegExp(`^backend/tests/fixtures/portal_rates/${file.replace('.', '\\.')}$`);
  return { path, portal, format, page, day: 'stated', statedDay: '2026-04-14' };
}

function cartera(path: RegExp, portal: string, page: string): Layout {
  return { path, portal, format: 'cartera-store-list', page, day: 'author-date' };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * The UTC day of a trakstr scrape from its file name: `united-<epoch seconds>.json` or
 * `unitedData - Mon Apr 17 2023 07:00:28 GMT-0500 (…).json`; null when the name has neither.
 */
export function trakstrDay(path: string): string | null {
  const epoch = /united-(\d{9,11})\.json$/.exec(path);
  if (epoch) return new Date(Number(epoch[1]) * 1000).toISOString().slice(0, 10);
  const written = /(\w{3}) (\d{2}) (\d{4}) (\d{2}):(\d{2}):(\d{2}) GMT([+-])(\d{2})(\d{2})/.exec(path);
  if (!written) return null;
  const [, month, day, year, hours, minutes, seconds, sign, offsetHours, offsetMinutes] = written;
  const monthIndex = MONTHS.indexOf(month!);
  if (monthIndex < 0) return null;
  const offset = (sign === '-' ? -1 : 1) * (Number(offsetHours) * 60 + Number(offsetMinutes));
  const utc = Date.UTC(Number(year), monthIndex, Number(day), Number(hours), Number(minutes) - offset, Number(seconds));
  return new Date(utc).toISOString().slice(0, 10);
}
