/**
 * The generator's pure core: CSV texts in, either problems or the output tree (path → bytes) out.
 * Nothing here touches the disk; the CLI reads the dataset and the emitter writes the tree.
 */
import { createHash } from 'node:crypto';
import type { ValidateFunction } from 'ajv';
import { artefacts as defaultArtefacts } from './artefacts.ts';
import { canonicalJson } from './canonical-json.ts';
import type { Artefact } from './artefact.ts';
import { GeneratorError } from './errors.ts';
import { validatorFor } from '../schemas/validator.ts';
import { datasetDate } from './dataset-date.ts';
import { createManifest } from './manifest.ts';
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
}

/** Files at least this large get precompressed siblings; below it compression saves too little to be worth a file. */
export const COMPRESS_MIN_BYTES = 4096;

export interface BuildOutput {
  /** Every file of the tree but the manifest, sorted by path. */
  readonly files: ReadonlyMap<string, Buffer>;
  readonly entries: ReadonlyMap<string, ManifestFile>;
  /** Content hash of the whole tree: equal builds have equal ids. */
  readonly buildId: string;
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

/** One file of the tree, as it leaves the derivations: checked and serialised. */
export interface OutputFile {
  readonly path: string;
  readonly bytes: Buffer;
}

/**
 * Every file of the tree but the manifest, one at a time in derivation order: each document is
 * checked against its schema and serialised when it is reached, so a consumer that writes and drops
 * each file holds one document at a time, not the tree.
 */
export function* deriveFiles(model: Model, artefacts: readonly Artefact[] = defaultArtefacts): Generator<OutputFile> {
  const seen = new Map<string, string>();
  for (const artefact of artefacts) {
    for (const output of artefact.derive(model)) {
      const earlier = seen.get(output.path);
      if (earlier !== undefined)
        throw new GeneratorError(
          'ERR_OUTPUT_PATH',
          `two artefacts write ${output.path} (the second is ${artefact.name}, after ${earlier})`,
        );
      seen.set(output.path, artefact.name);
      if ('bytes' in output) {
        yield { path: output.path, bytes: output.bytes };
        continue;
      }
      assertValid(validatorFor(output.schema), output.document, output.path);
      yield { path: output.path, bytes: serialize(output.document) };
    }
  }
}

/** Compiles the dataset into the output tree in memory (tests, tools); `cardrewards build` streams instead. */
export function compile(
  sources: DatasetSources,
  options: CompileOptions,
  artefacts: readonly Artefact[] = defaultArtefacts,
): CompileResult {
  const prepared = prepare(sources, options);
  if (!prepared.ok) return prepared;
  const { model, problems } = prepared;
  const unsorted = new Map<string, Buffer>();
  for (const { path, bytes } of deriveFiles(model, artefacts)) unsorted.set(path, bytes);
  const files = new Map([...unsorted].sort(([a], [b]) => byPath(a, b)));
  const entries = new Map([...files].map(([path, bytes]) => [path, entryOf(path, bytes)]));
  const { buildId, manifest } = finishManifest(entries, model.date);
  return { ok: true, output: { files, entries, buildId, model, manifest }, problems };
}

/** Canonical JSON: sorted keys, no insignificant white space, one final newline. */
export function serialize(document: unknown): Buffer {
  return Buffer.from(`${canonicalJson(document)}\n`, 'utf8');
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
  if (path.endsWith('.zip')) return 'application/zip';
  if (path.endsWith('.sqlite')) return 'application/vnd.sqlite3';
  return 'application/octet-stream';
}

/** Files that get .br and .gz siblings: text at least COMPRESS_MIN_BYTES long. */
export function isCompressible(path: string, size: number): boolean {
  const type = contentTypeOf(path);
  return size >= COMPRESS_MIN_BYTES && (type.startsWith('application/json') || type.startsWith('text/'));
}

/** The manifest entry of one file. */
export function entryOf(path: string, bytes: Buffer): ManifestFile {
  const type = contentTypeOf(path);
  return { size: bytes.length, etag: etagOf(bytes), type, ...(isCompressible(path, bytes.length) ? { encodings: ['br', 'gzip'] } : {}) };
}

/** The order of files in the manifest and the build id: by path, code unit by code unit. */
export function byPath(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The build id and the manifest's bytes from every file's entry, in any order: the id hashes the
 * entries sorted by path, so it depends on the tree only, not on the order files were made in.
 */
export function finishManifest(unsorted: ReadonlyMap<string, ManifestFile>, date: string): { buildId: string; manifest: Buffer } {
  const entries = new Map([...unsorted].sort(([a], [b]) => byPath(a, b)));
  const tree = createHash('sha256');
  for (const [path, entry] of entries) tree.update(`${path}\u0000${entry.etag}\u0000${(entry.encodings ?? []).join(',')}\n`);
  const buildId = tree.digest('hex').slice(0, 16);
  const manifest = createManifest(buildId, date, entries);
  // The gateway checks the same schema on load; a manifest it would refuse is never written.
  assertValid(validatorFor(manifestSchema), manifest, 'manifest.json');
  return { buildId, manifest: serialize(manifest) };
}

function assertValid(validate: ValidateFunction, document: unknown, path: string): void {
  if (validate(document)) return;
  const detail = (validate.errors ?? [])
    .slice(0, 5)
    .map((e) => `${e.instancePath || '/'} ${e.message ?? e.keyword}`)
    .join('; ');
  throw new GeneratorError('ERR_DOCUMENT_INVALID', `${path} does not match its schema: ${detail}`);
}
