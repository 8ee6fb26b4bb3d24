/**
 * The tree the gateway tests serve. The real fixture build (`cardrewards build --dataset
 * test/fixtures/mini`) is used as soon as its manifest has keyed `routes`; until the generator
 * emits them, a small hand-written tree that follows docs/manifest.md exactly stands in, laid out
 * as the generator lays it out (`<out>` a link to `<out>.builds/<id>`).
 */
import { mkdirSync, readFileSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { contentTypeOf, etagOf } from '../../generator/compile.ts';
import type { GatewayManifest, ManifestRoute, RouteVariant } from '../../gateway/manifest.ts';
import { FIXTURE, runCli } from './cli.ts';

export interface TestTree {
  /** The `dist` link. */
  readonly out: string;
  readonly manifest: GatewayManifest;
  /** True when this is the real generator's fixture build. */
  readonly real: boolean;
}

/** Builds the fixture with the real CLI; falls back to the hand-written tree while the fixture has no routes. */
export async function createTestTree(work: string): Promise<TestTree> {
  const out = join(work, 'dist');
  const result = await runCli(['build', '--dataset', FIXTURE, '--out', out, '--base-url', 'https://rewards.example.test']);
  if (result.code !== 0) throw new Error(`fixture build failed: ${result.stderr}`);
  const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as GatewayManifest;
  if (Array.isArray(manifest.routes) && manifest.routes.length > 0 && !process.env['GATEWAY_HANDWRITTEN_TREE']) {
    // A file outside the tree that traversal attempts aim at.
    writeFileSync(join(work, 'secret.txt'), 'TOP SECRET\n');
    return { out, manifest, real: true };
  }
  const handWritten = join(work, 'hand');
  return { out: handWritten, manifest: writeHandWrittenTree(handWritten, 'b1'), real: false };
}

const json = (value: unknown) => Buffer.from(`${JSON.stringify(value)}\n`);

type LooseVariant = Partial<RouteVariant> & { file: string };
type LooseRoute = Omit<ManifestRoute, 'params' | 'variants'> & { params?: ManifestRoute['params']; variants?: LooseVariant[] };

/** Fills the fields every manifest route has (empty params, query and optional), so the table below stays short. */
const complete = (route: LooseRoute): ManifestRoute => ({
  ...route,
  params: route.params ?? {},
  variants: (route.variants ?? []).map((variant) => ({ query: {}, optional: {}, ...variant })),
});

/** Keyed routes in the shape of design.md §4 (the nine of spec §4.2 plus a few of our catalogue). */
export const HAND_ROUTES: ManifestRoute[] = (
  [
    {
      id: 'cards-list',
      path: '/api/cards',
      tier: 'free',
      variants: [
        { query: { issuer: 'slug' }, optional: { page: 'page' }, file: 'keyed/api/cards/by-issuer/{issuer}/page-{page}.json' },
        { optional: { page: 'page' }, file: 'keyed/api/cards/page-{page}.json' },
      ],
    },
    { id: 'card', path: '/api/cards/{id}', tier: 'free', params: { id: 'slug' }, variants: [{ file: 'keyed/api/cards/{id}.json' }] },
    { id: 'mcc-list', path: '/api/mcc', tier: 'free', variants: [{ optional: { page: 'page' }, file: 'keyed/api/mcc/page-{page}.json' }] },
    { id: 'mcc', path: '/api/mcc/{code}', tier: 'free', params: { code: 'mcc' }, variants: [{ file: 'keyed/api/mcc/{code}.json' }] },
    {
      id: 'recommend',
      path: '/api/extension/recommend',
      tier: 'free',
      variants: [
        {
          query: { domain: 'domain' },
          file: 'keyed/api/extension/recommend/{domain}.json',
          lookup: 'domain-suffix',
          fallback: 'keyed/api/extension/recommend/_fallback.json',
        },
      ],
    },
    { id: 'usage', path: '/api/usage', tier: 'free', dynamic: 'usage' },
    {
      id: 'merchants-list',
      path: '/api/merchants',
      tier: 'starter',
      variants: [{ optional: { page: 'page' }, file: 'keyed/api/merchants/page-{page}.json' }],
    },
    {
      id: 'best-card',
      path: '/api/compute/best-card',
      tier: 'starter',
      variants: [
        { query: { mcc: 'mcc' }, file: 'keyed/api/compute/best-card/mcc/{mcc}.json' },
        { query: { merchant: 'slug' }, file: 'keyed/api/compute/best-card/merchant/{merchant}.json' },
      ],
    },
    { id: 'programs-list', path: '/api/programs', tier: 'pro', variants: [{ file: 'keyed/api/programs.json' }] },
    { id: 'portals-list', path: '/api/portals', tier: 'pro', variants: [{ file: 'keyed/api/portals.json' }] },
    {
      id: 'triple-stack',
      path: '/api/compute/triple-stack',
      tier: 'pro',
      variants: [{ query: { merchant: 'slug' }, file: 'keyed/api/compute/triple-stack/{merchant}.json' }],
    },
    { id: 'export-csv', path: '/api/export/dataset.csv', tier: 'enterprise', variants: [{ file: 'keyed/api/export/dataset.csv' }] },
  ] satisfies LooseRoute[]
).map(complete);

/** Writes the hand-written tree as build `id` and points the `out` link at it (atomically, as the generator does). */
export function writeHandWrittenTree(out: string, id: string, variation = ''): GatewayManifest {
  const files = new Map<string, Buffer>([
    ['public/api/mcc/5411.json', json({ code: '5411', description: `Grocery Stores, Supermarkets${variation}`, top_cards: [] })],
    ['public/api/merchant/amazon.json', json({ slug: 'amazon', name: 'Amazon' })],
    [
      'public/api/search.json',
      json([
        { type: 'mcc', code: '5411' },
        { type: 'merchant', slug: 'amazon' },
      ]),
    ],
    ['public/openapi.json', json({ openapi: '3.1.0', info: { title: 'cardrewards', version: '1' }, paths: {} })],
    ['public/index.html', Buffer.from('<!DOCTYPE html><title>cardrewards</title>\n')],
    [
      'keyed/api/cards/page-1.json',
      json({ items: [{ id: 'chase-sapphire-preferred' }, { id: 'amex-gold' }], page: 1, next: '/api/cards?page=2' }),
    ],
    ['keyed/api/cards/page-2.json', json({ items: [{ id: 'citi-double-cash' }], page: 2, prev: '/api/cards?page=1' })],
    ['keyed/api/cards/by-issuer/chase/page-1.json', json({ items: [{ id: 'chase-sapphire-preferred' }], page: 1 })],
    [
      'keyed/api/cards/chase-sapphire-preferred.json',
      json({ id: 'chase-sapphire-preferred', name: 'Chase Sapphire Preferred', filler: 'x'.repeat(2000) }),
    ],
    ['keyed/api/cards/amex-gold.json', json({ id: 'amex-gold', name: 'American Express Gold Card' })],
    ['keyed/api/mcc/page-1.json', json({ items: [{ code: '5411' }], page: 1 })],
    ['keyed/api/mcc/5411.json', json({ code: '5411' })],
    ['keyed/api/mcc/0742.json', json({ code: '0742' })],
    [
      'keyed/api/extension/recommend/amazon.com.json',
      json({ merchant_name: 'Amazon', best_cards: [{ name: 'Prime Visa', rate: 5 }], fallback: false }),
    ],
    [
      'keyed/api/extension/recommend/amazon.co.uk.json',
      json({ merchant_name: 'Amazon UK', best_cards: [{ name: 'Prime Visa', rate: 5 }], fallback: false }),
    ],
    ['keyed/api/extension/recommend/xn--mnchen-3ya.de.json', json({ merchant_name: 'München Shop', best_cards: [], fallback: false })],
    [
      'keyed/api/extension/recommend/_fallback.json',
      json({ merchant_name: null, best_cards: [{ name: 'Citi Double Cash', rate: 2 }], fallback: true }),
    ],
    ['keyed/api/merchants/page-1.json', json({ items: [{ slug: 'amazon', mcc: '5999' }], page: 1 })],
    ['keyed/api/compute/best-card/mcc/5411.json', json({ mcc: '5411', best: 'amex-gold' })],
    ['keyed/api/compute/best-card/merchant/amazon.json', json({ merchant: 'amazon', best: 'prime-visa' })],
    ['keyed/api/programs.json', json({ items: [{ id: 'chase-ultimate-rewards' }] })],
    ['keyed/api/portals.json', json({ items: [{ id: 'rakuten' }] })],
    ['keyed/api/compute/triple-stack/amazon.json', json({ merchant: 'amazon', total_percent: 7 })],
    ['keyed/api/export/dataset.csv', Buffer.from('slug,name\namex-gold,American Express Gold Card\n')],
  ]);
  const compressed = new Set(['public/api/mcc/5411.json', 'keyed/api/cards/chase-sapphire-preferred.json']);
  const root = join(`${out}.builds`, id);
  const manifest: GatewayManifest = {
    version: 1,
    build: id,
    date: '2026-11-10',
    files: Object.fromEntries(
      [...files].map(([path, bytes]) => [
        path,
        {
          size: bytes.length,
          etag: etagOf(bytes),
          type: contentTypeOf(path),
          ...(compressed.has(path) ? { encodings: ['br', 'gzip'] as const } : {}),
        },
      ]),
    ),
    routes: HAND_ROUTES,
  };
  for (const [path, bytes] of files) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), bytes);
    if (compressed.has(path)) {
      writeFileSync(join(root, `${path}.br`), brotliCompressSync(bytes));
      writeFileSync(join(root, `${path}.gz`), gzipSync(bytes));
    }
  }
  // A file outside the tree that traversal attempts aim at.
  writeFileSync(join(dirname(out), 'secret.txt'), 'TOP SECRET\n');
  writeFileSync(join(root, 'manifest.json'), json(manifest));
  const link = `${out}.link-tmp`;
  symlinkSync(relative(dirname(out), root), link, 'dir');
  renameSync(link, out);
  return manifest;
}
