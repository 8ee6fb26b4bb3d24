/** Step 4, public files (`dist/public`): no key, never counted, cacheable by anyone; a folder-like path answers with its index.html. */
import type { Build } from '../build/build-source.ts';
import { isNotModified, selectRepresentation } from '../http/serve-file.ts';
import type { Exchange } from './exchange.ts';
import { answerNotModified, narrowCorsToPublicFile } from './respond.ts';

const PUBLIC_CACHE_CONTROL = 'public, max-age=86400, stale-while-revalidate=86400';

/** Answers the public file the path names, or lets the request through when there is none. */
export function servePublic(exchange: Exchange): void {
  const build = exchange.build as Build;
  // A query on a static file (a cache buster, say) is ignored, as a CDN would.
  const file = build.publicFiles.get(exchange.path);
  if (file === undefined) return;
  exchange.routeId = 'public';
  const representation = selectRepresentation(file.key, file.entry, exchange.request.headers);
  exchange.representation = representation;
  exchange.headers['Cache-Control'] = PUBLIC_CACHE_CONTROL;
  narrowCorsToPublicFile(exchange);
  if (isNotModified(exchange.request.headers, representation.etag)) answerNotModified(exchange, representation.validators);
  else exchange.answer = { kind: 'file', build, representation };
}
