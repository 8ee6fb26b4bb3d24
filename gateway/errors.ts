/** Unexpected failures of the gateway outside a request: typed, with a stable code and the cause kept. */
import { CardrewardsError } from '../errors/cardrewards-error.ts';

export type GatewayErrorCode =
  | 'ERR_CONFIG_INVALID'
  | 'ERR_MANIFEST_INVALID'
  | 'ERR_MANIFEST_READ'
  | 'ERR_STORE_UNAVAILABLE'
  | 'ERR_STATE_FILE'
  | 'ERR_KEY_NOT_FOUND'
  | 'ERR_KEY_AMBIGUOUS'
  | 'ERR_LISTEN'
  | 'ERR_WORKER_START';

export class GatewayError extends CardrewardsError<GatewayErrorCode> {
  override readonly name = 'GatewayError';
}
