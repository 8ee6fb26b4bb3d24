/**
 * The scripts readers' browsers run (issue 42, item 3): each `browser/<name>.js` is the bundle of
 * `browser/<name>.ts` as committed, so the ranking order, the wallet chooser and the search they run
 * are the `schemas/` modules the engine, the client and MCP run; and `browser/` type-checks.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { BROWSER_DIR, BROWSER_SCRIPTS, browserScriptSource } from '../scripts/browser-scripts.ts';
import { ROOT } from './helpers/cli.ts';

const shipped = (name: string) => readFileSync(join(BROWSER_DIR, `${name}.js`), 'utf8');

describe('browser scripts', () => {
  it.each(BROWSER_SCRIPTS)('ships browser/%s.js as the current bundle of its TypeScript source', async (name) => {
    expect(shipped(name) === (await browserScriptSource(name)), 'run npm run generate:browser-scripts').toBe(true);
  });

  it('bundles the ranking order and the chooser from schemas/ into "My cards" and the widget, the search into the home page and the widget', () => {
    // esbuild names each module it bundles in a comment: the code under it is that module's, not a copy.
    const modules = (name: string) => [...shipped(name).matchAll(/^ {2}\/\/ (schemas\/[\w-]+\.ts)$/gm)].map((match) => match[1]);
    expect(modules('wallet')).toEqual(expect.arrayContaining(['schemas/rank-order.ts', 'schemas/choose-from-wallet.ts']));
    expect(modules('mcc-widget')).toEqual(
      expect.arrayContaining(['schemas/rank-order.ts', 'schemas/choose-from-wallet.ts', 'schemas/search-match.ts']),
    );
    expect(modules('search')).toContain('schemas/search-match.ts');
    // And none of them sorts by the order's keys itself.
    for (const name of BROWSER_SCRIPTS)
      expect(readFileSync(join(BROWSER_DIR, `${name}.ts`), 'utf8')).not.toMatch(/annual_fee|typical_cents/);
  });

  it('bundles one "My cards" picker (browser/my-cards.ts) into the site\'s pages and the widget, and neither keeps its own', () => {
    const modules = (name: string) => [...shipped(name).matchAll(/^ {2}\/\/ (browser\/[\w-]+\.ts)$/gm)].map((match) => match[1]);
    expect(modules('wallet')).toContain('browser/my-cards.ts');
    expect(modules('mcc-widget')).toContain('browser/my-cards.ts');
    // The storage key is written once, in the shared module.
    for (const name of ['wallet', 'mcc-widget'])
      expect(readFileSync(join(BROWSER_DIR, `${name}.ts`), 'utf8')).not.toContain('cardrewards.wallet');
  });

  it('type-checks browser/ with the DOM library (tsc -p browser)', async () => {
    const tsc = join(ROOT, 'node_modules/.bin/tsc');
    const result = await promisify(execFile)(tsc, ['--noEmit', '-p', join(ROOT, 'browser')], { cwd: ROOT }).then(
      () => ({ code: 0, stdout: '' }),
      (error: { code?: number; stdout?: string }) => ({ code: error.code ?? 1, stdout: error.stdout ?? '' }),
    );
    expect(result).toEqual({ code: 0, stdout: '' });
  });
});
