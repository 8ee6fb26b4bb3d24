/** The downloadable dataset: which files it holds, in what order, under what names, and its digest. */
import { createHash } from 'node:crypto';
import { datasetDate } from '../../dataset/dataset-date.ts';
import type { Model } from '../../engine/model.ts';
import { DATASET_LICENSE, DATASET_README } from '../../dataset/read-dataset.ts';
import { tables, type TableDefinition } from '../../dataset/tables.ts';
import type { ZipEntry } from './zip.ts';

/** The dataset's own date (latest `as_of`), which names the download files. */
export function downloadDate(model: Model): string {
  return datasetDate(model.dataset);
}

/** Tree paths and file names of the two downloads. */
export function downloadFiles(model: Model): { zip: string; sqlite: string } {
  const stem = `cardrewards-dataset-${downloadDate(model)}`;
  return { zip: `/download/${stem}.zip`, sqlite: `/download/${stem}.sqlite` };
}

/** The archive's entries: README, LICENSE, then every CSV in table order, as read, inside one folder. */
export function datasetEntries(model: Model): ZipEntry[] {
  const folder = `cardrewards-dataset-${downloadDate(model)}`;
  const entries: ZipEntry[] = [];
  for (const file of [DATASET_README, DATASET_LICENSE, ...tables.map((t) => t.file)]) {
    const text = model.sources.get(file);
    if (text !== undefined) entries.push({ name: `${folder}/${file}`, bytes: Buffer.from(text, 'utf8') });
  }
  return entries;
}

const digests = new WeakMap<Model, string>();

/**
 * SHA-256 of the dataset's files (names and bytes), shortened. The stats page shows it rather than
 * the build id, which is a hash of every answer (this page included) and so cannot appear in one;
 * only the change history's files, written after the answers, name it.
 */
export function datasetDigest(model: Model): string {
  let digest = digests.get(model);
  if (digest === undefined) {
    const hash = createHash('sha256');
    for (const entry of datasetEntries(model)) hash.update(`${entry.name}\u0000${entry.bytes.length}\u0000`).update(entry.bytes);
    digest = hash.digest('hex').slice(0, 16);
    digests.set(model, digest);
  }
  return digest;
}

/** Rows per table, in table order. */
export function rowCounts(model: Model): { table: TableDefinition; rows: number }[] {
  return tables.map((table) => ({ table, rows: model.dataset[table.name].length }));
}
