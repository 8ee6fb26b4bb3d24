/**
 * The browser extension as the build packs it (issue 43): its committed scripts are the current
 * bundles of extension/*.ts (which take the chooser and the order from schemas/), and the ZIP under
 * the public site is byte-reproducible, holds no source and no remote code, and its manifest asks for
 * the least: storage and tabs, no host permission, no content script, a CSP that connects only to the
 * build's own origin (and this machine's, for a `cardrewards start`).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compile } from '../generator/compile.ts';
import { EXTENSION_FILES, EXTENSION_PUBLIC_KEY } from '../generator/site/extension-package.ts';
import { PUBLIC_FILES, publicFile } from '../schemas/public-files.ts';
import { browserScriptSource, EXTENSION_DIR, EXTENSION_SCRIPTS } from '../scripts/browser-scripts.ts';
import { fixtureWithAcceptance } from './helpers/acceptance-fixture.ts';
import { readZip } from './helpers/zip.ts';

function buildFiles(baseUrl: string): ReadonlyMap<string, Buffer> {
  const result = compile(fixtureWithAcceptance(), { baseUrl, displayDir: 'mini' });
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.output.files;
}

function packageOf(baseUrl: string, files = buildFiles(baseUrl)): Buffer {
  const zip = files.get(publicFile(PUBLIC_FILES.extensionPackage));
  if (zip === undefined) throw new Error('no extension package');
  return zip;
}

describe('the browser extension package', () => {
  const files = buildFiles('https://rewards.example.test/cards');
  const zip = packageOf('https://rewards.example.test/cards', files);
  const entries = readZip(zip);
  const manifest = JSON.parse(entries.find((entry) => entry.name === 'manifest.json')!.bytes.toString('utf8'));

  it.each(EXTENSION_SCRIPTS)('ships extension/%s.js as the current bundle of its TypeScript source', async (name) => {
    const shipped = readFileSync(join(EXTENSION_DIR, `${name}.js`), 'utf8');
    expect(shipped === (await browserScriptSource(name, EXTENSION_DIR)), 'run npm run generate:browser-scripts').toBe(true);
  });

  it('bundles the ranking order and the chooser from schemas/ into the badge and the popup', () => {
    const modules = (name: string) =>
      [...readFileSync(join(EXTENSION_DIR, `${name}.js`), 'utf8').matchAll(/^ {2}\/\/ (schemas\/[\w-]+\.ts)$/gm)].map((match) => match[1]);
    for (const name of ['background', 'popup'])
      expect(modules(name)).toEqual(expect.arrayContaining(['schemas/rank-order.ts', 'schemas/choose-from-wallet.ts']));
  });

  it('is byte-reproducible: the same dataset and address give the same ZIP, entries sorted and dated the dataset date', () => {
    expect(packageOf('https://rewards.example.test/cards').equals(zip)).toBe(true);
    const names = entries.map((entry) => entry.name);
    expect(names).toEqual([...names].sort());
    expect(names).toEqual(['manifest.json', ...EXTENSION_FILES].sort());
    expect(new Set(entries.map((entry) => entry.dosDate)).size).toBe(1);
    // A build for another address is another extension: its manifest names that address.
    expect(packageOf('http://localhost:9999').equals(zip)).toBe(false);
  });

  it('is linked from the download page, with its size and the steps to install it', () => {
    const page = files.get('public/download/index.html')?.toString('utf8') ?? '';
    expect(page).toContain('<h2 id="extension">Browser extension</h2>');
    expect(page).toContain(
      `href="/cards${PUBLIC_FILES.extensionPackage}" download>cardrewards-extension.zip</a> (${(zip.length / 1024).toFixed(1)} KiB)`,
    );
    expect(page).toContain('<strong>Load unpacked</strong>');
  });

  it('asks for storage and tabs only, no host permission, no content script, and connects only to its service', () => {
    expect(manifest).toMatchObject({
      manifest_version: 3,
      homepage_url: 'https://rewards.example.test/cards/',
      permissions: ['storage', 'tabs'],
    });
    // A fixed key, so every install has the same id (the Origin header of its requests).
    expect(manifest.key).toBe(EXTENSION_PUBLIC_KEY);
    for (const key of [
      'host_permissions',
      'optional_host_permissions',
      'optional_permissions',
      'content_scripts',
      'web_accessible_resources',
    ])
      expect(manifest[key], key).toBeUndefined();
    const policy = new Map<string, string>(
      (manifest.content_security_policy.extension_pages as string).split('; ').map((part) => {
        const [name = '', ...values] = part.split(' ');
        return [name, values.join(' ')];
      }),
    );
    expect(policy.get('default-src')).toBe("'none'");
    expect(policy.get('script-src')).toBe("'self'");
    expect(policy.get('connect-src')).toBe('https://rewards.example.test http://localhost:* http://127.0.0.1:*');
  });

  it('carries the icons its manifest names, as PNG files of those sizes', () => {
    const icons = Object.entries(manifest.icons as Record<string, string>);
    expect(icons.map(([size]) => size)).toEqual(['16', '32', '48', '128']);
    expect(manifest.action.default_icon).toEqual(manifest.icons);
    for (const [size, name] of icons) {
      const bytes = entries.find((entry) => entry.name === name)?.bytes;
      expect(bytes?.subarray(1, 4).toString('latin1'), name).toBe('PNG');
      expect([bytes?.readUInt32BE(16), bytes?.readUInt32BE(20)], name).toEqual([Number(size), Number(size)]);
    }
  });

  it('runs no remote code: every script is a file of the package, and none evaluates text', () => {
    for (const page of entries.filter((entry) => entry.name.endsWith('.html'))) {
      const html = page.bytes.toString('utf8');
      const sources = [...html.matchAll(/<script\b([^>]*)>/g)].map((match) => /src="([^"]+)"/.exec(match[1] ?? '')?.[1]);
      expect(sources.length, page.name).toBeGreaterThan(0);
      for (const source of sources) expect(EXTENSION_FILES, `${page.name}: ${source}`).toContain(source);
      expect(html).not.toMatch(/<script\b[^>]*>[^<]/);
    }
    for (const script of entries.filter((entry) => entry.name.endsWith('.js'))) {
      const code = script.bytes.toString('utf8');
      expect(code, script.name).not.toMatch(/\beval\(|new Function\(|importScripts\(|import\(/);
    }
  });
});
