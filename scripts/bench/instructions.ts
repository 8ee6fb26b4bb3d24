/**
 * `npm run bench:instructions`: CPU instructions per static request, counted by valgrind's callgrind,
 * of bare node:http, of bare node:http sending the gateway's extra headers too, and of the gateway.
 * `BENCH_CG_REQUEST=keyed` counts a keyed call instead (the card, with a key, counted in a Redis
 * that runs outside valgrind): bare node:http, bare node:http counting each call in that Redis with
 * the gateway's counter (the floor of a counted call), and the gateway.
 * Rates on this host move by half from one run to the next (docs/benchmarks.md); a bare server's
 * instruction count repeats within 2 %. The gateway's does not yet: it follows how much of its path V8
 * has optimised when the window starts, which the requests counted in the window show (docs/benchmarks.md).
 *
 * Each server runs alone under callgrind with counting off while it starts and serves a long warm-up
 * (V8 compiles the request path for tens of thousands of requests; under valgrind that is minutes),
 * then counts a window of wrk load. JIT code has no symbols: `--perf-basic-prof` makes V8 write a map
 * of its code, which names the JavaScript functions. What V8's compiler and garbage collector did in
 * the window is reported apart: under valgrind they run at other times than on a real core (the
 * compiler is still catching up, a major collection may fall in the window or not).
 *
 * Needs valgrind (callgrind_control, callgrind_annotate) and wrk. Writes its section of docs/benchmarks.md.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { SERVING_NODE_FLAGS } from '../../gateway/serving-node-flags.ts';
import { writeReportSection } from './report-section.ts';
import { createKey, freePort, startRedis, UNREACHED_LIMITS, waitFor } from './servers.ts';
import { keyedTarget } from '../../schemas/keyed-routes.ts';
import { PUBLIC_FILES, publicPath } from '../../schemas/public-files.ts';

const ROOT = process.cwd();
const WARMUP_SECONDS = Number(process.env['BENCH_CG_WARMUP'] ?? 300);
const WINDOW_SECONDS = Number(process.env['BENCH_CG_WINDOW'] ?? 20);
/** `keyed`: count a keyed call counted in Redis instead of a static file (see the head comment). */
const KEYED = process.env['BENCH_CG_REQUEST'] === 'keyed';
const PATH = KEYED ? keyedTarget('cards-detail', { id: 'amex-gold' }) : publicPath(PUBLIC_FILES.mccRecord, { code: '5411' });
/** `BENCH_CG_ONLY=gateway` counts only the servers whose label starts with it (a quick check of one change); the report is then not written. */
const ONLY = process.env['BENCH_CG_ONLY'];
/** `BENCH_CG_KEEP=<folder>` keeps each server's callgrind dump and V8's perf map there, e.g. for `callgrind_annotate --tree=caller`. */
const KEEP = process.env['BENCH_CG_KEEP'];
/**
 * Flags for every server's `node` (space-separated; `BENCH_CG_NODE_FLAGS` replaces them). `--single-threaded`:
 * V8 compiles and collects on the main thread, at the same point of the same request in every run, instead of
 * on helper threads that valgrind runs one at a time whenever it switches. Then the flags a serving process
 * runs with (gateway/serving-node-flags.ts), for every server alike.
 */
const NODE_FLAGS = (process.env['BENCH_CG_NODE_FLAGS'] ?? ['--single-threaded', ...SERVING_NODE_FLAGS].join(' '))
  .split(' ')
  .filter((flag) => flag !== '');
const START = KEYED ? '<!-- bench:instructions-keyed -->' : '<!-- bench:instructions -->';
const END = KEYED ? '<!-- /bench:instructions-keyed -->' : '<!-- /bench:instructions -->';

interface Subject {
  readonly label: string;
  /** The server's command line after `node`, for the port it is to listen on. */
  readonly args: (port: number) => readonly string[];
}
/** The three servers; the second is the floor the gateway's own work is measured from. */
function subjectsFor(redisUrl: string | undefined): readonly Subject[] {
  const bare =
    (...options: string[]) =>
    (port: number) => ['bin/run-ts.js', 'scripts/bench/bare-node.ts', String(port), 'dist', ...options];
  return [
    { label: 'bare node:http', args: bare() },
    redisUrl === undefined
      ? { label: 'bare node:http + the gateway’s 3 headers', args: bare('--gateway-headers') }
      : { label: 'bare node:http counting each call in Redis', args: bare('--count-in', redisUrl) },
    {
      label: 'gateway (metrics on)',
      // --metrics-port 0: metrics on (as in every bench:gateway row but one), on a port nobody reads here.
      args: (port) => ['bin/cardrewards.js', 'serve', '--port', String(port), '--no-demo-key', '--workers', '1', '--metrics-port', '0'],
    },
  ];
}

/** Which of V8's own work a function is: reported apart from the request's. */
const COMPILER = /compiler::|Compile|Maglev|Turboshaft/;
const COLLECTOR = /Scaveng|Heap::|GC|Marking|Mark-|MarkCompact|Sweep|Evacuat|RememberedSet|ConcurrentMarking|MemoryChunk/;

