/** Unexpected failures of the gateway outside a request: typed, with a stable code and the cause kept. */

export type GatewayErrorCode =
  | 'ERR_CONFIG_INVALID'
  | 'ERR_MANIFEST_INVALID'
  | 'ERR_MANIFEST_READ'
  | 'ERR_STORE_UNAVAILABLE'
  | 'ERR_STATE_FILE'
  | 'ERR_KEY_NOT_FOUND'
  | 'ERR_KEY_AMBIGUOUS'
  | 'ERR_LISTEN';

export class GatewayError extends Error {
  override readonly name = 'GatewayError';
  readonly code: GatewayErrorCode;

  constructor(code: GatewayErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}
