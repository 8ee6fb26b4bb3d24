/** Delivering a file answer: the bytes from the build folder (or its hot-file cache), or in proxy mode from the private origin. */
import type { Build } from '../build/build-source.ts';
import type { FileCache } from '../http/file-cache.ts';
import type { OriginProxy } from '../http/origin-proxy.ts';
import { type Representation, sendFile } from '../http/serve-file.ts';
import type { Exchange } from './exchange.ts';

/** Writes the 200; undefined when it was written at once, else a promise that rejects when the body could not be delivered in full. */
export type Deliver = (exchange: Exchange, build: Build, representation: Representation) => Promise<void> | undefined;

/** Streams from local files through `cache`, or forwards to `proxy` when one is configured. */
export function createDeliver(cache: FileCache, proxy: OriginProxy | undefined): Deliver {
  if (proxy !== undefined)
    return (exchange, _build, representation) =>
      proxy.forward(exchange.request, exchange.response as NonNullable<Exchange['response']>, representation, exchange.headers);
  return (exchange, build, representation) =>
    sendFile(exchange.response as NonNullable<Exchange['response']>, exchange.method, build.root, representation, cache, exchange.headers);
}
