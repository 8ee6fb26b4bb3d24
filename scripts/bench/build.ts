/**
 * `npm run bench`: the generator at 1×, 5× and 10× the merchants (issues 12 and 44), in one run. For each scale
 * it writes the K-times dataset (scripts/scale-dataset.ts), then per run: a full build (time and
 * peak RSS of the build process, from /usr/bin/time), a no-change rebuild, `sync` and `cp -r` of
 * the build's own output tree, a rebuild after one card's annual fee changes, and a build refused
 * before its first byte (--max-output below the dataset's bound). It writes the medians, the ratios,
 * files and bytes to docs/benchmarks.md between its build markers, leaving other sections alone.
 * BENCH_RUNS (default 1) runs per scale; BENCH_SCALES (default `1,5,10`).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, freemem, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { toCsv } from '../../generator/dataset/csv.ts';
import { scaleDataset } from '../scale-dataset.ts';
import { writeReportSection } from './report-section.ts';

const RUNS = Number(process.env['BENCH_RUNS'] ?? 1);
const SCALES = (process.env['BENCH_SCALES'] ?? '1,5,10').split(',').map(Number);
const ROOT = process.cwd();
const REPORT = join(ROOT, 'docs/benchmarks.md');
const START = '<!-- bench:build -->';
const END = '<!-- /bench:build -->';
/** The card whose annual fee the fee-change rebuild raises by one dollar. */
const FEE_CARD = 'chase-sapphire-preferred';

interface Timed {
  readonly seconds: number;
  /** Peak resident set of the build process, in bytes (0 when not measured). */
  readonly peakRss: number;
  readonly stdout: string;
}

interface Run {
  /** The build refused before its first byte: --max-output below the dataset's bound. */
  readonly refused: Timed;
  readonly full: Timed;
  readonly noChange: Timed;
  readonly copy: number;
  readonly fee: Timed;
  readonly files: number;
  readonly bytes: number;
}

/** Runs `command` after flushing dirty pages, so one step's write-back does not slow the next one. */
function timed(command: string, args: string[], expectedExit = 0): Timed {
  execFileSync('sync');
  const rssFile = join(work, 'rss');
  const started = performance.now();
  const run = spawnSync('/usr/bin/time', ['-f', '%M', '-o', rssFile, command, ...args], {
    cwd: ROOT,
    env: { ...process.env, CI: 'true' },
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.status !== expectedExit)
    throw new Error(`${command} ${args.join(' ')}: exit ${run.status}, expected ${expectedExit}: ${run.stderr}`);
  const stdout = run.stdout.toString();
  const seconds = (performance.now() - started) / 1000;
  const peakRss = Number(readFileSync(rssFile, 'utf8').trim().split('\n').at(-1)) * 1024;
  return { seconds, peakRss, stdout };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function treeStats(dir: string): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else {
        files++;
        bytes += statSync(path).size;
      }
    }
  };
  walk(dir);
  return { files, bytes };
}

/** A copy of `datasetDir` in which FEE_CARD's annual fee is one dollar higher. */
function withFeeChange(datasetDir: string, outDir: string): void {
  cpSync(datasetDir, outDir, { recursive: true });
  const file = join(outDir, 'cards.csv');
  const rows = parse(readFileSync(file, 'utf8')) as string[][];
  const [header, ...body] = rows;
  const slug = header!.indexOf('slug');
  const fee = header!.indexOf('annual_fee');
  const card = body.find((row) => row[slug] === FEE_CARD);
  if (!card) throw new Error(`no card ${FEE_CARD} in ${file}`);
  card[fee] = String(Number(card[fee]) + 1);
  writeFileSync(file, toCsv(header!, body));
}

const build = (dataset: string, out: string) =>
  timed(process.execPath, [join(ROOT, 'bin/cardrewards.js'), 'build', '--dataset', dataset, '--out', out]);
/** A build whose --max-output (1 GB) is below any scale's bound: refused once the dataset is read and checked (exit 2). */
const refusedBuild = (dataset: string, out: string) =>
  timed(process.execPath, [join(ROOT, 'bin/cardrewards.js'), 'build', '--dataset', dataset, '--out', out, '--max-output', '1GB'], 2);

