/**
 * The layering rule of docs/architecture.md as code: the import graph of the source folders, read
 * from the files themselves (every `import … from`, `export … from` and `import()` of a relative
 * path), and the edges of it that run up a layer or across from one output family to another.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, posix, relative } from 'node:path';

/** One import: the importing file and the file it names, both relative to the repository root, `/`-separated. */
export interface ImportEdge {
  readonly from: string;
  readonly to: string;
  /** The specifier as written, for the message. */
  readonly specifier: string;
}

/** The top-level folders whose code ships, each with the folders it may import (besides itself). */
export const TOP_LEVEL: Readonly<Record<string, readonly string[]>> = {
  errors: [],
  schemas: ['errors'],
  tree: ['schemas', 'errors'],
  generator: ['tree', 'schemas', 'errors'],
  mcp: ['tree', 'schemas', 'errors'],
  gateway: ['mcp', 'tree', 'schemas', 'errors'],
  // The ranking order and the wallet choice are shared with the engine and the MCP tools (schemas/rank-order.ts, schemas/choose-from-wallet.ts).
  client: ['schemas'],
  // The browser scripts' sources, bundled into browser/*.js: the same ranking, chooser and search as the engine's (schemas/).
  browser: ['schemas'],
  // The browser extension's sources, bundled into extension/*.js: the same chooser and order (schemas/), the site's DOM helpers (browser/).
  extension: ['schemas', 'browser'],
  cli: ['generator', 'gateway', 'mcp', 'tree', 'schemas', 'errors'],
  scripts: ['generator', 'gateway', 'tree', 'schemas', 'errors', 'tools'],
  tools: [],
};

/** The generator's output families: each imports views/ and what lies below, never another family. */
export const GENERATOR_FAMILIES: readonly string[] = ['artefacts', 'routes', 'site'];

/**
 * The generator's layers, from the bottom up. Folders name theirs: `internal/` is the base,
 * `dataset/` reads and checks the CSV files, `engine/` models and ranks, `writer/` puts a tree on
 * disk, then `views/`, the output families and, above all, the assembly. A file at the root is
 * placed by what it imports (`rootLayers`): nothing above the base, the base (errors, options,
 * problems); the engine or the dataset, a contract the families share (artefacts, routes, the build
 * plan); a family, the views or the writer, the assembly (the front door, the compile, the outputs).
 */
type GeneratorLayer = 'base' | 'dataset' | 'engine' | 'contract' | 'writer' | 'views' | 'family' | 'assembly';

const GENERATOR_FOLDERS: Readonly<Record<string, GeneratorLayer>> = {
  internal: 'base',
  dataset: 'dataset',
  engine: 'engine',
  writer: 'writer',
  views: 'views',
  ...Object.fromEntries(GENERATOR_FAMILIES.map((family) => [family, 'family' as const])),
};

/** Which generator layers each layer may import (each its own too). */
const GENERATOR_MAY_IMPORT: Readonly<Record<GeneratorLayer, readonly GeneratorLayer[]>> = {
  base: ['base'],
  dataset: ['base', 'dataset'],
  engine: ['base', 'dataset', 'engine'],
  contract: ['base', 'dataset', 'engine', 'contract'],
  writer: ['base', 'dataset', 'engine', 'contract', 'writer'],
  views: ['base', 'dataset', 'engine', 'contract', 'views'],
  family: ['base', 'dataset', 'engine', 'contract', 'views', 'family'],
  assembly: ['base', 'dataset', 'engine', 'contract', 'writer', 'views', 'family', 'assembly'],
};

const isGeneratorRoot = (file: string) => file.startsWith('generator/') && !file.slice('generator/'.length).includes('/');

/**
 * The layer of each file at the generator's root, from what it imports in `edges` (see
 * GeneratorLayer): the lowest layer that may import everything it does, worked out until no file moves.
 */
export function rootLayers(edges: readonly ImportEdge[]): ReadonlyMap<string, GeneratorLayer> {
  const layers = new Map<string, GeneratorLayer>();
  const rootEdges = edges.filter((edge) => isGeneratorRoot(edge.from) && edge.to.startsWith('generator/'));
  for (const edge of rootEdges) layers.set(edge.from, 'base');
  const order: readonly GeneratorLayer[] = ['base', 'contract', 'assembly'];
  for (let changed = true; changed; ) {
    changed = false;
    for (const edge of rootEdges) {
      const target = generatorLayer(edge.to, layers);
      if (target === undefined) continue;
      const needed = order.find((layer) => GENERATOR_MAY_IMPORT[layer].includes(target.layer)) ?? 'assembly';
      if (order.indexOf(needed) > order.indexOf(layers.get(edge.from) ?? 'base')) {
        layers.set(edge.from, needed);
        changed = true;
      }
    }
  }
  return layers;
}

/** Where a generator file sits: its layer and, for a family, which one; undefined for a folder the rule does not know. */
function generatorLayer(file: string, roots: ReadonlyMap<string, GeneratorLayer>): { layer: GeneratorLayer; family?: string } | undefined {
  if (isGeneratorRoot(file)) return { layer: roots.get(file) ?? 'base' };
  const folder = file.slice('generator/'.length).split('/')[0] ?? '';
  const layer = GENERATOR_FOLDERS[folder];
  if (layer === undefined) return undefined;
  return layer === 'family' ? { layer, family: folder } : { layer };
}

/**
 * The gateway's front door and assembly: the files at its root that open, wire and listen. Every
 * other file at its root (configuration, errors, the store and key contracts, the manifest, periods)
 * is its core, which every folder of the gateway may import.
 */
export const GATEWAY_ASSEMBLY: ReadonlySet<string> = new Set([
  'gateway/open-gateway.ts',
  'gateway/create-gateway.ts',
  'gateway/open-store.ts',
  'gateway/offline-answer.ts',
]);

