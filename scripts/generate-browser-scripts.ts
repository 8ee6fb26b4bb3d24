/** `npm run generate:browser-scripts`: rewrites browser/*.js from browser/*.ts (test/browser-scripts.test.ts checks they are current). */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BROWSER_DIR, BROWSER_SCRIPTS, browserScriptSource } from './browser-scripts.ts';

for (const name of BROWSER_SCRIPTS) {
  const file = join(BROWSER_DIR, `${name}.js`);
  writeFileSync(file, await browserScriptSource(name));
  console.log(`wrote ${file}`);
}
