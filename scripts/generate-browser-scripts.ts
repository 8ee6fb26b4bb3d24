/**
 * `npm run generate:browser-scripts`: rewrites browser/*.js from browser/*.ts and extension/*.js from
 * extension/*.ts (test/browser-scripts.test.ts and test/extension-build.test.ts check they are current).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BROWSER_DIR, BROWSER_SCRIPTS, browserScriptSource, EXTENSION_DIR, EXTENSION_SCRIPTS } from './browser-scripts.ts';

for (const [dir, names] of [
  [BROWSER_DIR, BROWSER_SCRIPTS],
  [EXTENSION_DIR, EXTENSION_SCRIPTS],
] as const) {
  for (const name of names) {
    const file = join(dir, `${name}.js`);
    writeFileSync(file, await browserScriptSource(name, dir));
    console.log(`wrote ${file}`);
  }
}
