/** The contract between the derivations and the emitter: a document, where it goes, what shape it has. */
import type { BuildChange } from '../schemas/keyed.ts';
import type { Model } from './engine/model.ts';

/** A JSON document, checked against its schema before it is written. */
export interface JsonOutput {
  /** Path inside the output tree, `/`-separated, e.g. `public/api/mcc/5411.json`. */
  readonly path: string;
  readonly document: unknown;
  readonly schema: object;
}

/** A file that is not JSON (the CSV export), written as given. */
export interface RawOutput {
  readonly path: string;
  readonly bytes: Buffer;
}

export type OutputDocument = JsonOutput | RawOutput;

/** One derived artefact: a function from the model to documents. */
export interface Artefact {
  readonly name: string;
  readonly derive: (model: Model) => Iterable<OutputDocument>;
}

/**
 * An artefact made from the build's change history. It runs after every other artefact, because
 * the history names the build by the hash of their files; its own files are not part of that hash.
 */
export interface HistoryArtefact {
  readonly name: string;
  /** Matches every path it writes, so the diff between builds can leave history files out. */
  readonly files: RegExp;
  readonly derive: (model: Model, history: readonly BuildChange[]) => Iterable<OutputDocument>;
}
