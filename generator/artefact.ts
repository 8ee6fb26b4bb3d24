/** The contract between the derivations and the emitter: a document, where it goes, what shape it has. */
import type { Model } from './model.ts';

export interface OutputDocument {
  /** Path inside the output tree, `/`-separated, e.g. `public/api/mcc/5411.json`. */
  readonly path: string;
  readonly document: unknown;
  /** The JSON Schema the document must satisfy before it is written. */
  readonly schema: object;
}

/** One derived artefact: a function from the model to documents. */
export interface Artefact {
  readonly name: string;
  readonly derive: (model: Model) => Iterable<OutputDocument>;
}
