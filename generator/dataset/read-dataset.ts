/**
 * Reads the dataset's files from a folder: the generator's only disk input. It reads regular files
 * of that folder and nothing else: a file that is a link (wherever it points), a folder, a device,
 * a FIFO or a socket is refused before any byte of it is read (docs/input-limits.md, "Files").
 */
import { realpathSync, statSync } from 'node:fs';
import { type Problem, sortProblems } from '../dataset-problems.ts';
import { GeneratorError } from '../errors.ts';
import { type FolderFile, inspectFile, readInspected } from '../internal/read-regular-file.ts';
import { displayFile, type DatasetSources } from './load-dataset.ts';
import { packageRoot } from '../../tree/package-info.ts';
import { tables } from './tables.ts';

/** The documents that travel with the CSV files in the download. */
export const DATASET_README = 'README.md';
export const DATASET_LICENSE = 'LICENSE';
/** Both documents, in the download's order. */
export const DATASET_DOCUMENTS: readonly string[] = [DATASET_README, DATASET_LICENSE];

/** The largest file the dataset may hold (docs/input-limits.md): a bigger one is refused before it is read into memory. */
export const MAX_FILE_BYTES = 256 * 1024 * 1024;

/** A dataset folder's files, or the files it holds that are not regular files (nothing was read then). */
export type DatasetRead = { readonly ok: true; readonly sources: DatasetSources } | { readonly ok: false; readonly problems: Problem[] };

/**
 * Every table's text by file name, plus README.md and LICENSE; `undefined` for files that do not
 * exist. Without a LICENSE of its own the dataset gets the package's, which covers the compilation.
 * When any of the files is not a regular file of the folder, none is read and each such file is a
 * problem; `displayDir` prefixes their names (`dataset/README.md`).
 */
export function readDatasetFolder(dir: string, displayDir = dir): DatasetRead {
  // A mistyped --dataset is a usage error, not a dataset with every table missing.
  if (!statSync(dir, { throwIfNoEntry: false })?.isDirectory()) {
    throw new GeneratorError('ERR_DATASET_READ', `no dataset folder at ${dir}; expected a folder of CSV files such as dataset/`);
  }
  // The folder itself may be a link (the user chose it): resolved once, so every file is read from the one real folder.
  const folder = realpathSync(dir);
  const names = [...tables.map((table) => table.file), ...DATASET_DOCUMENTS];
  const inspected = new Map<string, FolderFile | undefined>(names.map((name) => [name, inspectFile(folder, name)]));
  const problems = [...inspected].flatMap(([name, file]) => (file?.refused ? [refusal(displayDir, name, file.refused)] : []));
  if (problems.length > 0) return { ok: false, problems: sortProblems(problems) };

  const sources = new Map<string, string | undefined>();
  for (const [name, file] of inspected) {
    const read = file === undefined ? undefined : readInspected(file, MAX_FILE_BYTES);
    // A file swapped for a link or a device between the look and the read is refused as well, still unread.
    if (read?.refused) return { ok: false, problems: [refusal(displayDir, name, read.refused)] };
    sources.set(name, read?.text);
  }
  if (sources.get(DATASET_LICENSE) === undefined) sources.set(DATASET_LICENSE, readPackageLicense());
  return { ok: true, sources };
}

/** The sources of a dataset folder whose files are all regular (the fixture's, a script's); a refused file throws. */
export function readDataset(dir: string): DatasetSources {
  const read = readDatasetFolder(dir);
  if (read.ok) return read.sources;
  throw new GeneratorError('ERR_DATASET_READ', read.problems.map((problem) => `${problem.file}: ${problem.message}`).join('\n'));
}

function refusal(displayDir: string, name: string, what: string): Problem {
  return {
    code: 'not_regular_file',
    file: displayFile(displayDir, name),
    line: 0,
    column: 0,
    message: `not a regular file in the dataset (${what}); nothing of it was read`,
  };
}

/** The package's own LICENSE, read under the same rules as a dataset file. */
function readPackageLicense(): string | undefined {
  const file = inspectFile(packageRoot(), DATASET_LICENSE);
  if (file === undefined) return undefined;
  const read = readInspected(file, MAX_FILE_BYTES);
  if (read.refused) throw new GeneratorError('ERR_DATASET_READ', `${file.path}: not a regular file (${read.refused})`);
  return read.text;
}
