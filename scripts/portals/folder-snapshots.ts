/**
 * Lists the snapshots of a sources folder: an `index.csv` (portal, format, observed_on, file,
 * source) beside the saved files. A scheduled job that saves fresh store lists writes one line per
 * file; the test fixtures use the same layout.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { isFormat, type Snapshot } from './snapshot.ts';

interface IndexRow {
  readonly portal: string;
  readonly format: string;
  readonly observed_on: string;
  readonly file: string;
  readonly source: string;
}

/** The snapshots listed in `folder/index.csv`. */
export function folderSnapshots(folder: string): Snapshot[] {
  const rows = parse(readFileSync(join(folder, 'index.csv'), 'utf8'), { columns: true, skip_empty_lines: true }) as IndexRow[];
  return rows.map((row, index) => {
    if (!isFormat(row.format)) throw new Error(`${folder}/index.csv:${index + 2}: unknown format ${row.format}`);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(row.observed_on)) throw new Error(`${folder}/index.csv:${index + 2}: observed_on is not YYYY-MM-DD`);
    return {
      portal: row.portal,
      format: row.format,
      observedOn: row.observed_on,
      source: row.source,
      read: () => readFileSync(join(folder, row.file), 'utf8'),
    };
  });
}
