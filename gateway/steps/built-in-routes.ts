/** Step 0, the paths the gateway answers itself: /healthz, /readyz, the problem types under /problems, and the API explorer under /docs. */
import { createDocs } from '../api-docs.ts';
import type { BuildSource } from '../build-source.ts';
import { HttpError } from '../http-error.ts';
import { problemPage } from '../problem-pages.ts';
import type { Store } from '../store.ts';
import type { Exchange } from './exchange.ts';
import { RETRY_AFTER_UNAVAILABLE, sendJson } from './respond.ts';

/** Answers a built-in path and returns true, or returns false for anything else. */
export type ServeBuiltIn = (exchange: Exchange) => Promise<boolean>;

/** The built-in routes; `/readyz` asks the store and the build source. */
export function createBuiltInRoutes(builds: BuildSource, store: Pick<Store, 'ping' | 'kind' | 'warnings'>): ServeBuiltIn {
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
        const code = build === undefined ? 'build-unavailable' : 'store-unavailable';
        throw new HttpError(code, build === undefined ? 'No data build is loaded.' : `The ${store.kind} store is unreachable.`, {
          headers: { 'Retry-After': RETRY_AFTER_UNAVAILABLE },
          cause: storeError,
        });
      }
      const warnings = await store.warnings().catch(() => []);
      sendJson(
        exchange,
        200,
        { status: 'ready', build: build.manifest.build, store: store.kind, ...(warnings.length > 0 ? { warnings } : {}) },
        'no-store',
      );
      return true;
    }
    const problem = problemPage(path);
    const asset = problem === undefined ? docs(path) : { type: 'text/html; charset=utf-8', bytes: problem };
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
