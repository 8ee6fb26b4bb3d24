/**
 * The scripts the site serves to readers' browsers (`browser/*.js`), bundled from their TypeScript
 * sources (`browser/*.ts`), which import the ranking order, the wallet chooser and the search from
 * `schemas/`: one definition, run by the engine, the client, MCP and the browser alike. Each bundle
 * is one self-contained script (the embed snippet loads a single file) with no dependency.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** Where the sources and the committed bundles live (tree/package-info.ts's BROWSER_ASSETS_DIR). */
export const BROWSER_DIR = join(ROOT, 'browser');
/** The entry points: each `browser/<name>.ts` becomes `browser/<name>.js`. */
export const BROWSER_SCRIPTS: readonly string[] = ['search', 'wallet', 'mcc-widget'];
/** The browser extension's scripts (docs/extension.md), bundled the same way: `extension/<name>.ts` becomes `extension/<name>.js`. */
export const EXTENSION_DIR = join(ROOT, 'extension');
export const EXTENSION_SCRIPTS: readonly string[] = ['background', 'popup', 'options'];

/** The bundle of `<dir>/<name>.ts` (browser/ unless said), headed by its source's own opening comment and a note that it is generated. */
export async function browserScriptSource(name: string, dir: string = BROWSER_DIR): Promise<string> {
  const entry = join(dir, `${name}.ts`);
  const opening = /^\/\*[\s\S]*?\*\//.exec(readFileSync(entry, 'utf8'))?.[0] ?? '';
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    // Browsers of the last few years; the code uses nothing newer than ES2022 (Object.hasOwn, ??=).
    target: 'es2022',
    charset: 'utf8',
    legalComments: 'none',
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]?.text ?? '';
  const folder = dir === BROWSER_DIR ? 'browser' : 'extension';
  return `${opening}\n// Generated from ${folder}/${name}.ts by \`npm run generate:browser-scripts\`: edit that file, not this one.\n${code}`;
}
