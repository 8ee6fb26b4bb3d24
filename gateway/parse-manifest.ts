/**
 * The gateway's view of `dist/manifest.json` (docs/manifest.md): the files of one build and the
 * keyed routes that map requests onto them. Loading checks every shape the gateway relies on, so a
 * malformed manifest is refused at load time instead of failing requests.
 */
import { GatewayError } from './errors.ts';
import {
  manifestSchema,
  PARAM_KINDS,
  TIERS,
  type ManifestFile,
  type Manifest,
  type ManifestRoute,
  type ManifestVariant,
  type ParamKind,
  type Tier,
} from '../schemas/manifest.ts';
import { templateParams } from '../schemas/path-template.ts';
import { validatorFor } from '../schemas/validator.ts';
import { LONGEST_PIECE_BYTES, parseJsonBytes } from '../tree/parse-json-bytes.ts';

export { PARAM_KINDS, TIERS, type Manifest, type ManifestFile, type ManifestRoute, type ManifestVariant, type ParamKind, type Tier };

/** Parses and checks a manifest document against the generator's own schema; throws `ERR_MANIFEST_INVALID` listing every problem found. */
export function parseManifest(bytes: Uint8Array, source: string): Manifest {
  let document: unknown;
  try {
    // As bytes, a manifest may be longer than a string can be (a tree of millions of files): then parsed in pieces.
    document = parseJsonBytes(bytes, LONGEST_PIECE_BYTES);
  } catch (error) {
    throw new GatewayError('ERR_MANIFEST_INVALID', `${source} is not JSON: ${(error as Error).message}`, { cause: error });
  }
  const validateManifest = validatorFor<Manifest>(manifestSchema);
  const problems = validateManifest(document)
    ? document.routes.flatMap(routeProblems)
    : (validateManifest.errors ?? [])
        .filter((e) => e.keyword !== 'propertyNames')
        .map(
          (e) =>
            `${e.instancePath || '/'}${e.propertyName === undefined ? '' : ` key ${JSON.stringify(e.propertyName)}`} ${e.message ?? e.keyword}`,
        );
  if (problems.length > 0) throw new GatewayError('ERR_MANIFEST_INVALID', `${source} is invalid:\n  ${problems.slice(0, 20).join('\n  ')}`);
  return document as Manifest;
}

/** What the schema cannot say: every path parameter has a kind, and a route has variants unless the gateway answers it. */
function routeProblems(route: ManifestRoute): string[] {
  const problems: string[] = [];
  const where = `route ${route.id}`;
  for (const name of templateParams(route.path)) {
    if (!route.params[name]) problems.push(`${where}: path parameter {${name}} has no kind in params`);
  }
  for (const variant of route.variants) {
    const declared = { ...route.params, ...variant.query, ...variant.optional };
    for (const name of templateParams(variant.file))
      if (!declared[name]) problems.push(`${where}: {${name}} in ${variant.file} is not a parameter of the route`);
  }
  if (route.dynamic === undefined && route.variants.length === 0) problems.push(`${where} has no variants`);
  return problems;
}
