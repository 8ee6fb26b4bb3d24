/**
 * Turns a matched keyed route plus the query into one file of the tree (docs/manifest.md,
 * "Keyed routes"). Every candidate path is looked up in the manifest's `files`; a path that is not
 * a key there is never opened, which is what makes traversal impossible.
 */
import { HttpError } from '../http-error.ts';
import type { Manifest, ManifestRoute, ParamKind, ManifestVariant } from '../parse-manifest.ts';
import { facetValues } from './facet-values.ts';
import { normaliseParam } from './normalise-param.ts';
import { compileTemplate } from '../../schemas/path-template.ts';

/** The file to serve, and the variant and normalised parameter values that named it. */
export interface ResolvedFile {
  readonly fileKey: string;
  readonly variant: ManifestVariant;
  readonly values: Readonly<Record<string, string>>;
  /** True when no file matched the parameters and the variant's fallback answered. */
  readonly fallback: boolean;
}

/** Picks the variant, normalises every parameter and returns the file key to serve. */
export function resolveFile(
  manifest: Manifest,
  route: ManifestRoute,
  pathParams: Readonly<Record<string, string>>,
  query: URLSearchParams,
): ResolvedFile {
  const variants = route.variants ?? [];
  checkQueryNames(route, variants, query);
  const variant = variants.find((candidate) => namesOf(candidate).required.every((name) => query.has(name)));
  if (!variant)
    throw new HttpError('parameters-incomplete', `${route.path} needs ${describeVariants(variants)}.`, { allowed: variantForms(variants) });
  // Facets are precomputed one at a time: a second one would be silently ignored, so it is refused.
  const { accepted, query: queryKinds, optional: optionalKinds, file } = namesOf(variant);
  for (const name of query.keys()) {
    if (!accepted.has(name))
      throw new HttpError(
        'parameters-incomplete',
        `Query parameter "${name}" cannot be combined with the others: ${route.path} takes ${describeVariants(variants)}.`,
        { parameter: name, allowed: variantForms(variants) },
      );
  }

  const values: Record<string, string> = {};
  for (const [name, raw] of Object.entries(pathParams)) values[name] = normaliseParam(kindOf(route.params, name), name, raw);
  for (const [name, kind] of queryKinds) {
    values[name] = normaliseParam(kind, name, query.get(name) ?? '');
    const allowed = kind === 'slug' ? facetValues(manifest, variant, name) : null;
    if (allowed !== null && !allowed.includes(values[name] as string))
      throw new HttpError('parameter-invalid', `"${values[name]}" is not a value of "${name}"; allowed: ${allowed.join(', ')}.`, {
        parameter: name,
        allowed,
      });
  }
  for (const [name, kind] of optionalKinds) {
    const raw = query.get(name);
    if (raw !== null) values[name] = normaliseParam(kind, name, raw);
    else if (kind === 'page') values[name] = '1';
  }

  const found = variant.lookup === 'domain-suffix' ? lookupDomainSuffix(manifest, variant, values) : present(manifest, file(values));
  if (found !== undefined) return { fileKey: found, variant, values, fallback: false };
  // A fallback may name the variant's other parameters (`…/recommend/{segment}/_fallback.json`).
  const fallback = namesOf(variant).fallback?.(values);
  if (fallback !== undefined && Object.hasOwn(manifest.files, fallback)) return { fileKey: fallback, variant, values, fallback: true };
  throw new HttpError('not-found', `No ${route.path} resource matches this request: ${describeValues(values)}.`);
}

