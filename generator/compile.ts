/**
 * The generator's pure core: CSV texts in, either problems or the output tree (path → bytes) out.
 * Nothing here touches the disk; the CLI reads the dataset and the previous build, and the emitter
 * writes the tree.
 */
import { createHash } from 'node:crypto';
import type { ValidateFunction } from 'ajv';
import stringify from 'fast-json-stable-stringify';
import { artefacts as defaultArtefacts, historyArtefacts as defaultHistoryArtefacts, historyFileTest } from './artefacts.ts';
import type { Artefact, HistoryArtefact, OutputDocument } from './artefact.ts';
import { type TreeView, withoutFiles } from './build-diff.ts';
import { type BuildChange, HISTORY_PATH, nextHistory } from './history.ts';
import { GeneratorError } from './errors.ts';
import { validatorFor } from '../schemas/validator.ts';
import { datasetDate } from './dataset-date.ts';
import { createManifest } from './manifest.ts';
import { manifestRoutes } from './routes/index.ts';
import { manifestSchema, type ManifestFile } from '../schemas/manifest.ts';
import { loadDataset, type Dataset, type DatasetSources } from './load-dataset.ts';
import { createModel, type Model } from './model.ts';
import { sortProblems, type Problem } from './problems.ts';
import { validateDataset } from './validate-dataset.ts';

export interface CompileOptions {
  readonly baseUrl: string;
  /** Evaluation day for dated rules; defaults to the dataset's own latest `as_of`, so output never depends on the clock. */
  readonly date?: string | undefined;
  /** Prefix of file names in problems, e.g. `dataset`. */
  readonly displayDir: string;
  /** The dataset's commit, recorded in this build's history entry; null or absent when unknown. */
  readonly datasetCommit?: string | null | undefined;
  /** The build this one follows (the live tree), whose history this build continues; absent for a first build. */
  readonly previous?: TreeView | undefined;
}

/** Files at least this large get precompressed siblings; below it compression saves too little to be worth a file. */
export const COMPRESS_MIN_BYTES = 4096;

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
  const { dataset, rejected, problems } = loadDataset(sources, displayDir);
  problems.push(...validateDataset(dataset, displayDir, rejected));
  return { dataset, problems: sortProblems(problems) };
}

/** Compiles the dataset into the output tree; any dataset problem means no tree at all. */
export function compile(
  sources: DatasetSources,
  options: CompileOptions,
  artefacts: readonly Artefact[] = defaultArtefacts,
  historyArtefacts: readonly HistoryArtefact[] = defaultHistoryArtefacts,
): CompileResult {
  const { dataset, problems } = checkDataset(sources, options.displayDir);
  if (problems.length > 0) return { ok: false, problems };
  const date = options.date ?? datasetDate(dataset);
  const model = createModel(dataset, { baseUrl: options.baseUrl.replace(/\/+$/, ''), date }, sources);
  const isHistoryFile = historyFileTest(historyArtefacts);
  const files = new Map<string, Buffer>();
  const add = (output: OutputDocument, artefact: string) => {
    if (files.has(output.path))
      throw new GeneratorError('ERR_OUTPUT_PATH', `two artefacts write ${output.path} (the second is ${artefact})`);
    if ('bytes' in output) {
      files.set(output.path, output.bytes);
      return;
    }
    assertValid(validatorFor(output.schema), output.document, output.path);
    files.set(output.path, serialize(output.document));
  };
  for (const artefact of artefacts) {
    for (const output of artefact.derive(model)) {
      if (isHistoryFile(output.path)) throw new GeneratorError('ERR_OUTPUT_PATH', `${artefact.name} writes ${output.path}, a history file`);
      add(output, artefact.name);
    }
  }

  // The answers are complete: their hash names the build, and the history records what they changed.
  const entries = entriesOf(files);
  const buildId = treeId(entries);
  const history = nextHistory({
    previous: options.previous === undefined ? undefined : withoutFiles(options.previous, isHistoryFile),
    previousHistory: readHistory(options.previous),
    current: {
      build: buildId,
      files: Object.fromEntries(entries),
      routes: manifestRoutes(),
      read: (path) => JSON.parse((files.get(path) ?? Buffer.alloc(0)).toString('utf8')),
    },
    date: datasetDate(dataset),
    datasetCommit: options.datasetCommit ?? null,
  });
  for (const artefact of historyArtefacts) {
    for (const output of artefact.derive(model, history)) {
      if (!artefact.files.test(output.path))
        throw new GeneratorError('ERR_OUTPUT_PATH', `${artefact.name} writes ${output.path}, outside its own pattern`);
      add(output, artefact.name);
    }
  }
  return { ok: true, output: finishTree(files, entries, buildId, model, history), problems };
}

