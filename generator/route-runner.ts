/**
 * The one place that turns a route's outputs into files: it picks the variant each output names by
 * its parameters, renders the file path from that variant's template, and pages lists with links
 * rendered from the route's path. Routes never spell an output path themselves.
 */
import type { OutputDocument } from './artefact.ts';
import type { RouteDefinition, RouteOutput, RouteParams } from './route.ts';
import type { ManifestVariant } from '../schemas/manifest.ts';
import { PAGE_SIZE } from '../schemas/param-kinds.ts';
import { renderTemplate, templateParams } from '../schemas/path-template.ts';

export { PAGE_SIZE };

/** Fixed-size pages of a list, one file per page, each saying where the next and previous are. */
export interface PagingTarget {
  /** File of page `n`. */
  readonly file: (page: number) => string;
  /** Request path of page `n` (for next/prev). */
  readonly link: (page: number) => string;
  readonly schema: object;
}

/** Splits `items` into pages; an empty list still has page 1. */
export function* pages<T>(items: readonly T[], target: PagingTarget): Iterable<OutputDocument> {
  const totalPages = Math.max(1, Math.ceil(items.length / PAGE_SIZE));
  for (let page = 1; page <= totalPages; page++) {
    yield {
      path: target.file(page),
      schema: target.schema,
      document: {
        data: items.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE),
        page,
        page_size: PAGE_SIZE,
        total: items.length,
        total_pages: totalPages,
        next: page < totalPages ? target.link(page + 1) : null,
        prev: page > 1 ? target.link(page - 1) : null,
      },
    };
  }
}

/** `path?query&page=n`, with page 1 written without the parameter. */
export function pageLink(path: string, query: Readonly<Record<string, string>> = {}): (page: number) => string {
  return (page) => {
    const parameters = new URLSearchParams({ ...query, ...(page > 1 ? { page: String(page) } : {}) }).toString();
    return parameters ? `${path}?${parameters}` : path;
  };
}

/** The placeholders that pick a variant: every one of its file template's but `{page}`, sorted. */
const variantKey = (names: Iterable<string>) =>
  [...names]
    .filter((name) => name !== 'page')
    .sort()
    .join(',');

const variantsByKey = new WeakMap<RouteDefinition, ReadonlyMap<string, ManifestVariant>>();

/** A route's variants by the placeholders they need; two variants that need the same ones would make a derivation ambiguous. */
function variantIndex(route: RouteDefinition): ReadonlyMap<string, ManifestVariant> {
  let index = variantsByKey.get(route);
  if (!index) {
    const built = new Map<string, ManifestVariant>();
    for (const variant of route.variants) {
      const key = variantKey(templateParams(variant.file));
      const other = built.get(key);
      if (other && other.file !== variant.file) {
        throw new Error(`route ${route.id}: ${other.file} and ${variant.file} take the same parameters (${key})`);
      }
      if (!other) built.set(key, variant);
    }
    index = built;
    variantsByKey.set(route, index);
  }
  return index;
}

/** The variant whose file template has exactly the placeholders of `params`. */
function variantFor(route: RouteDefinition, params: RouteParams): ManifestVariant {
  const variant = variantIndex(route).get(variantKey(Object.keys(params)));
  if (!variant) {
    const known = route.variants.map((v) => v.file).join(', ');
    throw new Error(`route ${route.id}: no variant takes {${Object.keys(params).join('}, {')}} (variants: ${known})`);
  }
  return variant;
}

/** The request path of a page of this variant: the route's path with its parameters, then the variant's query in its order. */
function pageLinkFor(route: RouteDefinition, variant: ManifestVariant, params: RouteParams): (page: number) => string {
  const path = renderTemplate(route.path, params);
  const query = Object.fromEntries(Object.keys(variant.query).map((name) => [name, params[name] as string]));
  return pageLink(path, query);
}

/** A file template with its placeholders unnamed, so `…/mcc/{code}.json` and `…/mcc/{mcc}.json` are one file. */
const fileShape = (file: string) => file.replace(/\{[^{}]+\}/g, '{}');

/** The variants each route answers from another route's files (set by `checkSharedFiles`). */
const servedFromOthers = new WeakMap<RouteDefinition, ReadonlySet<ManifestVariant>>();

/**
 * Two routes may answer from the same file only when one says so (`servesFilesOf`, in
 * schemas/keyed-routes.ts): equal strings alone would let one route's change move the other's
 * answers unseen. Throws on a shared file that is not declared, or declared but not shared; the
 * runner then refuses a route's output for a file it serves from another route.
 */
export function checkSharedFiles(routes: readonly RouteDefinition[]): void {
  const owners = new Map<string, RouteDefinition>();
  for (const route of routes) {
    if (route.servesFilesOf.length > 0) continue;
    for (const variant of route.variants) {
      const shape = fileShape(variant.file);
      const other = owners.get(shape);
      if (other && other !== route) throw new Error(`routes ${other.id} and ${route.id} both write ${variant.file}`);
      owners.set(shape, route);
    }
  }
  for (const route of routes) {
    const served = new Set<ManifestVariant>();
    const servedOwners = new Set<string>();
    for (const variant of route.variants) {
      const owner = owners.get(fileShape(variant.file));
      if (owner === undefined || owner === route) continue;
      if (!route.servesFilesOf.includes(owner.id))
        throw new Error(`route ${route.id} answers from ${variant.file}, a file of ${owner.id}, without servesFilesOf: ['${owner.id}']`);
      served.add(variant);
      servedOwners.add(owner.id);
    }
    for (const id of route.servesFilesOf) {
      if (!servedOwners.has(id)) throw new Error(`route ${route.id} declares servesFilesOf: ['${id}'] but answers from none of its files`);
    }
    servedFromOthers.set(route, served);
  }
}

/** The files of one output of `route`. */
export function* renderOutput(route: RouteDefinition, output: RouteOutput): Iterable<OutputDocument> {
  if ('fallback' in output) {
    // The variant whose fallback template names exactly the output's parameters (none for a plain fallback file).
    const params = output.params ?? {};
    const names = Object.keys(params).sort().join(',');
    const file = route.variants.find(
      (variant) => variant.fallback !== undefined && templateParams(variant.fallback).sort().join(',') === names,
    )?.fallback;
    if (file === undefined)
      throw new Error(`route ${route.id} yields a fallback document for {${names}} but declares no such fallback file`);
    yield { path: renderTemplate(file, params), document: output.fallback, schema: route.schema };
    return;
  }
  const variant = variantFor(route, output.params);
  if (servedFromOthers.get(route)?.has(variant))
    throw new Error(`route ${route.id} derives ${variant.file}, which it serves from another route's files`);
  if ('pages' in output) {
    yield* pages(output.pages, {
      file: (page) => renderTemplate(variant.file, { ...output.params, page }),
      link: pageLinkFor(route, variant, output.params),
      schema: route.schema,
    });
  } else if ('list' in output) {
    yield {
      path: renderTemplate(variant.file, output.params),
      document: { data: output.list, total: output.list.length },
      schema: route.schema,
    };
  } else if ('bytes' in output) {
    yield { path: renderTemplate(variant.file, output.params), bytes: output.bytes };
  } else {
    yield { path: renderTemplate(variant.file, output.params), document: output.document, schema: route.schema };
  }
}

/** Every file of `outputs`, derived by `route`. */
export function* renderRoute(route: RouteDefinition, outputs: Iterable<RouteOutput>): Iterable<OutputDocument> {
  for (const output of outputs) yield* renderOutput(route, output);
}
