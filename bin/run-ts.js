#!/usr/bin/env node
// Runs a TypeScript script (import scripts, the benchmark) through tsx's loader.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';

const [script, ...rest] = process.argv.slice(2);
if (!script) {
  console.error('usage: node bin/run-ts.js SCRIPT.ts [ARGS…]');
  process.exit(2);
}
process.argv = [process.argv[0] ?? 'node', script, ...rest];
register();
await import(pathToFileURL(resolve(script)).href);
