/**
 * The values a list's filter can take, read from the files its variant's template names:
 * `keyed/api/cards/by-issuer/{issuer}/page-{page}.json` allows exactly the issuers that have a file.
 * A filter (a slug query parameter of a paged list: issuer, network, segment, group) is an
 * enumeration, so an unknown value is a 400 that lists the allowed ones. Lookups (a merchant, a
 * domain, a card) are not filters: an unknown one is a 404 naming it. A filter with more values
 * than a client could use as a list is answered like a lookup.
 */
import type { Manifest, ManifestVariant } from '../parse-manifest.ts';
import { templatePattern, templateParams } from '../../schemas/path-template.ts';

/** Above this many values a parameter names a thing rather than picks a facet. */
export const MAX_FACET_VALUES = 60;

const cache = new WeakMap<Manifest, Map<string, readonly string[] | null>>();

/** The sorted values of parameter `name` of `variant` when it filters a paged list, else null. */
export function facetValues(manifest: Manifest, variant: ManifestVariant, name: string): readonly string[] | null {
  if (!Object.values(variant.optional).includes('page')) return null;
  let known = cache.get(manifest);
  if (known === undefined) {
    known = new Map();
    cache.set(manifest, known);
  }
  const id = `${variant.file}\u0000${name}`;
  let values = known.get(id);
  if (values === undefined) {
    values = collect(manifest, variant.file, name);
    known.set(id, values);
  }
  return values;
}

function collect(manifest: Manifest, template: string, name: string): readonly string[] | null {
  const names = templateParams(template);
  // One capture per placeholder, in order; only the wanted one is kept.
  const pattern = templatePattern(template);
  const at = names.indexOf(name);
  if (at === -1) return null;
  const values = new Set<string>();
  for (const file of Object.keys(manifest.files)) {
    const match = pattern.exec(file);
    if (match === null) continue;
    values.add(match[at + 1] as string);
    if (values.size > MAX_FACET_VALUES) return null;
  }
  return values.size === 0 ? null : [...values].sort();
}
