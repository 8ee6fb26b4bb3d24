/** A saved page or scrape to import, wherever it is stored. */
import type { ParsedSnapshot, SnapshotContext } from './observation.ts';
import { parseBefrugalStoreIndex } from './parse-befrugal-store-index.ts';
import { parseCarteraStoreList } from './parse-cartera-store-list.ts';
import { parseRakutenStoreList } from './parse-rakuten-store-list.ts';
import { parseRakutenStoreTiles } from './parse-rakuten-store-tiles.ts';
import { parseTopCashbackCategory } from './parse-topcashback-category.ts';
import { parseTrakstrScrape } from './parse-trakstr-scrape.ts';

/** The formats the importer reads. */
export const FORMATS = {
  'cartera-store-list': parseCarteraStoreList,
  'rakuten-store-list': parseRakutenStoreList,
  'rakuten-store-tiles': parseRakutenStoreTiles,
  'topcashback-category': parseTopCashbackCategory,
  'befrugal-store-index': parseBefrugalStoreIndex,
  'trakstr-json': parseTrakstrScrape,
} as const satisfies Record<string, (text: string, context: SnapshotContext) => ParsedSnapshot>;

export type SnapshotFormat = keyof typeof FORMATS;

/** True for a format name the importer knows. */
export function isFormat(name: string): name is SnapshotFormat {
  return Object.hasOwn(FORMATS, name);
}

/** One snapshot: where it is cited from, and how to read its bytes. */
export interface Snapshot extends SnapshotContext {
  readonly format: SnapshotFormat;
  readonly read: () => string;
}

/** Parses a snapshot with its format's parser. */
export function parseSnapshot(snapshot: Snapshot): ParsedSnapshot {
  return FORMATS[snapshot.format](snapshot.read(), snapshot);
}
