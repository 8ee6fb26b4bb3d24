/**
 * The source of `client/api-types.ts`: the fixture dataset compiled in memory, its OpenAPI document
 * without the response examples (data, not types), through openapi-typescript. The keyed schemas
 * and enums come from `schemas/`, not from the data, so any dataset gives the same types.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compile } from '../generator/compile.ts';
import { readDataset } from '../generator/read-dataset.ts';
import { generateTypes } from '../tools/openapi-types/generate.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Where the generated types are committed. */
export const CLIENT_TYPES_PATH = join(ROOT, 'client/api-types.ts');

/** Generates the types from the document a build of the fixture writes. */
export async function clientTypesSource(): Promise<string> {
  const result = compile(readDataset(join(ROOT, 'test/fixtures/mini')), { baseUrl: 'http://localhost:8787', displayDir: 'mini' });
  if (!result.ok) throw new Error(`the fixture does not build: ${JSON.stringify(result.problems.slice(0, 3))}`);
  const bytes = result.output.files.get('public/openapi.json');
  if (bytes === undefined) throw new Error('the build wrote no public/openapi.json');
  return generateTypes(withoutExamples(JSON.parse(bytes.toString('utf8'))) as object);
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
