/** Unexpected failures of the generator: typed, with a stable code and the cause kept. */
import { CardrewardsError } from '../errors/cardrewards-error.ts';

export type GeneratorErrorCode =
  | 'ERR_DOCUMENT_INVALID'
  | 'ERR_OUTPUT_WRITE'
  | 'ERR_OUTPUT_PATH'
  | 'ERR_DATASET_READ'
  | 'ERR_OUTPUT_BOUND'
  | 'ERR_INTERRUPTED';

export class GeneratorError extends CardrewardsError<GeneratorErrorCode> {
  override readonly name = 'GeneratorError';
}

/** An error of a schema check, as ajv reports it. */
interface SchemaError {
  readonly instancePath?: string;
  readonly message?: string;
  readonly keyword?: string;
}

/** ERR_DOCUMENT_INVALID for the file at `path`: its first five schema errors, each at `at` + the error's place in the document. */
export function invalidDocument(path: string, errors: readonly SchemaError[] | null | undefined, at = ''): GeneratorError {
  const detail = (errors ?? [])
    .slice(0, 5)
    .map((error) => `${`${at}${error.instancePath ?? ''}` || '/'} ${error.message ?? error.keyword}`)
    .join('; ');
  return new GeneratorError('ERR_DOCUMENT_INVALID', `${path} does not match its schema: ${detail}`);
}