interface Count {
  readonly requests: number;
  /** Answers in the window that were not 200. */
  readonly notOk: number;
  readonly total: number;
  readonly compiler: number;
  readonly collector: number;
  /** Instructions per request by function (JavaScript named from V8's perf map), the request's own work only. */
  readonly byFunction: Map<string, number>;
}

/** The name of the code at `address` in V8's perf map (start, size, name per line), or undefined. */
function nameFrom(map: readonly (readonly [number, number, string])[], address: number): string | undefined {
  let low = 0;
  let high = map.length - 1;
  let found: readonly [number, number, string] | undefined;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const entry = map[middle] as readonly [number, number, string];
    if (entry[0] <= address) {
      found = entry;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found !== undefined && address < found[0] + found[1] ? found[2] : undefined;
}

/** Where a keyed run counts: the Redis outside valgrind and the key the gateway is called with. */
interface KeyedSetUp {
  readonly redisUrl: string;
  readonly key: string;
}

async function count(subject: Subject, work: string, keyed: KeyedSetUp | undefined): Promise<Count> {
  const port = await freePort();
  const out = join(work, `callgrind.${port}`);
  const child = spawn(
    'valgrind',
    [
      '--tool=callgrind',
      '--smc-check=all-non-file',
      '--instr-atstart=no',
      `--callgrind-out-file=${out}`,
      process.execPath,
      '--perf-basic-prof',
      ...NODE_FLAGS,
      ...subject.args(port),
    ],
    {
      cwd: ROOT,
      stdio: 'ignore',
      env: {
        ...process.env,
        REDIS_URL: keyed?.redisUrl ?? '',
        CARDREWARDS_STATE_FILE: join(work, 'state.json'),
        CARDREWARDS_LOG_LEVEL: 'silent',
        // Limits no run reaches: a keyed window must count every call it serves.
        CARDREWARDS_LIMITS: UNREACHED_LIMITS,
      },
    },
  );
  const url = `http://127.0.0.1:${port}${PATH}`;
  // wrk's arguments: the key's header on a keyed call, then the URL.
  const target = keyed === undefined ? [url] : ['-H', `X-API-Key: ${keyed.key}`, url];
  try {
    // Under valgrind a gateway takes minutes to load its manifest.
    await waitFor(url, { timeoutMs: 600_000, everyMs: 1000 });
    // The end of the first load, when its connections close, deoptimises much of Node's socket path
    // (first seen field types change): a short first load takes that before the long warm-up, so the
    // window does not count V8 compiling it again.
    execFileSync('wrk', ['-t1', '-c10', '-d20s', ...target]);
    execFileSync('wrk', ['-t1', '-c10', `-d${WARMUP_SECONDS}s`, ...target]);
    const pid = String(child.pid);
    execFileSync('callgrind_control', ['-i', 'on', pid]);
    const output = execFileSync('wrk', ['-t1', '-c10', `-d${WINDOW_SECONDS}s`, ...target]).toString();
    // Under valgrind a count can outlive Redis's command timeout now and then (a 503): reported, not hidden.
    const notOk = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(output)?.[1] ?? 0);
    execFileSync('callgrind_control', ['-i', 'off', pid]);
    execFileSync('callgrind_control', ['-d', pid]);
    const requests = Number(/(\d+) requests in/.exec(output)?.[1] ?? 0);
    const map = readFileSync(`/tmp/perf-${pid}.map`, 'utf8')
      .trim()
      .split('\n')
      .map((line) => {
        const [start = '0', size = '0', ...name] = line.split(' ');
        return [Number.parseInt(start, 16), Number.parseInt(size, 16), name.join(' ')] as const;
      })
      .sort((a, b) => a[0] - b[0]);
    const dump = `${out}.1`;
    if (KEEP !== undefined) {
      // With V8's map of its JIT code, which names the callers callgrind shows only as addresses.
      const kept = join(KEEP, `callgrind.${subject.label.replace(/[^a-z0-9]+/gi, '-')}.${child.pid}`);
      copyFileSync(dump, kept);
      copyFileSync(`/tmp/perf-${pid}.map`, `${kept}.perf.map`);
    }
    const annotated = execFileSync('callgrind_annotate', ['--threshold=100', dump], { maxBuffer: 1 << 28 }).toString();
    const byFunction = new Map<string, number>();
    let total = 0;
    let compiler = 0;
    let collector = 0;
    for (const line of annotated.split('\n')) {
      const match = /^\s*([\d,]+) \([^)]*\)\s+(.*)$/.exec(line);
      if (match === null) continue;
      const instructions = Number(match[1]?.replaceAll(',', '')) / requests;
      const where = match[2] ?? '';
      if (where.includes('PROGRAM TOTALS')) {
        total = instructions;
        continue;
      }
      const jit = /^\?\?\?:0x([0-9a-f]+) \[\?\?\?\]/.exec(where);
      const name = jit
        ? // V8 names JIT code `JS:*name file:///path:line:column` (`*` optimised, `^` baseline): keep the name and where, relative to the repository.
          `JS ${(nameFrom(map, Number.parseInt(jit[1] ?? '0', 16)) ?? 'unnamed').replace(/^JS:/, '').replaceAll(`file://${ROOT}/`, '')}`
        : where
            .replace(/^\?\?\?:/, '')
            .replace(/ \[.*\]$/, '')
            .replace(/\(.*$/, '');
      if (COMPILER.test(name)) compiler += instructions;
      else if (COLLECTOR.test(name)) collector += instructions;
      else byFunction.set(name, (byFunction.get(name) ?? 0) + instructions);
    }
    return { requests, notOk, total, compiler, collector, byFunction };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(`/tmp/perf-${child.pid}.map`, { force: true });
  }
}

