#!/usr/bin/env node
// Runs the compiled CLI (`npm run compile` writes lib/; `npm start`, `npm test` and `npm install` compile first).
import { existsSync } from 'node:fs';

const entry = new URL('../lib/cli/cardrewards.js', import.meta.url);
if (!existsSync(entry)) {
  console.error('cardrewards: the compiled code is missing (lib/cli/cardrewards.js); run `npm run compile` first');
  process.exit(2);
}
await import(entry.href);
