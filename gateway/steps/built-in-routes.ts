/** Step 2, the paths the gateway answers itself: /healthz, /readyz, the problem types under /problems, and the API explorer under /docs. */
import { createDocs } from '../http/api-docs.ts';
import type { BuildSource } from '../build/build-source.ts';
import { HttpError } from '../http-error.ts';
import { problemPage } from '../http/problem-pages.ts';
import type { Store } from '../store.ts';
import type { Exchange } from './exchange.ts';
import { answerJson, RETRY_AFTER_UNAVAILABLE } from './respond.ts';
import type { Step } from './step.ts';

/** First path segments the gateway answers itself. */
const BUILT_IN = ['healthz', 'readyz', 'problems', 'docs'];

/** True when `path`'s first segment is one of BUILT_IN: compared in place, so other requests (all the API) allocate nothing here. */
function isBuiltIn(path: string): boolean {
  for (const segment of BUILT_IN)
    if (path.startsWith(segment) && (path.length === segment.length || path.charCodeAt(segment.length) === 0x2f)) return true;
  return false;
}

/** What `/readyz` asks of the store: that it answers, and that it can be written (the embedded store's check has a deadline). */
export type ReadinessStore = Pick<Store, 'ping' | 'kind' | 'warnings'>;

/** The built-in routes step; `/readyz` asks the store and the build source. */
export function createBuiltInRoutes(builds: BuildSource, store: ReadinessStore): Step {
  const docs = createDocs();
  const ready = async (exchange: Exchange): Promise<void> => {
    const build = builds.current();
    const storeError = await store.ping().then(
      () => undefined,
      (error: unknown) => error as Error,
    );
    if (build === undefined || storeError !== undefined) {
      const code = build === undefined ? 'build-unavailable' : 'store-unavailable';
      throw new HttpError(
        code,
        build === undefined ? 'No data build is loaded.' : `The ${store.kind} store cannot be used: ${storeError?.message ?? ''}`.trim(),
        { headers: { 'Retry-After': RETRY_AFTER_UNAVAILABLE }, cause: storeError },
      );
    }
    const warnings = await store.warnings().catch(() => []);
    answerJson(
      exchange,
      200,
      { status: 'ready', build: build.manifest.build, store: store.kind, ...(warnings.length > 0 ? { warnings } : {}) },
      'no-store',
    );
  };
  return (exchange) => {
    if (!isBuiltIn(exchange.path)) return;
    const path = `/${exchange.path}`;
    exchange.routeId = 'built-in';
    if (path === '/healthz') return answerJson(exchange, 200, { status: 'ok' }, 'no-store');
    if (path === '/readyz') return ready(exchange);
    const problem = problemPage(path);
    const asset = problem === undefined ? docs(path) : { type: 'text/html; charset=utf-8', bytes: problem };
    if (asset === undefined) {
      exchange.routeId = undefined;
      return;
    }
    exchange.answer = {
      kind: 'bytes',
      status: 200,
      headers: { 'Content-Type': asset.type, 'Content-Length': String(asset.bytes.length), 'Cache-Control': 'public, max-age=3600' },
      body: asset.bytes,
    };
  };
}
