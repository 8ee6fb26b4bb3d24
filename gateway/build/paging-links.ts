/**
 * RFC 8288 `Link` headers for paged lists: first, prev, next and last, each on the route and
 * query the client used (so `/api/merchants?mcc=5411` pages stay on `/api/merchants`, whatever
 * file answers). The last page is found once per list and build from the manifest's files.
 */
import type { Manifest } from '../parse-manifest.ts';
import { fileTemplateOf, pageParameterOf, type ResolvedFile } from './resolve-file.ts';

const lastPages = new WeakMap<Manifest, Map<string, number>>();

/**
 * The Link header of a paged answer, or undefined when the route does not page. `path` is the
 * request's decoded path without its leading slash (the exchange's `path`).
 */
export function pagingLinks(manifest: Manifest, resolved: ResolvedFile, path: string, query: URLSearchParams): string | undefined {
  const { variant, values } = resolved;
  const name = pageParameterOf(variant);
  if (name === undefined) return undefined;
  const page = Number(values[name] ?? '1');
  const last = lastPage(manifest, fileTemplateOf(variant), values, name);
  if (last === 0) return undefined;
  const link = (target: number, rel: string) => {
    const params = new URLSearchParams(query);
    if (target === 1) params.delete(name);
    else params.set(name, String(target));
    const search = params.toString();
    return `</${path}${search === '' ? '' : `?${search}`}>; rel="${rel}"`;
  };
  const links = [link(1, 'first')];
  if (page > 1) links.push(link(Math.min(page - 1, last), 'prev'));
  if (page < last) links.push(link(page + 1, 'next'));
  links.push(link(last, 'last'));
  return links.join(', ');
}

/** The highest page whose file exists for these parameter values (0 when not even page 1 does). */
function lastPage(
  manifest: Manifest,
  template: (values: Readonly<Record<string, string>>) => string,
  values: Readonly<Record<string, string>>,
  name: string,
): number {
  let cache = lastPages.get(manifest);
  if (cache === undefined) {
    cache = new Map();
    lastPages.set(manifest, cache);
  }
  const list = template({ ...values, [name]: '{page}' });
  let last = cache.get(list);
  if (last === undefined) {
    last = 0;
    while (Object.hasOwn(manifest.files, list.replace('{page}', String(last + 1)))) last++;
    cache.set(list, last);
  }
  return last;
}
