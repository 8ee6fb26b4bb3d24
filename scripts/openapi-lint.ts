/**
 * Lints an OpenAPI document with Redocly's rules as configured in `redocly.yaml` (recommended-strict
 * plus the optional rules that fit us). `@redocly/openapi-core` is the engine of `@redocly/cli` 1.x,
 * without the CLI's documentation renderer; it runs on Node 20.
 */
import { fileURLToPath } from 'node:url';
import { lintFromString, loadConfig } from '@redocly/openapi-core';

const CONFIG = fileURLToPath(new URL('../redocly.yaml', import.meta.url));

/** One problem, located by JSON pointer. */
export interface OpenApiProblem {
  readonly rule: string;
  readonly severity: string;
  readonly pointer: string;
  readonly message: string;
}

/** Every problem the configured rules find in `source` (the document's JSON text). */
export async function lintOpenApi(source: string): Promise<OpenApiProblem[]> {
  const config = await loadConfig({ configPath: CONFIG });
  const problems = await lintFromString({ source, absoluteRef: 'openapi.json', config });
  return problems.map((problem) => ({
    rule: problem.ruleId,
    severity: problem.severity,
    pointer: problem.location[0]?.pointer ?? '',
    message: problem.message,
  }));
}
