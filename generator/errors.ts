/** Unexpected failures of the generator: typed, with a stable code and the cause kept. */

export type GeneratorErrorCode = 'ERR_DOCUMENT_INVALID' | 'ERR_OUTPUT_WRITE' | 'ERR_OUTPUT_PATH' | 'ERR_DATASET_READ';

export class GeneratorError extends Error {
  override readonly name = 'GeneratorError';
  readonly code: GeneratorErrorCode;

  constructor(code: GeneratorErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}
