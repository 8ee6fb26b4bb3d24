/**
 * How many bytes a build may write for a dataset of a given size: the bound docs/input-limits.md
 * states. Cell limits (schemas/dataset/limits.ts) keep any one value small; this keeps the whole
 * tree in proportion to its input, however the rows are arranged, and the writer enforces it
 * (emit-tree.ts): a dataset cannot make a build fill a disk.
 */
import type { DatasetSources } from './load-dataset.ts';

/**
 * Tree bytes (the files, before their .br and .gz siblings) per byte of dataset. The dataset as it
 * is gives 141 since merchant answers carry their cards inline (53 before), 175 with the earn tables
 * (issue 27: 82 MB, one per MCC and per merchant that may rank apart, measured 2026-11-26), and the
 * fixture at its limits gives 19 (docs/input-limits.md, test/faults/dataset-faults.test.ts).
 */
export const OUTPUT_BYTES_PER_INPUT_BYTE = 200;

/** What every tree holds whatever the dataset (site assets, the API document, the empty routes). */
export const OUTPUT_ALLOWANCE_BYTES = 64 * 1024 * 1024;

/** The bytes of every table, README and LICENSE the build reads. */
export function datasetBytes(sources: DatasetSources): number {
  let bytes = 0;
  for (const text of sources.values()) if (text !== undefined) bytes += Buffer.byteLength(text);
  return bytes;
}

/** The most bytes the tree of a dataset of `inputBytes` may hold. */
export function outputBound(inputBytes: number): number {
  return OUTPUT_BYTES_PER_INPUT_BYTE * inputBytes + OUTPUT_ALLOWANCE_BYTES;
}
