/**
 * The generator's front door: `buildTree` reads a dataset folder, checks it, and writes the output
 * tree atomically, or writes nothing and returns every dataset problem. The order of the build
 * lives here; the CLI only parses its options and prints the result.
 */
import { join, resolve } from 'node:path';
import { checkDataset, planBuild, prepare } from './compile.ts';
import { liveTree } from './writer/disk-tree.ts';
import { emitTree, liveInputs, removeAbandonedTrees } from './writer/emit-tree.ts';
import { inputsDigest } from './dataset/inputs-digest.ts';
import { DEFAULT_MAX_OUTPUT_BYTES, largestBudgets, outputBudget, outputFamilies, overCeiling } from './writer/output-bound.ts';
import { artefacts, historyArtefacts } from './outputs.ts';
import { routes } from './routes/index.ts';
import { tables } from './dataset/tables.ts';
import type { Problem } from './dataset-problems.ts';
import { readDatasetFolder } from './dataset/read-dataset.ts';
import { buildsFolder } from '../tree/tree-contract.ts';
import { type SummaryOptions, summarizeDataset } from './engine/summary.ts';
import type { BuildOptions } from './build-options.ts';

export type { BuildOptions };

/** Reports the long steps of a build as they run (the CLI times them on a terminal). */
export interface BuildProgress {
  step<T>(label: string, run: () => T): T;
  stepAsync<T>(label: string, run: () => Promise<T>): Promise<T>;
}

export type BuildResult =
  | {
      readonly ok: true;
      /** `inputs-unchanged`: same dataset, options and generator as the live build, nothing read further. */
      readonly outcome: 'built' | 'up-to-date' | 'inputs-unchanged';
      readonly buildId: string | null;
      readonly files: number;
      readonly written: number;
      readonly reused: number;
      readonly removed: number;
    }
  | { readonly ok: false; readonly problems: readonly Problem[] };

const silent: BuildProgress = { step: (_, run) => run(), stepAsync: (_, run) => run() };

/** Builds `options.out` from `options.dataset`, or returns every dataset problem and writes nothing. */
export async function buildTree(options: BuildOptions, progress: BuildProgress = silent): Promise<BuildResult> {
  // Whatever this build then does, what a killed build left behind goes first.
  const buildsDir = buildsFolder(resolve(options.out));
  for (const name of removeAbandonedTrees(buildsDir)) options.onAbandonedTreeRemoved?.(join(buildsDir, name));
  const read = progress.step(`reading ${options.dataset}`, () => readDatasetFolder(options.dataset));
  if (!read.ok) return { ok: false, problems: read.problems };
  const { sources } = read;
  const inputs = inputsDigest(sources, { baseUrl: options.baseUrl, date: options.date });
  if (liveInputs(options.out) === inputs) {
    // Same dataset, options and generator as the live build: its tree is this build's tree.
    return { ok: true, outcome: 'inputs-unchanged', buildId: null, files: 0, written: 0, reused: 0, removed: 0 };
  }
  const prepared = progress.step('validating', () =>
    prepare(sources, { baseUrl: options.baseUrl, date: options.date, displayDir: options.dataset }),
  );
  if (!prepared.ok) return { ok: false, problems: prepared.problems };
  // The bound follows from the rows and the catalogue, known before the first byte: a dataset whose
  // rows may make more than the build may write is refused now, not after hours of writing.
  const budget = outputBudget(prepared.model.dataset, tables, outputFamilies(routes, artefacts, historyArtefacts));
  const maxOutputBytes = options.maxOutputBytes ?? DEFAULT_MAX_OUTPUT_BYTES;
  const refusal = overCeiling(budget, maxOutputBytes);
  if (refusal) throw refusal;
  const bound = { maxBytes: budget.total, boundDetail: largestBudgets(budget) };
  // The live build is the one this build follows: its history is carried forward, its answers compared.
  const live = liveTree(options.out);
  const plan = planBuild(prepared.model, { datasetCommit: options.datasetCommit ?? null, previous: live });
  // Derived, written and released one file at a time: memory does not grow with the tree.
  const emitted = await progress.stepAsync(`deriving and writing ${options.out}`, () =>
    emitTree(options.out, plan, inputs, live, { ...(options.signal ? { signal: options.signal } : {}), ...bound }),
  );
  return {
    ok: true,
    outcome: emitted.changed ? 'built' : 'up-to-date',
    buildId: emitted.buildId,
    files: emitted.files,
    written: emitted.written,
    reused: emitted.reused,
    removed: emitted.removed,
  };
}

/** Every problem of the dataset in `datasetDir`, and when there is none, its summary lines (what `validate` prints). */
export function checkDatasetFolder(
  datasetDir: string,
  summary: SummaryOptions = {},
): { readonly problems: readonly Problem[]; readonly summary: readonly string[] } {
  const read = readDatasetFolder(datasetDir);
  if (!read.ok) return { problems: read.problems, summary: [] };
  const { dataset, problems } = checkDataset(read.sources, datasetDir);
  return { problems, summary: problems.length > 0 ? [] : summarizeDataset(dataset, summary) };
}
