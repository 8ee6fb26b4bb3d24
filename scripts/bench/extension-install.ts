/**
 * `node bin/run-ts.js scripts/bench/extension-install.ts [dataset]`: the bytes a fresh install of the
 * browser extension fetches (docs/extension.md): its two files, the extension index and everyday
 * spending's earn table, serialised as the build writes them and compressed with the build's settings
 * (generator/writer/compression.ts), beside one MCC's earn table for comparison. Reads the dataset (default
 * dataset/) into a model; writes nothing.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { prepare } from '../../generator/compile.ts';
import { canonicalJson } from '../../generator/canonical-json.ts';
import { COMPRESSION } from '../../generator/writer/compression.ts';
import { readDataset } from '../../generator/dataset/read-dataset.ts';
import { extensionIndexOf } from '../../generator/site/extension-index.ts';
import { everydayEarnTable, mccEarnTable } from '../../generator/views/earn-table.ts';

const dataset = process.argv[2] ?? 'dataset';
const prepared = prepare(readDataset(dataset), { baseUrl: 'https://example.test', displayDir: dataset });
if (!prepared.ok) throw new Error(`${dataset} has problems: run cardrewards validate`);
const { model } = prepared;

/** Raw, gzip and brotli bytes of a document as the build writes it. */
function sizes(document: unknown): [number, number, number] {
  const bytes = Buffer.from(canonicalJson(document));
  return [
    bytes.length,
    gzipSync(bytes, { level: COMPRESSION.gzipLevel }).length,
    brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: COMPRESSION.brotliQuality } }).length,
  ];
}

const started = performance.now();
const index = extensionIndexOf(model);
const indexMs = performance.now() - started;
const rows: [string, [number, number, number]][] = [
  ['/api/extension/index.json', sizes(index)],
  ['/api/earn-table/everyday.json', sizes(everydayEarnTable(model))],
];
const install = rows.reduce<[number, number, number]>((sum, [, size]) => [sum[0] + size[0], sum[1] + size[1], sum[2] + size[2]], [0, 0, 0]);
const firstMcc = model.mccByCode.get(index.merchants[0]?.mcc_code ?? '');
console.log(`dataset ${dataset} of ${model.date}: ${index.merchants.length} merchants with a domain in ${index.mcc_tables.length} MCCs`);
console.log('| file | bytes | gzip | brotli |\n|---|---:|---:|---:|');
for (const [name, [raw, gzip, brotli]] of [...rows, ['a fresh install', install] as const])
  console.log(`| ${name} | ${raw} | ${gzip} | ${brotli} |`);
if (firstMcc !== undefined)
  console.log(`for comparison, MCC ${firstMcc.code}'s earn table: ${sizes(mccEarnTable(model, firstMcc)).join(' / ')} bytes`);
console.log(`the index took ${Math.round(indexMs)} ms to derive`);
