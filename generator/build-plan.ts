/**
 * What a build writes, as the writer (writer/emit-tree.ts) takes it from the compile: the files one
 * at a time, then the build id and the history, then the manifest.
 */
import type { BuildChange } from '../schemas/keyed.ts';
import type { ManifestFile } from '../schemas/manifest.ts';
import { GeneratorError } from './errors.ts';

export interface OutputFile {
  readonly path: string;
  readonly bytes: Buffer;
  /** The artefact that derived it, for the error when a second one writes the same path. */
  readonly artefact: string;
}

/**
 * A build in three steps, for a writer that keeps no file in memory: the answers, one at a time;
 * then, from the answers' entries (and their JSON, read back when the history needs it), the build
 * id and the change history's files; then the manifest of every entry.
 */
export interface BuildPlan {
  /**
   * Every answer (each file but the history's), checked and serialised as it is reached, in derivation
   * order. A path may come once: the writer, which keeps every path's entry anyway, refuses a second (duplicatePath).
   */
  readonly answers: Iterable<OutputFile>;
  readonly afterAnswers: (
    answers: ReadonlyMap<string, ManifestFile>,
    read: (path: string) => unknown,
  ) => { readonly buildId: string; readonly history: readonly BuildChange[]; readonly files: Iterable<OutputFile> };
  /** The bytes of `manifest.json` from every file's entry (in any order), made a chunk at a time as they are written. */
  readonly manifest: (entries: ReadonlyMap<string, ManifestFile>, buildId: string) => Iterable<Buffer>;
}

/** The error for a second file at `file.path`: two artefacts (or one, twice) derived it. */
export function duplicatePath(file: OutputFile): GeneratorError {
  return new GeneratorError('ERR_OUTPUT_PATH', `two artefacts write ${file.path} (the second time by ${file.artefact})`);
}
