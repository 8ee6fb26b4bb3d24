/** Public files (`dist/public`): no key, never counted, cacheable by anyone; a folder-like path answers with its index.html. */
import type { Build } from '../build-source.ts';
import { isNotModified, representationHeaders, selectRepresentation } from '../serve-file.ts';
import type { Deliver } from './deliver.ts';
import type { Exchange } from './exchange.ts';
import { sendNotModified } from './respond.ts';

const PUBLIC_CACHE_CONTROL = 'public, max-age=86400, stale-while-revalidate=86400';

/** Serves the public file the path names and returns true, or returns false when there is none. */
export async function servePublic(exchange: Exchange, build: Build, deliver: Deliver): Promise<boolean> {
  const fileKey = publicFileKey(build, exchange.segments);
  if (fileKey === undefined) return false;
  // A query on a static file (a cache buster, say) is ignored, as a CDN would.
  const entry = build.manifest.files[fileKey];
  if (entry === undefined) return false;
  exchange.routeId = 'public';
  const representation = selectRepresentation(fileKey, entry, exchange.request.headers);
  exchange.response.setHeader('Cache-Control', PUBLIC_CACHE_CONTROL);
  if (isNotModified(exchange.request.headers, representation.etag))
    sendNotModified(exchange.response, representationHeaders(representation));
  else await deliver(exchange, build, representation);
  return true;
}

/** `public/<path>`, or `public/<path>/index.html` for folder-like paths, when the manifest lists it. */
export function publicFileKey(build: Build, segments: readonly string[]): string | undefined {
  const path = segments.join('/');
  const files = build.manifest.files;
  const direct = `public/${path}`;
  if (path.length > 0 && !path.endsWith('/') && Object.hasOwn(files, direct)) return direct;
  const last = segments[segments.length - 1] ?? '';
  if (last === '' || !last.includes('.')) {
    const index = `public/${path.replace(/\/?$/, '/')}index.html`.replace('public//', 'public/');
    if (Object.hasOwn(files, index)) return index;
  }
  return undefined;
}