/** Canonical JSON: sorted keys, no insignificant white space, one final newline. */
export function serialize(document: unknown): Buffer {
  return Buffer.from(`${stringify(document)}\n`, 'utf8');
}

/** Quoted, truncated SHA-256 of the bytes: a strong ETag that is equal exactly when the bytes are. */
export function etagOf(bytes: Buffer): string {
  return `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 22)}"`;
}

/** The content type a file name implies. */
export function contentTypeOf(path: string): string {
  if (path.endsWith('.json')) return 'application/json; charset=utf-8';
  if (path.endsWith('.csv')) return 'text/csv; charset=utf-8';
  if (path.endsWith('.html')) return 'text/html; charset=utf-8';
  if (path.endsWith('.css')) return 'text/css; charset=utf-8';
  if (path.endsWith('.js')) return 'text/javascript; charset=utf-8';
  if (path.endsWith('.xml')) return 'application/atom+xml; charset=utf-8'; // the tree's one XML file is the changes feed
  if (path.endsWith('.zip')) return 'application/zip';
  if (path.endsWith('.sqlite')) return 'application/vnd.sqlite3';
  return 'application/octet-stream';
}

/** Each file's manifest entry, sorted by path; entries already in `known` are reused, not hashed again. */
function entriesOf(files: ReadonlyMap<string, Buffer>, known: ReadonlyMap<string, ManifestFile> = new Map()): Map<string, ManifestFile> {
  const entries = new Map<string, ManifestFile>();
  for (const [path, bytes] of [...files].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const type = contentTypeOf(path);
    const compressible =
      bytes.length >= COMPRESS_MIN_BYTES && (type.startsWith('application/json') || type.startsWith('text/') || type.includes('+xml'));
    entries.set(
      path,
      known.get(path) ?? { size: bytes.length, etag: etagOf(bytes), type, ...(compressible ? { encodings: ['br', 'gzip'] } : {}) },
    );
  }
  return entries;
}

/** The build id: a hash of every path with its ETag and encodings. */
function treeId(entries: ReadonlyMap<string, ManifestFile>): string {
  const tree = createHash('sha256');
  for (const [path, entry] of entries) tree.update(`${path}\u0000${entry.etag}\u0000${(entry.encodings ?? []).join(',')}\n`);
  return tree.digest('hex').slice(0, 16);
}

/** The previous build's history document, or undefined when it has none or it cannot be read (a new history starts). */
function readHistory(previous: TreeView | undefined): unknown {
  if (previous?.files[HISTORY_PATH] === undefined) return undefined;
  try {
    return previous.read(HISTORY_PATH);
  } catch {
    return undefined;
  }
}

function finishTree(
  unsorted: Map<string, Buffer>,
  answers: ReadonlyMap<string, ManifestFile>,
  buildId: string,
  model: Model,
  history: readonly BuildChange[],
): BuildOutput {
  const files = new Map([...unsorted].sort(([a], [b]) => (a < b ? -1 : 1)));
  const entries = entriesOf(files, answers);
  const manifest = createManifest(buildId, model.date, entries);
  // The gateway checks the same schema on load; a manifest it would refuse is never written.
  assertValid(validatorFor(manifestSchema), manifest, 'manifest.json');
  return { files, entries, buildId, history, model, manifest: serialize(manifest) };
}

function assertValid(validate: ValidateFunction, document: unknown, path: string): void {
  if (validate(document)) return;
  const detail = (validate.errors ?? [])
    .slice(0, 5)
    .map((e) => `${e.instancePath || '/'} ${e.message ?? e.keyword}`)
    .join('; ');
  throw new GeneratorError('ERR_DOCUMENT_INVALID', `${path} does not match its schema: ${detail}`);
}
