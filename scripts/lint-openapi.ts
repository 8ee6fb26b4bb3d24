/** `npm run lint:openapi -- FILE…`: lints built OpenAPI documents (redocly.yaml); exit code 1 on any problem, error or warning. */
import { readFileSync } from 'node:fs';
import { lintOpenApi } from './openapi-lint.ts';

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error('usage: npm run lint:openapi -- dist/public/openapi.json');
  process.exit(2);
}
let count = 0;
for (const file of files) {
  for (const problem of await lintOpenApi(readFileSync(file, 'utf8'))) {
    count += 1;
    console.log(`${file}#${problem.pointer}: ${problem.severity} ${problem.rule}: ${problem.message}`);
  }
}
console.log(count === 0 ? `${files.length} document(s): no problems` : `${count} problem(s)`);
process.exitCode = count === 0 ? 0 : 1;
