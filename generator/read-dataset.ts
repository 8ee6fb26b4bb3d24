/** Reads the dataset's CSV files from a folder: the generator's only disk input. */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { DatasetSources } from './load-dataset.ts';
import { GeneratorError } from './errors.ts';
import { tables } from './tables.ts';

/** Every table's text by file name, `undefined` for files that do not exist. */
export function readDataset(dir: string): DatasetSources {
  // A mistyped --dataset is a usage error, not a dataset with every table missing.
  if (!statSync(dir, { throwIfNoEntry: false })?.isDirectory()) {
    throw new GeneratorError('ERR_DATASET_READ', `no dataset folder at ${dir}; expected a folder of CSV files such as dataset/`);
  }
  const sources = new Map<string, string | undefined>();
  for (const table of tables) {
    try {
      sources.set(table.file, readFileSync(join(dir, table.file), 'utf8'));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
        throw new GeneratorError('ERR_DATASET_READ', `cannot read ${join(dir, table.file)}: ${(error as Error).message}`, { cause: error });
      }
      sources.set(table.file, undefined);
    }
  }
  return sources;
}
