/** What a gateway prints once when it starts, whether it serves itself or supervises workers. */
import { formatConfig, type GatewayConfig, servingFlagsHint } from '../gateway/open-gateway.ts';

/** The title, the resolved configuration and, when node lacks a serving flag, the hint (workers run with the primary's node flags). */
export function startupBanner(config: GatewayConfig): string[] {
  return ['cardrewards gateway', ...[...formatConfig(config), ...servingFlagsHint()].map((line) => `  ${line}`)];
}