// Published figures must say whether the machine was quiet: the one-minute load average before the run.
const loadAtStart = loadavg()[0] ?? 0;
// Beside the repository, on the file system a real dist/ would live on.
const work = mkdtempSync(join(ROOT, '.bench-'));
const results = new Map<number, Run[]>();
try {
  for (const scale of SCALES) {
    const dataset = join(work, `dataset-${scale}x`);
    const feeDataset = join(work, `dataset-${scale}x-fee`);
    scaleDataset(join(ROOT, 'dataset'), dataset, scale);
    withFeeChange(dataset, feeDataset);
    const runs: Run[] = [];
    for (let run = 1; run <= RUNS; run++) {
      const out = join(work, `dist-${scale}x-${run}`);
      const refused = refusedBuild(dataset, out);
      const full = build(dataset, out);
      const noChange = build(dataset, out);
      const tree = realpathSync(out);
      const { files, bytes } = treeStats(tree);
      const target = join(work, `copy-${run}`);
      execFileSync('sync');
      const started = performance.now();
      execFileSync('cp', ['-r', tree, target]);
      const copy = (performance.now() - started) / 1000;
      rmSync(target, { recursive: true, force: true });
      const fee = build(feeDataset, out);
      rmSync(`${out}.builds`, { recursive: true, force: true });
      rmSync(out, { force: true });
      runs.push({ refused, full, noChange, copy, fee, files, bytes });
      console.log(
        `${scale}× run ${run}: refused in ${refused.seconds.toFixed(2)} s, full ${full.seconds.toFixed(2)} s (peak RSS ${mib(full.peakRss)} MiB), no-change ${noChange.seconds.toFixed(2)} s, ` +
          `cp -r ${copy.toFixed(2)} s, fee change ${fee.seconds.toFixed(2)} s; ${files} files, ${mib(bytes)} MiB`,
      );
    }
    results.set(scale, runs);
    rmSync(dataset, { recursive: true, force: true });
    rmSync(feeDataset, { recursive: true, force: true });
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

function mib(bytes: number): string {
  return (bytes / 2 ** 20).toFixed(0);
}

/** "written N, unchanged M" from the build command's summary line. */
function writtenOf(stdout: string): string {
  const match = /(\d+) written, (\d+) unchanged/.exec(stdout);
  return match ? `${Number(match[1]).toLocaleString('en-US')} written, ${Number(match[2]).toLocaleString('en-US')} linked` : '?';
}

const rows: string[] = [];
const fullOf = new Map<number, number>();
for (const [scale, runs] of results) {
  const full = median(runs.map((r) => r.full.seconds));
  fullOf.set(scale, full);
  const copy = median(runs.map((r) => r.copy));
  const noChange = median(runs.map((r) => r.noChange.seconds));
  const fee = median(runs.map((r) => r.fee.seconds));
  const rss = Math.max(...runs.map((r) => r.full.peakRss), ...runs.map((r) => r.fee.peakRss));
  const last = runs.at(-1)!;
  const list = (values: number[]) => values.map((v) => v.toFixed(2)).join(', ');
  rows.push(
    `| ${scale}× | ${last.files.toLocaleString('en-US')} | ${mib(last.bytes)} | ${full.toFixed(2)} (${list(runs.map((r) => r.full.seconds))}) | ` +
      `${copy.toFixed(2)} (${list(runs.map((r) => r.copy))}) | ${median(runs.map((r) => r.full.seconds / r.copy)).toFixed(2)} | ` +
      `${(rss / 2 ** 30).toFixed(2)} | ${noChange.toFixed(2)} (${((noChange / full) * 100).toFixed(1)} %) | ` +
      `${fee.toFixed(2)} (${((fee / full) * 100).toFixed(0)} %; ${writtenOf(last.fee.stdout)}) | ` +
      `${median(runs.map((r) => r.refused.seconds)).toFixed(2)} |`,
  );
}
const copyOf = new Map([...results].map(([scale, runs]) => [scale, median(runs.map((r) => r.copy))]));
// Issue 44: the build grows no faster than `cp -r` of the same trees.
const growth = [...fullOf.keys()]
  .filter((scale) => scale > 1 && fullOf.has(1))
  .map(
    (scale) =>
      `From 1× to ${scale}×: the full build took ${(fullOf.get(scale)! / fullOf.get(1)!).toFixed(2)} times as long, \`cp -r\` ${(copyOf.get(scale)! / copyOf.get(1)!).toFixed(2)} times.`,
  )
  .join(' ');
const fsType = (() => {
  try {
    return execFileSync('stat', ['-f', '-c', '%T', ROOT]).toString().trim();
  } catch {
    return 'unknown';
  }
})();
const cpu = cpus();
const section = `${START}
## Build (generator)

Command: \`npm run bench\` (BENCH_RUNS=${RUNS}, BENCH_SCALES=${SCALES.join(',')}). For each scale, \`scripts/scale-dataset.ts\` writes the dataset with every merchant repeated K times (new slugs, names, domains, ranks); each run builds it into a fresh folder (time, and peak RSS of the build process from \`/usr/bin/time\`), rebuilds it unchanged, runs \`sync\` then \`cp -r\` of the output tree, and rebuilds after ${FEE_CARD}'s annual fee rises by $1. Times are medians of ${RUNS} run${RUNS === 1 ? '' : 's'} (each run in brackets).

Machine: ${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB RAM (${(freemem() / 2 ** 30).toFixed(0)} GiB free at the end), Node ${process.version}, file system ${fsType}; load average ${loadavg()
  .map((l) => l.toFixed(1))
  .join(' / ')} at the end.

${loadAtStart < 0.5 ? `Taken on a quiet machine (load average ${loadAtStart.toFixed(2)} before the run).` : `**Not a quiet machine**: the load average was ${loadAtStart.toFixed(2)} before the run, so other work shared the cores and the disk; \`cp -r\` times vary several-fold between runs. Compare ratios within a run, not times with other runs.`}

| scale | files | MiB | full build (s) | sync + cp -r (s) | build ÷ cp -r | peak RSS (GiB) | no-change rebuild (s, % of full) | one card's fee changed (s, % of full; files) | refused before the first byte (s) |
|---|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}

${growth ? `${growth}\n\n` : ''}Files and bytes count the output tree with its .br/.gz siblings; peak RSS is the largest of the full and the fee-change builds. The refused build is \`build --max-output 1GB\` (below every scale's bound): read, checked and refused with exit 2, nothing written. Goals: peak RSS ≤ 1 GiB at 1× and ≤ 1.5 GiB at 5× and 10×; full build ≤ 3 × cp -r, and growing no faster than \`cp -r\` from 1× to 10×; no-change rebuild ≤ 10 % of a full build; a refusal in under 30 s at 10× (issues 12 and 44).
${END}`;

writeReportSection(REPORT, START, END, section);
console.log(rows.join('\n'));
console.log(`→ ${REPORT}`);
