/**
 * The layering of docs/architecture.md holds (issue 26, item 6): no import runs up a layer, across
 * from one output family of the generator to another, or into another folder's internal/ files.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type ImportEdge, importGraph, importsOf, layerViolations, sourceFolders, TOP_LEVEL } from './helpers/layers.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

const edge = (from: string, to: string): ImportEdge => ({ from, to, specifier: to });

describe('layering', () => {
  it('finds no import that breaks the rule in the source folders', () => {
    const edges = importGraph(ROOT, sourceFolders(ROOT));
    // The graph is really read: the generator imports the schemas, the CLI the gateway.
    expect(edges.length).toBeGreaterThan(500);
    expect(edges.some((e) => e.from.startsWith('generator/views/') && e.to.startsWith('schemas/'))).toBe(true);
    // browser/ is in the graph: its scripts take the ranking order and the chooser from schemas/.
    expect(edges).toContainEqual(expect.objectContaining({ from: 'browser/wallet.ts', to: 'schemas/choose-from-wallet.ts' }));
    expect(layerViolations(edges)).toEqual([]);
  });

  it('compiles and ships every folder of the layers but the development ones (scripts/, tools/)', () => {
    const build = JSON.parse(readFileSync(join(ROOT, 'tsconfig.build.json'), 'utf8')) as { include: string[] };
    const docker = readFileSync(join(ROOT, 'Dockerfile'), 'utf8').split('\n');
    for (const folder of Object.keys(TOP_LEVEL).filter((name) => name !== 'scripts' && name !== 'tools')) {
      expect(docker, folder).toContain(`COPY ${folder} ./${folder}`);
      // browser/ and extension/ are compiled for browsers, not Node: their bundles are committed (test/browser-scripts.test.ts, test/extension-build.test.ts).
      if (folder !== 'browser' && folder !== 'extension') expect(build.include, folder).toContain(`${folder}/**/*.ts`);
    }
  });

  it('catches an upward import (the root placed by its imports), a cross-family one, a reach into internal/, one across the generator-gateway seam and the browser reaching past schemas/', () => {
    const graph = [
      edge('generator/views/cards.ts', 'generator/engine/ranking.ts'),
      edge('generator/site/home-page.ts', 'generator/views/static-limits.ts'),
      edge('generator/engine/ranking.ts', 'generator/views/cards.ts'),
      edge('generator/site/stats-page.ts', 'generator/artefacts/static-limits.ts'),
      edge('generator/artefacts/mcc-records.ts', 'generator/site/internal/paths.ts'),
      // compile.ts is the assembly because it imports the outputs, which import the families.
      edge('generator/compile.ts', 'generator/outputs.ts'),
      edge('generator/outputs.ts', 'generator/routes/index.ts'),
      edge('generator/views/cards.ts', 'generator/compile.ts'),
      edge('generator/writer/emit-tree.ts', 'generator/site/home-page.ts'),
      edge('gateway/serve-file.ts', 'generator/compile.ts'),
      edge('schemas/manifest.ts', 'tree/file-names.ts'),
      edge('browser/wallet.ts', 'generator/engine/ranking.ts'),
    ];
    const messages = layerViolations(graph);
    expect(messages).toEqual([
      "generator/engine/ranking.ts imports 'generator/views/cards.ts' (generator/views/cards.ts): the generator's engine layer may import only base, dataset, engine, not views",
      "generator/site/stats-page.ts imports 'generator/artefacts/static-limits.ts' (generator/artefacts/static-limits.ts): the output family site/ may not import another family (artefacts/); share it through views/",
      "generator/artefacts/mcc-records.ts imports 'generator/site/internal/paths.ts' (generator/site/internal/paths.ts): generator/site/internal/ is private to generator/site/",
      "generator/views/cards.ts imports 'generator/compile.ts' (generator/compile.ts): the generator's views layer may import only base, dataset, engine, contract, views, not assembly",
      "generator/writer/emit-tree.ts imports 'generator/site/home-page.ts' (generator/site/home-page.ts): the generator's writer layer may import only base, dataset, engine, contract, writer, not family",
      "gateway/serve-file.ts imports 'generator/compile.ts' (generator/compile.ts): gateway/ may import only mcp, tree, schemas, errors",
      "schemas/manifest.ts imports 'tree/file-names.ts' (tree/file-names.ts): schemas/ may import only errors",
      "browser/wallet.ts imports 'generator/engine/ranking.ts' (generator/engine/ranking.ts): browser/ may import only schemas",
    ]);
  });

  it("keeps the gateway's layers and lets the CLI in only through the front door and the option table", () => {
    const real = importGraph(ROOT, ['gateway', 'cli']);
    // The gateway's folders are really read: the steps import the build layer, the front door the stores' opener.
    expect(real.some((e) => e.from.startsWith('gateway/steps/') && e.to.startsWith('gateway/build/'))).toBe(true);
    expect(real).toContainEqual(expect.objectContaining({ from: 'cli/serve-command.ts', to: 'gateway/open-gateway.ts' }));
    expect(real.filter((e) => e.from.startsWith('cli/') && e.to.startsWith('gateway/')).map((e) => e.to)).not.toContain(
      'gateway/config.ts',
    );
    const graph = [
      edge('cli/get-command.ts', 'gateway/steps/exchange.ts'),
      edge('cli/gateway-commands.ts', 'gateway/options.ts'),
      edge('cli/serve-command.ts', 'gateway/open-gateway.ts'),
      edge('gateway/build/router.ts', 'gateway/steps/exchange.ts'),
      edge('gateway/steps/quota.ts', 'gateway/stores/redis-store.ts'),
      edge('gateway/steps/keyed-file.ts', 'gateway/build/resolve-file.ts'),
      edge('gateway/http/serve-file.ts', 'gateway/create-gateway.ts'),
      edge('gateway/mcp/mcp-endpoint.ts', 'gateway/steps/request-steps.ts'),
      edge('gateway/config.ts', 'gateway/http/serve-file.ts'),
      edge('gateway/open-gateway.ts', 'gateway/open-store.ts'),
      edge('gateway/routing/table.ts', 'gateway/config.ts'),
    ];
    expect(layerViolations(graph)).toEqual([
      "cli/get-command.ts imports 'gateway/steps/exchange.ts' (gateway/steps/exchange.ts): the CLI imports the gateway only through gateway/open-gateway.ts and gateway/options.ts",
      "gateway/build/router.ts imports 'gateway/steps/exchange.ts' (gateway/steps/exchange.ts): the gateway's build layer may import only core, build, not steps",
      "gateway/steps/quota.ts imports 'gateway/stores/redis-store.ts' (gateway/stores/redis-store.ts): the gateway's steps layer may import only core, build, http, steps, not stores",
      "gateway/http/serve-file.ts imports 'gateway/create-gateway.ts' (gateway/create-gateway.ts): the gateway's http layer may import only core, build, http, not assembly",
      "gateway/config.ts imports 'gateway/http/serve-file.ts' (gateway/http/serve-file.ts): the gateway's core layer may import only core, not http",
      "gateway/routing/table.ts imports 'gateway/config.ts' (gateway/config.ts): gateway/routing/table.ts is in a folder of gateway/ that docs/architecture.md gives no layer",
    ]);
  });

  it('reads static, re-exported and lazy imports, and not ones in comments', () => {
    const source = [
      "import type { Model } from '../model.ts';",
      "import { a,\n  b } from './views/index.ts';",
      "export * from './cards.ts';",
      "const lazy = () => import('../../cli/get-command.ts');",
      "/** like `import { x } from '../nowhere.ts'` */",
      "// import { y } from '../neither.ts';",
    ].join('\n');
    expect(importsOf('generator/site/page.ts', source).map((e) => e.to)).toEqual([
      'generator/model.ts',
      'generator/site/views/index.ts',
      'generator/site/cards.ts',
      'cli/get-command.ts',
    ]);
  });
});
