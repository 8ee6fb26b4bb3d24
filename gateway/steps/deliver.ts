/** The last step: the bytes from the build folder, or in proxy mode from the private origin (which holds the whole tree). */
import type { Build } from '../build-source.ts';
import type { FileCache } from '../file-cache.ts';
import type { OriginProxy } from '../origin-proxy.ts';
import { type Representation, sendFile } from '../serve-file.ts';
import type { Exchange } from './exchange.ts';

export type Deliver = (exchange: Exchange, build: Build, representation: Representation) => Promise<void>;

/** Streams from local files through `cache`, or forwards to `proxy` when one is configured. */
export function createDeliver(cache: FileCache, proxy: OriginProxy | undefined): Deliver {
  if (proxy !== undefined) return (exchange, _build, representation) => proxy.forward(exchange.request, exchange.response, representation);
  return (exchange, build, representation) => sendFile(exchange.response, exchange.method, build.root, representation, cache);
}
