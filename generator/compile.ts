/**
 * The generator's pure core: CSV texts in, either problems or the output tree (path → bytes) out,
 * one file at a time (`planBuild`) or all in memory (`compile`). Nothing here touches the disk; the
 * CLI reads the dataset and the previous build, and the emitter writes the tree.
 */
import { createHash } from 'node:crypto';
import type { ValidateFunction } from 'ajv';
import { artefacts as defaultArtefacts, historyArtefacts as defaultHistoryArtefacts, historyFileTest } from './outputs.ts';
import { canonicalJson } from './canonical-json.ts';
import type { Artefact, HistoryArtefact, OutputDocument } from './artefact.ts';
import { type TreeView, withoutFiles } from './writer/build-diff.ts';
import { type BuildChange, HISTORY_PATH, nextHistory } from './writer/history.ts';
import { GeneratorError, invalidDocument } from './errors.ts';
import { validatorFor } from '../schemas/validator.ts';
import { datasetDate } from './dataset/dataset-date.ts';
import { manifestChunks } from './create-manifest.ts';
import { manifestRoutes } from './routes/index.ts';
import type { ManifestFile } from '../schemas/manifest.ts';
import { byPath, entryOf } from '../tree/tree-contract.ts';
import { type Dataset, type DatasetSources, displayFile, loadDataset } from './dataset/load-dataset.ts';
import { tables } from './dataset/tables.ts';
import { createModel, type Model } from './engine/model.ts';
import { forgetRankings } from './engine/ranking.ts';
import { sortProblems, type Problem } from './dataset-problems.ts';
import { validateDataset } from './dataset/validate-dataset.ts';
import { checkDocuments } from './dataset/check-documents.ts';
import { type BuildPlan, duplicatePath, type OutputFile } from './build-plan.ts';
import type { BuildOptions } from './build-options.ts';

/** What a compile takes of the build's options, and how problems name the dataset's folder. */
export type CompileOptions = Pick<BuildOptions, 'baseUrl' | 'date' | 'datasetCommit'> & {
  /** Prefix of file names in problems, e.g. `dataset`. */
  readonly displayDir: string;
  /** The build this one follows (the live tree), whose history this build continues; absent for a first build. */
  readonly previous?: TreeView | undefined;
};

export interface BuildOutput {
  /** Every file of the tree but the manifest, sorted by path. */
  readonly files: ReadonlyMap<string, Buffer>;
  readonly entries: ReadonlyMap<string, ManifestFile>;
  /**
   * Content hash of the tree's answers: every file but the change history's, which names this id
   * and so cannot be part of it. Equal answers have equal ids.
   */
  readonly buildId: string;
  /** The change history this build carries, newest first (its own entry first when its answers changed). */
  readonly history: readonly BuildChange[];
  /** The bytes of `manifest.json`, which lists every other file. */
  readonly manifest: Buffer;
  readonly model: Model;
}

export type CompileResult =
  | { readonly ok: false; readonly problems: Problem[] }
  | { readonly ok: true; readonly output: BuildOutput; readonly problems: Problem[] };

/** Loads and validates the dataset only (what `cardrewards validate` runs). */
export function checkDataset(sources: DatasetSources, displayDir: string): { dataset: Dataset; problems: Problem[] } {
  const { dataset, rejected, unreadable, problems } = loadDataset(sources, displayDir);
  // A table that could not be read is empty: what the checks then say about its file follows from that one problem.
  const unreadableFiles = new Set(tables.filter((table) => unreadable.has(table.name)).map((table) => displayFile(displayDir, table.file)));
  problems.push(...validateDataset(dataset, displayDir, rejected, unreadable).filter((problem) => !unreadableFiles.has(problem.file)));
  problems.push(...checkDocuments(sources, displayDir));
  return { dataset, problems: sortProblems(problems) };
}

export type PrepareResult =
  | { readonly ok: false; readonly problems: Problem[] }
  | { readonly ok: true; readonly model: Model; readonly problems: Problem[] };

/** Checks the dataset and builds the model the artefacts derive from; any dataset problem means no model. */
export function prepare(sources: DatasetSources, options: CompileOptions): PrepareResult {
  const { dataset, problems } = checkDataset(sources, options.displayDir);
  if (problems.length > 0) return { ok: false, problems };
  const date = options.date ?? datasetDate(dataset);
  return { ok: true, model: createModel(dataset, { baseUrl: options.baseUrl.replace(/\/+$/, ''), date }, sources), problems };
}

/** The plan a writer takes (build-plan.ts), re-exported for the compile's callers. */
export type { BuildPlan, OutputFile };

