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
