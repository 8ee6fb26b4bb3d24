/** What `cardrewards build` and `cardrewards validate` print: the generator's front door (generator/build.ts) does the work, this module words its result. */
import { setFlagsFromString } from 'node:v8';
import { type BuildOptions, buildTree, checkDatasetFolder } from '../generator/build.ts';
import { formatProblem, type Problem, summarizeProblems } from '../generator/dataset-problems.ts';
import type { SummaryOptions } from '../generator/engine/summary.ts';
import { exitCodeForProblems } from './exit-code.ts';
import { whileInterruptible } from './interrupt.ts';
import { createProgress, isInteractive } from './progress.ts';

/** What `build` parses: the build's options (generator/build-options.ts) as the command line gives them. */
export type BuildArguments = Pick<BuildOptions, 'dataset' | 'out' | 'baseUrl' | 'date'> & {
  readonly datasetCommit?: string;
  readonly maxOutput?: number;
};

/**
 * How far V8 lets the heap grow past what the last full collection kept, in percent. Its own choice
 * (up to four times) let a build of ten times the merchants, which keeps about 0.8 GB, reach 2.3 GB
 * of garbage-filled heap; at 30 % the five-times build peaks at 0.87 GiB instead of 1.42, in the same time.
 */
const HEAP_GROWING_PERCENT = 30;
/** V8's own heap growth (0: its heuristics), given back once the build ends: `start` serves from the same process. */
const V8_HEAP_GROWING = 0;

/** Builds `options.out` from `options.dataset` and prints the outcome, or every dataset problem; returns whether the tree is ready to serve. */
export async function build(options: BuildArguments): Promise<boolean> {
  // V8 reads it at each collection, so setting it once the process runs takes effect from the next one.
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  try {
    return await buildAndReport(options);
  } finally {
    setFlagsFromString(`--heap-growing-percent=${V8_HEAP_GROWING}`);
  }
}

async function buildAndReport(options: BuildArguments): Promise<boolean> {
  const started = performance.now();
  const elapsed = () => ((performance.now() - started) / 1000).toFixed(2);
  // An interrupt removes the temporary tree before the process ends by its signal.
  const onAbandonedTreeRemoved = (path: string) => console.error(`removed ${path}, the temporary tree of a build whose process is gone`);
  const { maxOutput, ...rest } = options;
  const result = await whileInterruptible((signal) =>
    buildTree({ ...rest, maxOutputBytes: maxOutput, signal, onAbandonedTreeRemoved }, createProgress(isInteractive())),
  );
  if (!result.ok) {
    failWithProblems(result.problems, `${options.out} left unchanged`);
    return false;
  }
  const counts = `${result.files} files`;
  console.log(
    result.outcome === 'inputs-unchanged'
      ? `${options.out} is up to date (inputs unchanged): no file written, in ${elapsed()} s`
      : result.outcome === 'built'
        ? `built ${options.out} (build ${result.buildId}): ${counts}, ${result.written} written, ${result.reused} unchanged, ${result.removed} removed, in ${elapsed()} s`
        : `${options.out} is up to date (build ${result.buildId}): ${counts}, no file written, in ${elapsed()} s`,
  );
  return true;
}

/**
 * Checks the dataset and prints its summary; writes nothing. With `json`, prints only the
 * problems, one JSON object per line on stdout (for CI annotations), and nothing for a valid dataset.
 */
export async function validate(datasetDir: string, summary: SummaryOptions = {}, json = false): Promise<void> {
  const { problems, summary: lines } = checkDatasetFolder(datasetDir, summary);
  if (json) {
    for (const problem of problems) process.stdout.write(`${JSON.stringify(problem)}\n`);
    process.exitCode = exitCodeForProblems(problems.length);
    return;
  }
  if (problems.length > 0) return failWithProblems(problems, 'nothing written');
  for (const line of lines) console.log(line);
  console.log(`${datasetDir}: valid`);
}

function failWithProblems(problems: readonly Problem[], consequence: string): void {
  for (const problem of problems) console.error(formatProblem(problem));
  console.error(summarizeProblems(problems, consequence));
  process.exitCode = exitCodeForProblems(problems.length);
}
