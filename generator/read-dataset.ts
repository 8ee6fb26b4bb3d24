/** Reads the dataset's files from a folder: the generator's only disk input. */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { DatasetSources } from './load-dataset.ts';
import { GeneratorError } from './errors.ts';
import { packageRoot } from '../tree/package-info.ts';
import { tables } from './tables.ts';

/** The documents that travel with the CSV files in the download. */
export const DATASET_README = 'README.md';
export const DATASET_LICENSE = 'LICENSE';

/**
 * Every table's text by file name, plus README.md and LICENSE; `undefined` for files that do not
 * exist. Without a LICENSE of its own the dataset gets the package's, which covers the compilation.
 */
export function readDataset(dir: string): DatasetSources {
  // A mistyped --dataset is a usage error, not a dataset with every table missing.
  if (!statSync(dir, { throwIfNoEntry: false })?.isDirectory()) {
    throw new GeneratorError('ERR_DATASET_READ', `no dataset folder at ${dir}; expected a folder of CSV files such as dataset/`);
  }
  const sources = new Map<string, string | undefined>();
  for (const file of [...tables.map((table) => table.file), DATASET_README]) sources.set(file, readOptional(join(dir, file)));
  sources.set(DATASET_LICENSE, readOptional(join(dir, DATASET_LICENSE)) ?? readOptional(join(packageRoot(), DATASET_LICENSE)));
  return sources;
}

/** The largest file the dataset may hold (docs/input-limits.md): a bigger one is refused before it is read into memory. */
export const MAX_FILE_BYTES = 256 * 1024 * 1024;

function readOptional(path: string): string | undefined {
  try {
    const size = statSync(path, { throwIfNoEntry: false })?.size ?? 0;
    if (size > MAX_FILE_BYTES) {
      throw new GeneratorError(
        'ERR_DATASET_READ',
        `${path} is ${size.toLocaleString('en-US')} bytes; a dataset file may be at most ${MAX_FILE_BYTES.toLocaleString('en-US')} (docs/input-limits.md)`,
      );
    }
    return readFileSync(path, 'utf8');
  } catch (error) {
    if (error instanceof GeneratorError) throw error;
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new GeneratorError('ERR_DATASET_READ', `cannot read ${path}: ${(error as Error).message}`, { cause: error });
    }
    return undefined;
  }
}
