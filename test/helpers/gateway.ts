/** Starts the gateway in-process on port 0 for a test, with a silent logger, and closes it afterwards. */
import { renderTemplate, templateParams, templatePattern } from '../../schemas/path-template.ts';
import { createBuildSource } from '../../gateway/build/build-source.ts';
import { resolveConfig, type GatewayConfig, type RawOptions } from '../../gateway/config.ts';
import { generateKey, hashKey } from '../../gateway/api-keys.ts';
import { startGateway, type GatewayOptions, type RunningGateway } from '../../gateway/create-gateway.ts';
import { createLogger } from '../../gateway/logger.ts';
import type { Manifest, ManifestRoute, ParamKind, Tier } from '../../gateway/parse-manifest.ts';
import { createOriginProxy } from '../../gateway/http/origin-proxy.ts';
import type { Store } from '../../gateway/store.ts';

export interface TestGateway extends RunningGateway {
  readonly config: GatewayConfig;
}

export async function startTestGateway(
  store: Store,
  distDir: string,
  options: RawOptions & { now?: () => Date; mcpLimits?: GatewayOptions['mcpLimits']; metrics?: GatewayOptions['metrics'] } = {},
): Promise<TestGateway> {
  const { now, mcpLimits, metrics, ...flags } = options;
  const config = resolveConfig({ port: '0', host: '127.0.0.1', dist: distDir, logLevel: 'silent', reloadMs: '100', ...flags }, {});
  const logger = createLogger(config.logLevel);
  const builds = createBuildSource({ distDir: config.distDir, intervalMs: config.reloadIntervalMs });
  const proxy = config.originUrl === undefined ? undefined : createOriginProxy(config.originUrl, logger, 2000);
  const gateway = await startGateway({ config, store, builds, logger, proxy, mcpLimits, metrics, ...(now ? { now } : {}) });
  return {
    ...gateway,
    config,
    close: async () => {
      builds.close();
      proxy?.close();
      await gateway.close();
    },
  };
}

/** Creates a key of `tier` in `store` and returns it. */
export async function createTestKey(store: Store, tier: Tier, status: 'active' | 'revoked' = 'active'): Promise<string> {
  const key = generateKey();
  await store.saveKey({ hash: hashKey(key), tier, name: `test ${tier}`, status, created: new Date().toISOString() });
  return key;
}

/**
 * A request path that a route answers with 200, found from the manifest alone: the first variant
 * whose file template matches a file of the tree gives the parameter values. Undefined when the
 * tree has no file for the route (e.g. a fixture without portals).
 */
export function sampleRequest(manifest: Manifest, route: ManifestRoute): { url: string; file: string | undefined } | undefined {
  if (route.dynamic !== undefined) return { url: route.path, file: undefined };
  for (const variant of route.variants ?? []) {
    const names = templateParams(variant.file);
    const pattern = templatePattern(variant.file);
    for (const file of Object.keys(manifest.files)) {
      const match = pattern.exec(file);
      if (!match) continue;
      const values = Object.fromEntries(names.map((name, index) => [name, match[index + 1] ?? '']));
      if (Object.values(values).some((value) => value.startsWith('_'))) continue;
      const path = renderTemplate(
        route.path,
        Object.fromEntries(Object.entries(values).map(([name, value]) => [name, encodeURIComponent(value)])),
      );
      const query = new URLSearchParams();
      for (const name of [...Object.keys(variant.query ?? {}), ...Object.keys(variant.optional ?? {})]) {
        if (values[name] !== undefined) query.set(name, values[name]);
      }
      return { url: query.size === 0 ? path : `${path}?${query}`, file };
    }
  }
  return undefined;
}

const PLACEHOLDERS: Readonly<Record<ParamKind, string>> = { slug: 'amazon', mcc: '5411', domain: 'amazon.com', page: '1' };

/**
 * `sampleRequest`, or when the tree has no file for the route a well-formed request that an
 * authorised key gets a 404 for (`file` undefined): enough to check 401 and 403.
 */
export function matrixRequest(manifest: Manifest, route: ManifestRoute): { url: string; file: string | undefined } {
  const sample = sampleRequest(manifest, route);
  if (sample !== undefined) return sample;
  const variant = route.variants?.[0];
  const path = renderTemplate(
    route.path,
    Object.fromEntries(templateParams(route.path).map((name) => [name, PLACEHOLDERS[route.params?.[name] ?? 'slug']])),
  );
  const query = new URLSearchParams(
    Object.entries(variant?.query ?? {}).map(([name, kind]): [string, string] => [name, PLACEHOLDERS[kind]]),
  );
  return { url: query.size === 0 ? path : `${path}?${query}`, file: undefined };
}

/** `sampleRequest(…).url`, throwing when the tree has no file for the route. */
export function sampleUrl(manifest: Manifest, route: ManifestRoute | undefined): string {
  if (route === undefined) throw new Error('no such route in the manifest');
  const sample = sampleRequest(manifest, route);
  if (sample === undefined) throw new Error(`no file of the tree answers route ${route.id}`);
  return sample.url;
}