/** The build of `model` as a plan (see BuildPlan); `options.previous` is the build it follows. */
export function planBuild(
  model: Model,
  options: Pick<CompileOptions, 'datasetCommit' | 'previous'>,
  artefacts: readonly Artefact[] = defaultArtefacts,
  historyArtefacts: readonly HistoryArtefact[] = defaultHistoryArtefacts,
): BuildPlan {
  const isHistoryFile = historyFileTest(historyArtefacts);
  const checked = (output: OutputDocument, artefact: string): OutputFile => {
    if ('bytes' in output) return { path: output.path, bytes: output.bytes, artefact };
    assertValid(validatorFor(output.schema), output.document, output.path);
    return { path: output.path, bytes: serialise(output.document), artefact };
  };
  function* answers(): Generator<OutputFile> {
    for (const artefact of artefacts) {
      for (const output of artefact.derive(model)) {
        if (isHistoryFile(output.path))
          throw new GeneratorError('ERR_OUTPUT_PATH', `${artefact.name} writes ${output.path}, a history file`);
        yield checked(output, artefact.name);
      }
    }
  }
  function* historyFiles(history: readonly BuildChange[]): Generator<OutputFile> {
    for (const artefact of historyArtefacts) {
      for (const output of artefact.derive(model, history)) {
        if (!artefact.files.test(output.path))
          throw new GeneratorError('ERR_OUTPUT_PATH', `${artefact.name} writes ${output.path}, outside its own pattern`);
        yield checked(output, artefact.name);
      }
    }
  }
  return {
    answers: answers(),
    afterAnswers(entries, read) {
      // The answers are complete: their hash names the build, and the history records what they changed. The history's
      // files rank nothing, so the rankings go before the manifest and the comparison with the previous build are made.
      forgetRankings(model);
      const paths = sortedPaths(entries);
      const buildId = treeId(paths, entries);
      // The entries themselves are the file list the history compares: no copy of a million paths.
      const current = { build: buildId, files: entries, routes: manifestRoutes(), read };
      const history = nextHistory({
        previous: options.previous === undefined ? undefined : withoutFiles(options.previous, isHistoryFile),
        previousHistory: readHistory(options.previous),
        current,
        date: datasetDate(model.dataset),
        datasetCommit: options.datasetCommit ?? null,
      });
      return { buildId, history, files: historyFiles(history) };
    },
    manifest(entries, buildId) {
      // Checked part by part against the schema the gateway loads it with: a manifest it would refuse is never written.
      return manifestChunks(buildId, model.date, entries, sortedPaths(entries));
    },
  };
}

/** Compiles the dataset into the output tree in memory (tests, tools); `cardrewards build` streams the same plan to disk. */
export function compile(
  sources: DatasetSources,
  options: CompileOptions,
  artefacts: readonly Artefact[] = defaultArtefacts,
  historyArtefacts: readonly HistoryArtefact[] = defaultHistoryArtefacts,
): CompileResult {
  const prepared = prepare(sources, options);
  if (!prepared.ok) return prepared;
  const { model, problems } = prepared;
  const plan = planBuild(model, options, artefacts, historyArtefacts);
  const unsorted = new Map<string, Buffer>();
  const entries = new Map<string, ManifestFile>();
  const add = (file: OutputFile) => {
    const { path, bytes } = file;
    if (entries.has(path)) throw duplicatePath(file);
    unsorted.set(path, bytes);
    entries.set(path, entryOf(path, bytes));
  };
  for (const file of plan.answers) add(file);
  const read = (path: string) => JSON.parse((unsorted.get(path) ?? Buffer.alloc(0)).toString('utf8'));
  const { buildId, history, files: historyFiles } = plan.afterAnswers(entries, read);
  for (const file of historyFiles) add(file);
  const files = new Map([...unsorted].sort(([a], [b]) => byPath(a, b)));
  return {
    ok: true,
    output: {
      files,
      entries: sortedEntries(entries),
      buildId,
      history,
      model,
      manifest: Buffer.concat([...plan.manifest(entries, buildId)]),
    },
    problems,
  };
}

/** Canonical JSON: sorted keys, no insignificant white space, one final newline. */
export function serialise(document: unknown): Buffer {
  return Buffer.from(`${canonicalJson(document)}\n`, 'utf8');
}

function sortedEntries(entries: ReadonlyMap<string, ManifestFile>): Map<string, ManifestFile> {
  return new Map([...entries].sort(([a], [b]) => byPath(a, b)));
}

/** The paths of `entries` in code-unit order, the order of the build id and the manifest (a list of the keys, not a copy of the entries). */
function sortedPaths(entries: ReadonlyMap<string, unknown>): string[] {
  return [...entries.keys()].sort(byPath);
}

/** The build id: a hash of every path (`paths`, sorted) with its ETag and encodings. */
function treeId(paths: readonly string[], entries: ReadonlyMap<string, ManifestFile>): string {
  const tree = createHash('sha256');
  for (const path of paths) {
    const entry = entries.get(path) as ManifestFile;
    tree.update(`${path}\u0000${entry.etag}\u0000${(entry.encodings ?? []).join(',')}\n`);
  }
  return tree.digest('hex').slice(0, 16);
}

/** The previous build's history document, or undefined when it has none or it cannot be read (a new history starts). */
function readHistory(previous: TreeView | undefined): unknown {
  if (previous?.files.get(HISTORY_PATH) === undefined) return undefined;
  try {
    return previous.read(HISTORY_PATH);
  } catch {
    return undefined;
  }
}

function assertValid(validate: ValidateFunction, document: unknown, path: string): void {
  if (!validate(document)) throw invalidDocument(path, validate.errors);
}
