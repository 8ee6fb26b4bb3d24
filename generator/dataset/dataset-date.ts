/** The dataset's own date, so output never depends on the clock. */
import { latestDate } from '../internal/dates.ts';
import type { Dataset } from './load-dataset.ts';

/** The latest `as_of` of any row. */
export function datasetDate(dataset: Dataset): string {
  const dates: string[] = [];
  for (const table of Object.values(dataset) as readonly { row: { as_of?: string } }[][]) {
    for (const { row } of table) if (row.as_of) dates.push(row.as_of);
  }
  return latestDate(dates, '1970-01-01');
}
