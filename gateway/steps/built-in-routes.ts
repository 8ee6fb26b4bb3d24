/** Step 0, the paths the gateway answers itself: /healthz, /readyz and the API explorer under /docs. */
import { createDocs } from '../api-docs.ts';
import type { BuildSource } from '../build-source.ts';
import { HttpError } from '../http-error.ts';
import type { Store } from '../store.ts';
import type { Exchange } from './exchange.ts';
import { RETRY_AFTER_UNAVAILABLE, sendJson } from './respond.ts';

/** Answers a built-in path and returns true, or returns false for anything else. */
export type ServeBuiltIn = (exchange: Exchange) => Promise<boolean>;

/** The built-in routes; `/readyz` asks the store and the build source. */
export function createBuiltInRoutes(builds: BuildSource, store: Pick<Store, 'ping' | 'kind'>): ServeBuiltIn {
  const docs = createDocs();
  return async (exchange) => {
    const path = `/${exchange.segments.join('/')}`;
    if (path === '/healthz') {
      sendJson(exchange, 200, { status: 'ok' }, 'no-store');
      return true;
    }
    if (path === '/readyz') {
      const build = builds.current();
      const storeError = await store.ping().then(
        () => undefined,
        (error: unknown) => error as Error,
      );
      if (build === undefined || storeError !== undefined) {
        throw new HttpError(503, build === undefined ? 'No data build is loaded.' : `The ${store.kind} store is unreachable.`, {
          headers: { 'Retry-After': RETRY_AFTER_UNAVAILABLE },
          cause: storeError,
        });
      }
      sendJson(exchange, 200, { status: 'ready', build: build.manifest.build, store: store.kind }, 'no-store');
      return true;
    }
    const asset = docs(path);
    if (asset === undefined) return false;
    exchange.response.writeHead(200, {
      'Content-Type': asset.type,
      'Content-Length': String(asset.bytes.length),
      'Cache-Control': 'public, max-age=3600',
    });
    exchange.response.end(exchange.method === 'HEAD' ? undefined : asset.bytes);
    return true;
  };
}
