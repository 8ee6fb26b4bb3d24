/**
 * The source of `client/api-types.ts`: the OpenAPI document of the fixture dataset's model (the
 * artefact alone, not a whole build), without the response examples (data, not types), through openapi-typescript. The keyed schemas
 * and enums come from `schemas/`, not from the data, so any dataset gives the same types.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openApiDocument } from '../generator/artefacts/openapi.ts';
import { routes } from '../generator/routes/index.ts';
import { canonicalJson } from '../generator/canonical-json.ts';
import { prepare } from '../generator/compile.ts';
import { readDataset } from '../generator/dataset/read-dataset.ts';
import { generateTypes } from '../tools/openapi-types/generate.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Where the generated types are committed. */
export const CLIENT_TYPES_PATH = join(ROOT, 'client/api-types.ts');

/** Generates the types from the document a build of the fixture writes (in its canonical key order, as published). */
export async function clientTypesSource(): Promise<string> {
  const result = prepare(readDataset(join(ROOT, 'test/fixtures/mini')), { baseUrl: 'http://localhost:8787', displayDir: 'mini' });
  if (!result.ok) throw new Error(`the fixture does not load: ${JSON.stringify(result.problems.slice(0, 3))}`);
  return generateTypes(withoutExamples(JSON.parse(canonicalJson(openApiDocument(result.model, routes)))) as object);
}

/** A copy without the `example` of media types: whole responses, which would only bloat the doc comments. */
function withoutExamples(value: unknown, key = ''): unknown {
  if (Array.isArray(value)) return value.map((item) => withoutExamples(item));
  if (value === null || typeof value !== 'object') return value;
  const isMediaType = key.includes('/');
  return Object.fromEntries(
    Object.entries(value)
      .filter(([name]) => !(isMediaType && name === 'example'))
      .map(([name, item]) => [name, withoutExamples(item, name)]),
  );
}