/** The only gateway files the CLI imports: the front door and the option table (which `--help` reads). */
export const GATEWAY_DOORS: ReadonlySet<string> = new Set(['gateway/open-gateway.ts', 'gateway/options.ts']);

type GatewayLayer = 'core' | 'build' | 'http' | 'stores' | 'steps' | 'server' | 'mcp' | 'assembly';

/** Which gateway layers each layer may import, from the bottom up (each its own too). */
const GATEWAY_MAY_IMPORT: Readonly<Record<GatewayLayer, readonly GatewayLayer[]>> = {
  core: ['core'],
  build: ['core', 'build'],
  http: ['core', 'build', 'http'],
  stores: ['core', 'stores'],
  steps: ['core', 'build', 'http', 'steps'],
  server: ['core', 'build', 'http', 'steps', 'server'],
  mcp: ['core', 'build', 'http', 'steps', 'server', 'mcp'],
  assembly: ['core', 'build', 'http', 'stores', 'steps', 'server', 'mcp', 'assembly'],
};

/** Where a gateway file sits; undefined for a folder the rule does not know. */
function gatewayLayer(file: string): GatewayLayer | undefined {
  if (GATEWAY_ASSEMBLY.has(file)) return 'assembly';
  const path = file.slice('gateway/'.length);
  if (!path.includes('/')) return 'core';
  const folder = path.split('/')[0] ?? '';
  return folder in GATEWAY_MAY_IMPORT && folder !== 'core' && folder !== 'assembly' ? (folder as GatewayLayer) : undefined;
}

/** The reason `edge` breaks the rule, or undefined when it keeps it. */
function violationOf(edge: ImportEdge, roots: ReadonlyMap<string, GeneratorLayer>): string | undefined {
  const { from, to } = edge;
  const fromTop = from.split('/')[0] ?? '';
  const toTop = to.split('/')[0] ?? '';
  const where = `${from} imports '${edge.specifier}' (${to})`;
  if (fromTop !== toTop) {
    const allowed = TOP_LEVEL[fromTop];
    if (allowed === undefined) return undefined; // test/ and the tools' own workspace may import anything
    if (!(toTop in TOP_LEVEL)) return `${where}: ${toTop}/ is not source code ${fromTop}/ may import`;
    if (!allowed.includes(toTop)) return `${where}: ${fromTop}/ may import only ${allowed.join(', ') || 'nothing outside itself'}`;
  }
  if (fromTop === 'cli' && toTop === 'gateway' && !GATEWAY_DOORS.has(to))
    return `${where}: the CLI imports the gateway only through ${[...GATEWAY_DOORS].join(' and ')}`;
  // An internal/ folder is private to the folder that holds it.
  const internal = to.lastIndexOf('/internal/');
  if (internal >= 0 && !from.startsWith(to.slice(0, internal + 1)))
    return `${where}: ${to.slice(0, internal)}/internal/ is private to ${to.slice(0, internal)}/`;
  if (fromTop === 'generator' && toTop === 'generator') {
    const source = generatorLayer(from, roots);
    const target = generatorLayer(to, roots);
    if (source === undefined || target === undefined)
      return `${where}: ${source === undefined ? from : to} is in a folder of generator/ that docs/architecture.md gives no layer`;
    if (!GENERATOR_MAY_IMPORT[source.layer].includes(target.layer))
      return `${where}: the generator's ${source.layer} layer may import only ${GENERATOR_MAY_IMPORT[source.layer].join(', ')}, not ${target.layer}`;
    if (source.layer === 'family' && target.layer === 'family' && source.family !== target.family)
      return `${where}: the output family ${source.family}/ may not import another family (${target.family}/); share it through views/`;
  }
  if (fromTop === 'gateway' && toTop === 'gateway') {
    const source = gatewayLayer(from);
    const target = gatewayLayer(to);
    if (source === undefined || target === undefined)
      return `${where}: ${source === undefined ? from : to} is in a folder of gateway/ that docs/architecture.md gives no layer`;
    if (!GATEWAY_MAY_IMPORT[source].includes(target))
      return `${where}: the gateway's ${source} layer may import only ${GATEWAY_MAY_IMPORT[source].join(', ')}, not ${target}`;
  }
  return undefined;
}

/** Every edge that breaks the rule, as a message naming the file and the import. */
export function layerViolations(edges: readonly ImportEdge[]): string[] {
  const roots = rootLayers(edges);
  return edges.flatMap((edge) => {
    const reason = violationOf(edge, roots);
    return reason === undefined ? [] : [reason];
  });
}

const SPECIFIER =
  /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?['"](\.[^'"]+)['"]|\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/g;

/** The relative imports of one file's source text (comments may mention imports: only code lines count, roughly). */
export function importsOf(file: string, source: string): ImportEdge[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  return [...code.matchAll(SPECIFIER)].map((match) => {
    const specifier = (match[1] ?? match[2]) as string;
    return { from: file, to: posix.normalize(posix.join(posix.dirname(file), specifier)), specifier };
  });
}

/** The import graph of every `.ts` file under `folders` of `root`. */
export function importGraph(root: string, folders: readonly string[]): ImportEdge[] {
  const edges: ImportEdge[] = [];
  const walk = (folder: string): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') walk(path);
      } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) {
        const file = relative(root, path).split('\\').join('/');
        edges.push(...importsOf(file, readFileSync(path, 'utf8')));
      }
    }
  };
  for (const folder of folders) walk(join(root, folder));
  return edges;
}

/** The folders the rule covers that exist in `root`. */
export function sourceFolders(root: string): string[] {
  const present = new Set(readdirSync(root));
  return Object.keys(TOP_LEVEL).filter((folder) => present.has(folder));
}