/** A variant's query names and file template, worked out once per variant (each build has its own objects). */
interface VariantNames {
  /** The required query parameters with their kinds, then their names alone. */
  readonly query: readonly (readonly [string, ParamKind])[];
  readonly required: readonly string[];
  /** The optional query parameters with their kinds. */
  readonly optional: readonly (readonly [string, ParamKind])[];
  readonly accepted: ReadonlySet<string>;
  /** The optional parameter that pages the answer, if the variant pages. */
  readonly page: string | undefined;
  /** The query parameter of kind `domain` (a domain-suffix lookup walks its parent domains), if any. */
  readonly domain: string | undefined;
  /** The variant's file template, compiled. */
  readonly file: (values: Readonly<Record<string, string>>) => string;
  /** The variant's fallback file template, compiled, if it has one. */
  readonly fallback: ((values: Readonly<Record<string, string>>) => string) | undefined;
}
const variantNames = new WeakMap<ManifestVariant, VariantNames>();
function namesOf(variant: ManifestVariant): VariantNames {
  let names = variantNames.get(variant);
  if (names === undefined) {
    const query = Object.entries(variant.query ?? {});
    const required = query.map(([name]) => name);
    const optional = Object.entries(variant.optional ?? {});
    names = {
      query,
      required,
      optional,
      accepted: new Set([...required, ...optional.map(([name]) => name)]),
      page: optional.find(([, kind]) => kind === 'page')?.[0],
      domain: [...query, ...optional].find(([, kind]) => kind === 'domain')?.[0],
      file: compileTemplate(variant.file),
      fallback: variant.fallback === undefined ? undefined : compileTemplate(variant.fallback),
    };
    variantNames.set(variant, names);
  }
  return names;
}

/** A variant's file template, compiled once per variant. */
export function fileTemplateOf(variant: ManifestVariant): (values: Readonly<Record<string, string>>) => string {
  return namesOf(variant).file;
}

/** The parameter that pages a variant's answers (`page`), or undefined when the variant does not page. */
export function pageParameterOf(variant: ManifestVariant): string | undefined {
  return namesOf(variant).page;
}

/** The query names any variant of a route takes, once per route. */
const routeNames = new WeakMap<ManifestRoute, ReadonlySet<string>>();

function checkQueryNames(route: ManifestRoute, variants: readonly ManifestVariant[], query: URLSearchParams): void {
  if (query.size === 0) return;
  let allowed = routeNames.get(route);
  if (allowed === undefined) {
    allowed = new Set(variants.flatMap((variant) => [...namesOf(variant).accepted]));
    routeNames.set(route, allowed);
  }
  const seen = new Set<string>();
  for (const name of query.keys()) {
    if (!allowed.has(name)) {
      const list = allowed.size === 0 ? 'no query parameters' : `only ${[...allowed].sort().join(', ')}`;
      throw new HttpError('parameter-unknown', `Unknown query parameter "${name}": ${route.path} takes ${list}.`, {
        parameter: name,
        allowed: [...allowed].sort(),
      });
    }
    if (seen.has(name))
      throw new HttpError('parameter-repeated', `Query parameter "${name}" is given more than once.`, { parameter: name });
    seen.add(name);
  }
}

/** Each variant's required parameters as `name=&name=`, for `allowed`. */
function variantForms(variants: readonly ManifestVariant[]): string[] {
  return variants.map((variant) =>
    Object.keys(variant.query ?? {})
      .map((name) => `${name}=`)
      .join('&'),
  );
}

/** `name=value` of every normalised parameter: what was not found. */
function describeValues(values: Readonly<Record<string, string>>): string {
  const pairs = Object.entries(values).map(([name, value]) => `${name}=${value}`);
  return pairs.length === 0 ? 'no parameters' : pairs.join(', ');
}

function describeVariants(variants: readonly ManifestVariant[]): string {
  const forms = variants
    .map((variant) =>
      Object.keys(variant.query ?? {})
        .map((name) => `${name}=`)
        .join('&'),
    )
    .filter((form) => form.length > 0);
  return forms.length === 0 ? 'no parameters' : `one of: ${forms.join(' | ')}`;
}

function kindOf(kinds: Readonly<Record<string, ParamKind>> | undefined, name: string): ParamKind {
  return kinds?.[name] ?? 'slug';
}

function present(manifest: Manifest, path: string): string | undefined {
  return Object.hasOwn(manifest.files, path) ? path : undefined;
}

/** The host's file, else each parent domain's while at least two labels remain. */
function lookupDomainSuffix(manifest: Manifest, variant: ManifestVariant, values: Record<string, string>): string | undefined {
  const { domain: name, file } = namesOf(variant);
  if (name === undefined) return present(manifest, file(values));
  let labels = (values[name] ?? '').split('.');
  while (labels.length >= 2) {
    const found = present(manifest, file({ ...values, [name]: labels.join('.') }));
    if (found !== undefined) return found;
    labels = labels.slice(1);
  }
  return undefined;
}
