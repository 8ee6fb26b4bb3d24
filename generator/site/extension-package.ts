/**
 * The browser extension as a ZIP under the public site (issue 43, docs/extension.md): its pages,
 * styles and bundled scripts as committed in extension/, and a Manifest V3 manifest written for this
 * build's address, which is the extension's default service and the one origin (with this machine's,
 * for a `cardrewards start`) its content security policy lets it connect to. Byte-reproducible: the
 * entries sorted by name, all dated the dataset's date.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Artefact } from '../artefact.ts';
import type { Model } from '../engine/model.ts';
import { PUBLIC_FILES, publicFile } from '../../schemas/public-files.ts';
import { EXTENSION_ASSETS_DIR, packageRoot, packageVersion } from '../../tree/package-info.ts';
import { downloadDate } from './internal/dataset-files.ts';
import { createZip, type ZipEntry } from './internal/zip.ts';

/** The toolbar icons by size (drawn by scripts/extension-icons.ts). */
const EXTENSION_ICONS: Readonly<Record<string, string>> = Object.fromEntries([16, 32, 48, 128].map((size) => [size, `icon-${size}.png`]));

/** What the archive holds besides its manifest: the built pages, scripts and icons, never their TypeScript sources. */
export const EXTENSION_FILES: readonly string[] = [
  'background.js',
  'extension.css',
  'options.html',
  'options.js',
  'popup.html',
  'popup.js',
  ...Object.values(EXTENSION_ICONS),
];

/**
 * The extension's public key (its private half was never kept: nothing is signed with it). Chromium
 * derives an unpacked extension's id from the folder it is loaded from, and the id is in the `Origin`
 * header of every request the extension makes; with this key every install has the same id
 * (extensionId), so that header is the same for everyone and cannot tell one person's requests from another's.
 */
export const EXTENSION_PUBLIC_KEY =
  'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA0RpfcB7vB4vKEX9FS47sQH/mcUvPyLNZxNbH6/5NOdJL+6SSA/q9LF9sItT31lleNQo9EaeRmbrNaOwWWmIuG5ugZTGHox8D/gcVRNU0KG7XLyDgZu5SGYqOiM4LhkOHzQwp+HjtSZ4DrBSJ9oMiXkOmq+NOrq59pZaSLQA4JSMA/LfW6/vXd9ujLKjtIIaF7y32n2jeCf/yKmoSxK9ksoZ0R3ngbP3OkDgV04QvKebgDBTje6WAzrhrTFvx2w020ohx7C0p2OuTvVdEZkkL/7d6HM+9h79C88KWCpl3LJmqaCYlJOdtr7xWFyE6ohHDOfZMHfIi5dMKWsROaA+5YQIDAQAB';

/** The id Chromium gives the extension: the first 128 bits of the key's SHA-256, each hex digit written a to p. */
export function extensionId(publicKey: string = EXTENSION_PUBLIC_KEY): string {
  const digest = createHash('sha256').update(Buffer.from(publicKey, 'base64')).digest('hex').slice(0, 32);
  return [...digest].map((digit) => String.fromCharCode(97 + Number.parseInt(digit, 16))).join('');
}

/** The only permissions it asks for: its own storage, and the address of the tab in view (for the badge and the popup). */
const EXTENSION_PERMISSIONS: readonly string[] = ['storage', 'tabs'];

/** The manifest for a build whose public site is at `baseUrl`. */
function extensionManifest(baseUrl: string, version: string): Record<string, unknown> {
  const origin = new URL(baseUrl).origin;
  return {
    manifest_version: 3,
    name: 'cardrewards: the best of my cards',
    short_name: 'cardrewards',
    description: 'On a shopping site, which of my cards earns the most. My cards and the sites I visit never leave this browser.',
    version,
    homepage_url: `${baseUrl.replace(/\/+$/, '')}/`,
    key: EXTENSION_PUBLIC_KEY,
    permissions: [...EXTENSION_PERMISSIONS],
    // Chromium runs the service worker; Firefox, which has none for extensions, runs the same file as a background script.
    background: { service_worker: 'background.js', scripts: ['background.js'] },
    icons: EXTENSION_ICONS,
    action: { default_title: 'cardrewards: the best of my cards', default_popup: 'popup.html', default_icon: EXTENSION_ICONS },
    options_ui: { page: 'options.html', open_in_tab: true },
    content_security_policy: {
      extension_pages: [
        "default-src 'none'",
        "script-src 'self'",
        "style-src 'self'",
        `connect-src ${[...new Set([origin, 'http://localhost:*', 'http://127.0.0.1:*'])].join(' ')}`,
        "base-uri 'none'",
        "form-action 'none'",
        "frame-ancestors 'none'",
      ].join('; '),
    },
  };
}

/** The archive's entries, sorted by name: the manifest and the extension's files. */
function extensionEntries(model: Model): ZipEntry[] {
  const dir = join(packageRoot(), EXTENSION_ASSETS_DIR);
  const manifest = `${JSON.stringify(extensionManifest(model.baseUrl, packageVersion()), null, 2)}\n`;
  return [
    { name: 'manifest.json', bytes: Buffer.from(manifest, 'utf8') },
    ...EXTENSION_FILES.map((name) => ({ name, bytes: readFileSync(join(dir, name)) })),
  ].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

const zips = new WeakMap<Model, Buffer>();

/** The package's bytes, made once per build: the download page states their size, this artefact writes them. */
export function extensionZip(model: Model): Buffer {
  let zip = zips.get(model);
  if (zip === undefined) {
    zip = createZip(extensionEntries(model), downloadDate(model));
    zips.set(model, zip);
  }
  return zip;
}

export const extensionPackage: Artefact = {
  name: 'browser extension',
  *derive(model) {
    yield { path: publicFile(PUBLIC_FILES.extensionPackage), bytes: extensionZip(model) };
  },
};
