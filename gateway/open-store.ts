/**
 * Opens the store the configuration names: Redis when a URL is given, else the embedded state file.
 * The answer carries both halves apart (`registry`, `counter`) and, for callers that take one object, their methods too.
 */
import type { GatewayConfig } from './config.ts';
import type { Logger } from './logger.ts';
import type { Store } from './store.ts';
import { createEmbeddedStore } from './stores/embedded-store.ts';
import { createRedisStore } from './stores/redis-store.ts';

export async function openStore(config: Pick<GatewayConfig, 'redisUrl' | 'stateFile' | 'stateSync'>, logger?: Logger): Promise<Store> {
  if (config.redisUrl === undefined) return createEmbeddedStore({ file: config.stateFile, sync: config.stateSync });
  return createRedisStore({
    url: config.redisUrl,
    onStateChange: (state, detail) => {
      if (state === 'ready') logger?.info({ store: 'redis' }, 'redis connected');
      else logger?.warn({ store: 'redis', detail }, 'redis unreachable; reconnecting');
    },
  });
}
