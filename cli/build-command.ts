/** What `cardrewards build` and `cardrewards validate` do: read the dataset, compile, write the tree atomically. */
import { checkDataset, planBuild, prepare } from '../generator/compile.ts';
import { liveTree } from '../generator/disk-tree.ts';
import { resolve } from 'node:path';
import { emitTree, liveInputs, removeAbandonedTrees } from '../generator/emit-tree.ts';
import { inputsDigest } from '../generator/inputs-digest.ts';
import { datasetBytes, outputBound } from '../generator/output-bound.ts';
import { formatProblem, type Problem, summarizeProblems } from '../generator/problems.ts';
import { readDataset } from '../generator/read-dataset.ts';
import { type SummaryOptions, summarizeDataset } from '../generator/summary.ts';
import { exitCodeForProblems } from './exit-code.ts';
import type { BuildOptions } from './generator-commands.ts';
import { whileInterruptible } from './interrupt.ts';
import { createProgress, isInteractive } from './progress.ts';

/** Builds `options.out` from `options.dataset`, or reports every dataset problem and writes nothing. */
export async function build(options: BuildOptions): Promise<void> {
  const progress = createProgress(isInteractive());
  const started = performance.now();
  const elapsed = () => ((performance.now() - started) / 1000).toFixed(2);
  // Whatever this build then does, what a killed build left behind goes first.
  for (const name of removeAbandonedTrees(`${resolve(options.out)}.builds`)) {
    console.error(`removed ${name}, the temporary tree of a build whose process is gone`);
  }
  const sources = progress.step(`reading ${options.dataset}`, () => readDataset(options.dataset));
  const inputs = inputsDigest(sources, { baseUrl: options.baseUrl, date: options.date });
  if (liveInputs(options.out) === inputs) {
    // Same dataset, options and generator as the live build: its tree is this build's tree.
    console.log(`${options.out} is up to date (inputs unchanged): no file written, in ${elapsed()} s`);
    return;
  }
  const result = progress.step('validating', () =>
    prepare(sources, { baseUrl: options.baseUrl, date: options.date, displayDir: options.dataset }),
  );
  if (!result.ok) return failWithProblems(result.problems, `${options.out} left unchanged`);
  // The live build is the one this build follows: its history is carried forward, its answers compared.
  const live = liveTree(options.out);
  const plan = planBuild(result.model, { datasetCommit: options.datasetCommit ?? null, previous: live });
  // Derived, written and released one file at a time: memory does not grow with the tree. An
  // interrupt removes the temporary tree before the process ends by its signal.
  const maxBytes = outputBound(datasetBytes(sources));
  const emitted = await progress.stepAsync(`deriving and writing ${options.out}`, () =>
    whileInterruptible((signal) => emitTree(options.out, plan, inputs, live, { signal, maxBytes })),
  );
  const counts = `${emitted.files} files`;
  console.log(
    emitted.changed
      ? `built ${options.out} (build ${emitted.buildId}): ${counts}, ${emitted.written} written, ${emitted.reused} unchanged, ${emitted.removed} removed, in ${elapsed()} s`
      : `${options.out} is up to date (build ${emitted.buildId}): ${counts}, no file written, in ${elapsed()} s`,
  );
}

/**
 * Checks the dataset and prints its summary; writes nothing. With `json`, prints only the
 * problems, one JSON object per line on stdout (for CI annotations), and nothing for a valid dataset.
 */
export async function validate(datasetDir: string, summary: SummaryOptions = {}, json = false): Promise<void> {
  const { dataset, problems } = checkDataset(readDataset(datasetDir), datasetDir);
  if (json) {
    for (const problem of problems) process.stdout.write(`${JSON.stringify(problem)}\n`);
    process.exitCode = exitCodeForProblems(problems.length);
    return;
  }
  if (problems.length > 0) return failWithProblems(problems, 'nothing written');
  for (const line of summarizeDataset(dataset, summary)) console.log(line);
  console.log(`${datasetDir}: valid`);
}

function failWithProblems(problems: readonly Problem[], consequence: string): void {
  for (const problem of problems) console.error(formatProblem(problem));
  console.error(summarizeProblems(problems, consequence));
  process.exitCode = exitCodeForProblems(problems.length);
}
