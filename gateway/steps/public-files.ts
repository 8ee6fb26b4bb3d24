/** Step 4, public files (`dist/public`): no key, never counted, cacheable by anyone; a folder-like path answers with its index.html. */
import type { Build } from '../build-source.ts';
import { isNotModified, selectRepresentation } from '../serve-file.ts';
import type { Exchange } from './exchange.ts';
import { answerNotModified, narrowCorsToPublicFile } from './respond.ts';

const PUBLIC_CACHE_CONTROL = 'public, max-age=86400, stale-while-revalidate=86400';

/** Answers the public file the path names, or lets the request through when there is none. */
export function servePublic(exchange: Exchange): void {
  const build = exchange.build as Build;
  const fileKey = publicFileKey(build, exchange.path);
  if (fileKey === undefined) return;
  // A query on a static file (a cache buster, say) is ignored, as a CDN would.
  const entry = build.manifest.files[fileKey];
  if (entry === undefined) return;
  exchange.routeId = 'public';
  const representation = selectRepresentation(fileKey, entry, exchange.request.headers);
  exchange.representation = representation;
  exchange.headers['Cache-Control'] = PUBLIC_CACHE_CONTROL;
  narrowCorsToPublicFile(exchange);
  if (isNotModified(exchange.request.headers, representation.etag)) answerNotModified(exchange, representation.validators);
  else exchange.answer = { kind: 'file', build, representation };
}

/** `public/<path>`, or `public/<path>/index.html` for folder-like paths, when the manifest lists it (`path` has no leading slash). */
export function publicFileKey(build: Build, path: string): string | undefined {
  const files = build.manifest.files;
  const direct = `public/${path}`;
  if (path.length > 0 && !path.endsWith('/') && Object.hasOwn(files, direct)) return direct;
  const last = path.slice(path.lastIndexOf('/') + 1);
  if (last === '' || !last.includes('.')) {
    const index = `public/${path.endsWith('/') ? path : `${path}/`}index.html`;
    const key = index.startsWith('public//') ? `public/${index.slice(8)}` : index;
    if (Object.hasOwn(files, key)) return key;
  }
  return undefined;
}
