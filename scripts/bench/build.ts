/**
 * `npm run bench`: times a full build, a no-change rebuild and `cp -r` of the same output tree,
 * in the same run, and writes the medians and ratios to docs/benchmarks.md (between its
 * build markers, leaving other sections alone). Runs: BENCH_RUNS (default 3).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, realpathSync, rmSync, statSync } from 'node:fs';
import { cpus, freemem, totalmem } from 'node:os';
import { join } from 'node:path';
import { writeReportSection } from './report-section.ts';

const RUNS = Number(process.env['BENCH_RUNS'] ?? 3);
const ROOT = process.cwd();
const REPORT = join(ROOT, 'docs/benchmarks.md');
const START = '<!-- bench:build -->';
const END = '<!-- /bench:build -->';

/** Times `run` after flushing dirty pages, so one step's write-back does not slow the next one. */
function time(run: () => void): number {
  execFileSync('sync');
  const started = performance.now();
  run();
  return (performance.now() - started) / 1000;
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

const cli = (args: string[]) =>
  execFileSync(process.execPath, [join(ROOT, 'bin/cardrewards.js'), ...args], {
    cwd: ROOT,
    env: { ...process.env, CI: 'true' },
  }).toString();

// Beside the repository, on the file system a real dist/ would live on.
const work = mkdtempSync(join(ROOT, '.bench-'));
const full: number[] = [];
const noChange: number[] = [];
const copy: number[] = [];
let stats = { files: 0, bytes: 0 };
try {
  for (let run = 1; run <= RUNS; run++) {
    const out = join(work, `dist-${run}`);
    full.push(time(() => cli(['build', '--out', out])));
    noChange.push(time(() => cli(['build', '--out', out])));
    const tree = realpathSync(out);
    stats = treeStats(tree);
    const target = join(work, `copy-${run}`);
    copy.push(time(() => execFileSync('cp', ['-r', tree, target])));
    rmSync(target, { recursive: true, force: true });
    rmSync(`${out}.builds`, { recursive: true, force: true });
    rmSync(out, { force: true });
    console.log(
      `run ${run}: full ${full.at(-1)!.toFixed(2)} s, no-change ${noChange.at(-1)!.toFixed(2)} s, cp -r ${copy.at(-1)!.toFixed(2)} s`,
    );
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

const [fullM, noChangeM, copyM] = [median(full), median(noChange), median(copy)];
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

Command: \`npm run bench\` (BENCH_RUNS=${RUNS}); each run builds the real dataset into a fresh folder, rebuilds it unchanged, then copies the output tree with \`cp -r\`. Medians of ${RUNS} runs.

Machine: ${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB RAM (${(freemem() / 2 ** 30).toFixed(0)} GiB free at the end), Node ${process.version}, file system ${fsType}.

Output tree: ${stats.files.toLocaleString('en-US')} files (with .br/.gz siblings), ${(stats.bytes / 2 ** 20).toFixed(0)} MiB.

| measure | median (s) | runs (s) | ratio | target |
|---|---|---|---|---|
| full build | ${fullM.toFixed(2)} | ${full.map((v) => v.toFixed(2)).join(', ')} | ${(fullM / copyM).toFixed(2)} × cp -r | ≤ 3 × cp -r |
| no-change rebuild | ${noChangeM.toFixed(2)} | ${noChange.map((v) => v.toFixed(2)).join(', ')} | ${((noChangeM / fullM) * 100).toFixed(1)} % of full build | < 10 % |
| cp -r of the output tree (baseline) | ${copyM.toFixed(2)} | ${copy.map((v) => v.toFixed(2)).join(', ')} | 1 | |

Full build ÷ cp -r within each run: ${full.map((v, i) => (v / copy[i]!).toFixed(2)).join(', ')} (median ${median(full.map((v, i) => v / copy[i]!)).toFixed(2)}).

Small-file creation dominates both the build and the copy on this machine and varies by ±50 % between runs; compare ratios from the same run, not absolute times across runs.
${END}`;

writeReportSection(REPORT, START, END, section);
console.log(
  `full ${fullM.toFixed(2)} s (${(fullM / copyM).toFixed(2)} × cp -r ${copyM.toFixed(2)} s); no-change ${noChangeM.toFixed(2)} s (${((noChangeM / fullM) * 100).toFixed(1)} %) → ${REPORT}`,
);
