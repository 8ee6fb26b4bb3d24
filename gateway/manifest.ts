/**
 * The gateway's view of `dist/manifest.json` (docs/manifest.md): the files of one build and the
 * keyed routes that map requests onto them. Loading checks every shape the gateway relies on, so a
 * malformed manifest is refused at load time instead of failing requests.
 */
import { GatewayError } from './errors.ts';

export const TIERS = ['free', 'starter', 'pro', 'enterprise'] as const;
export type Tier = (typeof TIERS)[number];

export const PARAM_KINDS = ['slug', 'mcc', 'page', 'domain'] as const;
export type ParamKind = (typeof PARAM_KINDS)[number];

export interface ManifestFile {
  readonly size: number;
  readonly etag: string;
  readonly type: string;
  /** Precompressed siblings `<path>.br` / `<path>.gz`. */
  readonly encodings?: readonly ('br' | 'gzip')[];
}

export interface RouteVariant {
  readonly query?: Readonly<Record<string, ParamKind>>;
  readonly optional?: Readonly<Record<string, ParamKind>>;
  readonly file: string;
  readonly lookup?: 'domain-suffix';
  readonly fallback?: string;
}

export interface ManifestRoute {
  readonly id: string;
  readonly path: string;
  readonly tier: Tier;
  readonly summary?: string;
  readonly schema?: string;
  readonly params?: Readonly<Record<string, ParamKind>>;
  readonly dynamic?: 'usage';
  readonly variants?: readonly RouteVariant[];
}

export interface GatewayManifest {
  readonly version: number;
  readonly build: string;
  readonly date: string;
  readonly files: Readonly<Record<string, ManifestFile>>;
  readonly routes: readonly ManifestRoute[];
}

/** A file key may only name a plain relative path inside `public/` or `keyed/`: never `..`, `.`, `\`, NUL or an empty segment. */
const SAFE_FILE_KEY = /^(public|keyed)(\/(?!\.\.?(\/|$))[A-Za-z0-9._~@+-]+)+$/;

/** Parses and checks a manifest document; throws `ERR_MANIFEST_INVALID` listing every problem found. */
export function parseManifest(text: string, source: string): GatewayManifest {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    throw new GatewayError('ERR_MANIFEST_INVALID', `${source} is not JSON: ${(error as Error).message}`, { cause: error });
  }
  const problems: string[] = [];
  const manifest = document as Partial<GatewayManifest> | null;
  if (typeof manifest !== 'object' || manifest === null) throw new GatewayError('ERR_MANIFEST_INVALID', `${source} is not an object`);
  if (manifest.version !== 1) problems.push(`version must be 1, not ${String(manifest.version)}`);
  if (typeof manifest.build !== 'string') problems.push('build must be a string');
  const files = manifest.files;
  if (typeof files !== 'object' || files === null) problems.push('files must be an object');
  else {
    for (const [key, entry] of Object.entries(files)) {
      if (!SAFE_FILE_KEY.test(key)) problems.push(`file ${JSON.stringify(key)} is not a safe relative path under public/ or keyed/`);
      if (typeof entry?.etag !== 'string' || typeof entry.type !== 'string' || typeof entry.size !== 'number') problems.push(`file ${key} needs size, etag and type`);
      for (const encoding of entry?.encodings ?? []) if (encoding !== 'br' && encoding !== 'gzip') problems.push(`file ${key}: unknown encoding ${String(encoding)}`);
    }
  }
  const routes = manifest.routes ?? [];
  if (!Array.isArray(routes)) problems.push('routes must be an array');
  else for (const route of routes) problems.push(...routeProblems(route));
  if (problems.length > 0) throw new GatewayError('ERR_MANIFEST_INVALID', `${source} is invalid:\n  ${problems.slice(0, 20).join('\n  ')}`);
  return { version: 1, build: manifest.build as string, date: String(manifest.date ?? ''), files: files as GatewayManifest['files'], routes };
}

function routeProblems(route: ManifestRoute): string[] {
  const problems: string[] = [];
  const where = `route ${String(route?.id)}`;
  if (typeof route?.id !== 'string' || typeof route.path !== 'string' || !route.path.startsWith('/')) return [`${where} needs an id and a path starting with /`];
  if (!(TIERS as readonly string[]).includes(route.tier)) problems.push(`${where}: tier must be one of ${TIERS.join(', ')}`);
  const kinds = { ...route.params };
  for (const name of route.path.match(/\{([^}]+)\}/g) ?? []) {
    if (!kinds[name.slice(1, -1)]) problems.push(`${where}: path parameter ${name} has no kind in params`);
  }
  for (const variant of route.variants ?? []) {
    for (const kind of [...Object.values(route.params ?? {}), ...Object.values(variant.query ?? {}), ...Object.values(variant.optional ?? {})]) {
      if (!(PARAM_KINDS as readonly string[]).includes(kind)) problems.push(`${where}: unknown parameter kind ${kind}`);
    }
    if (typeof variant.file !== 'string' || !variant.file.startsWith('keyed/')) problems.push(`${where}: variant file must be under keyed/`);
  }
  if (route.dynamic === undefined && (route.variants ?? []).length === 0) problems.push(`${where} has no variants`);
  return problems;
}