const own = (c: Count) => c.total - c.compiler - c.collector;
const thousands = (n: number) => `${(n / 1000).toFixed(1)}k`;

if (!existsSync(join(ROOT, 'dist/manifest.json'))) execFileSync(process.execPath, ['bin/cardrewards.js', 'build'], { stdio: 'inherit' });
const work = mkdtempSync(join(ROOT, '.bench-instructions-'));
const counts: Count[] = [];
let redis: ChildProcess | undefined;
let keyed: KeyedSetUp | undefined;
if (KEYED) {
  const started = await startRedis();
  redis = started.process;
  keyed = { redisUrl: started.url, key: createKey('instructions', { REDIS_URL: started.url }) };
}
const SUBJECTS = subjectsFor(keyed?.redisUrl);
try {
  // One at a time: two servers under callgrind at once gave a count that no single run repeated.
  for (const subject of SUBJECTS) {
    if (ONLY !== undefined && !subject.label.startsWith(ONLY)) continue;
    const result = await count(subject, work, keyed);
    counts.push(result);
    console.log(
      `${subject.label}: ${thousands(own(result))} instructions a request (${result.requests} requests, ${result.notOk} not 200; compiler ${thousands(result.compiler)}, collector ${thousands(result.collector)})`,
    );
    // A quick check prints where the instructions went, function by function, to compare two runs.
    if (ONLY !== undefined)
      for (const [name, instructions] of [...result.byFunction].sort((a, b) => b[1] - a[1]))
        if (instructions >= 10) console.log(`  ${instructions.toFixed(0).padStart(6)} ${name.slice(0, 120)}`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
  redis?.kill('SIGKILL');
}

if (ONLY !== undefined) process.exit(0);
const [bare, floor, gateway] = counts as [Count, Count, Count];
const rows = SUBJECTS.map((subject, i) => {
  const c = counts[i] as Count;
  return `| ${subject.label} | ${thousands(own(c))} | ${(own(bare) / own(c)).toFixed(2)} | ${thousands(c.compiler)} | ${thousands(c.collector)} | ${c.requests} | ${c.notOk} |`;
});
const difference = [...new Set([...gateway.byFunction.keys(), ...floor.byFunction.keys()])]
  .map((name) => [name, (gateway.byFunction.get(name) ?? 0) - (floor.byFunction.get(name) ?? 0)] as const)
  .sort((a, b) => b[1] - a[1])
  .slice(0, 12)
  .map(([name, more]) => `\`${name.slice(0, 90).replaceAll('|', '\\|')}\` +${more.toFixed(0)}`);

writeReportSection(
  join(ROOT, 'docs/benchmarks.md'),
  START,
  END,
  `${START}
## Instructions per ${KEYED ? 'keyed call (counted in Redis)' : 'static request'}

Command: \`${KEYED ? 'BENCH_CG_REQUEST=keyed ' : ''}npm run bench:instructions\` (valgrind --tool=callgrind, one server at a time, node ${NODE_FLAGS.join(' ') || 'without flags'}, counting off during start-up, a 20 s first load and a ${WARMUP_SECONDS} s warm-up of wrk -t1 -c10, then a ${WINDOW_SECONDS} s window of the same load on \`${PATH}\`${KEYED ? ' with a pro key, every call counted in a redis-server that runs outside valgrind' : ''}), on ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}. User-space instructions of every thread of the process, divided by the requests wrk counted; the kernel's share of a request (the socket write is 40-50 % of a request's time on a real core) is not counted, and is the same for every row. "Own" leaves out what V8's compiler and garbage collector did in the window, given apart: under valgrind they do not run when they would on a real core. Compare two runs function by function rather than by total: the functions of Node's HTTP path repeat to a few instructions from run to run, while V8's leftover unoptimised code (in "v8::internal" and the compiler column) moves the total by up to 4k.

| server | own instructions a request | bare ÷ this | compiler | garbage collector | requests counted | of which not 200 |
|---|---|---|---|---|---|---|
${rows.join('\n')}

Where the gateway's own instructions go beyond ${KEYED ? 'bare node counting in Redis' : 'the bare server with its headers'} (per request, by function): ${difference.join(', ')}.
${END}`,
);
