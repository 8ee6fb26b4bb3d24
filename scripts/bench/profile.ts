/**
 * `npm run bench:profile`: where a keyed call's CPU goes, in the gateway and in the floor it is measured
 * against (bare node:http counting each call in Redis and putting the gateway's headers on it,
 * scripts/bench/bare-node.ts), from V8's sampling CPU profiler (`node --cpu-prof`) under the same wrk load.
 *
 * Rates on a shared host move by a third from one minute to the next, and with them the CPU a request
 * takes. So besides µs per request, each server's cost is given in units of its own socket writes: busy
 * samples divided by the samples in `writev`, the kernel call that sends each answer (the same bytes for
 * both servers, so about the same cost a request). Units follow the host's speed where µs do not, but they
 * still move by about a tenth from run to run: compare servers over several runs, and functions by the
 * list, not by one total.
 *
 *   BENCH_PROFILE_PATH=/api/cards/amex-gold (default) | /api/compute/best-card?mcc=5411 | /api/mcc/5411.json
 *
 * Each server runs alone, pinned to core 0 (wrk and redis-server on core 1), is loaded for BENCH_SETTLE
 * (15 s) unmeasured, then for BENCH_DURATION (20 s); only the samples of that last run are read. Needs wrk,
 * redis-server and taskset. Writes its section of docs/benchmarks.md.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { SERVING_NODE_FLAGS } from '../../gateway/serving-node-flags.ts';
import { writeReportSection } from './report-section.ts';
import { createKey, freePort, startRedis, UNREACHED_LIMITS, waitFor } from './servers.ts';
import { keyedTarget } from '../../schemas/keyed-routes.ts';

const ROOT = process.cwd();
const PATH = process.env['BENCH_PROFILE_PATH'] ?? keyedTarget('cards-detail', { id: 'amex-gold' });
/** The one public file of the three paths: called without a key, as a CDN would call it. */
const STATIC_PATH = '/api/mcc/5411.json';
const SETTLE = process.env['BENCH_SETTLE'] ?? '15s';
const DURATION = process.env['BENCH_DURATION'] ?? '20s';
const START = '<!-- bench:profile -->';
const END = '<!-- /bench:profile -->';
/** Functions listed in the table of what the gateway does beyond the floor. */
const LISTED = 20;

/** What V8's `.cpuprofile` holds that is read here. */
interface CpuProfile {
  readonly nodes: readonly {
    readonly id: number;
    readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
  }[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
  readonly startTime: number;
}

interface Measured {
  readonly label: string;
  readonly requests: number;
  readonly seconds: number;
  /** Busy (not idle) samples in the measured run, by function. */
  readonly byFunction: Map<string, number>;
  readonly busy: number;
  readonly writev: number;
  /** Microseconds between two samples, on average over the measured run. */
  readonly interval: number;
}

/** A function's name in the table: its name and file, and the line for Node's own code (whose names repeat). */
function nameOf({ functionName, url, lineNumber }: CpuProfile['nodes'][number]['callFrame']): string {
  const file = url.replace(/^.*\/(gateway|scripts|tree|lib)\//, '$1/').replace(/\.ts$/, '.js');
  const where = file === '' ? '' : ` ${file}${file.startsWith('node:') ? `:${lineNumber + 1}` : ''}`;
  return `${functionName || '(anonymous)'}${where}`;
}

/** The samples of the measured run: the last `seconds` before the last sample in `writev` (no answer is sent after it). */
function readProfile(file: string, seconds: number): Pick<Measured, 'byFunction' | 'busy' | 'writev' | 'interval'> {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  let clock = profile.startTime;
  const times = profile.timeDeltas.map((delta) => (clock += delta));
  let end = 0;
  profile.samples.forEach((id, i) => {
    if (frames.get(id)?.functionName === 'writev') end = times[i] as number;
  });
  const start = end - seconds * 1e6;
  const byFunction = new Map<string, number>();
  let busy = 0;
  let all = 0;
  profile.samples.forEach((id, i) => {
    const at = times[i] as number;
    if (at < start || at > end) return;
    all++;
    const frame = frames.get(id);
    if (frame === undefined || frame.functionName === '(idle)') return;
    busy++;
    const name = nameOf(frame);
    byFunction.set(name, (byFunction.get(name) ?? 0) + 1);
  });
  const writev = [...byFunction].filter(([name]) => name === 'writev').reduce((sum, [, n]) => sum + n, 0);
  return { byFunction, busy, writev, interval: (end - start) / Math.max(all, 1) };
}

/** `taskset -c CPUS command args…` with `--cpu-prof` into `folder`. */
function startProfiled(folder: string, args: readonly string[], env: NodeJS.ProcessEnv): ChildProcess {
  return spawn('taskset', ['-c', '0', process.execPath, ...SERVING_NODE_FLAGS, '--cpu-prof', `--cpu-prof-dir=${folder}`, ...args], {
    cwd: ROOT,
    stdio: 'ignore',
    env: { ...process.env, ...env },
  });
}

/** Loads `base + PATH` for the settle time, then measures a run; stops the server (SIGINT: it writes its profile) and reads it. */
async function measure(label: string, child: ChildProcess, folder: string, base: string, headers: readonly string[]): Promise<Measured> {
  await waitFor(`${base}${PATH}`);
  const wrk = (duration: string) =>
    execFileSync('taskset', ['-c', '1', 'wrk', '-t1', '-c50', `-d${duration}`, ...headers, `${base}${PATH}`]).toString();
  wrk(SETTLE);
  const output = wrk(DURATION);
  const requests = Number(/(\d+) requests in/.exec(output)?.[1] ?? 0);
  const seconds = Number(/requests in ([\d.]+)s/.exec(output)?.[1] ?? 0);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGINT');
  await exited;
  // `bin/run-ts.js` adds a loader thread with a profile of its own: the serving thread's is the largest.
  const file = readdirSync(folder)
    .map((name) => join(folder, name))
    .sort((a, b) => statSync(b).size - statSync(a).size)[0];
  if (file === undefined) throw new Error(`${label} wrote no profile`);
  return { label, requests, seconds, ...readProfile(file, seconds) };
}

const loadAtStart = loadavg()[0] ?? 0;
const work = mkdtempSync(join(ROOT, '.bench-profile-'));
const redis = await startRedis('1');
try {
  const redisUrl = redis.url;
  const env = {
    REDIS_URL: redisUrl,
    CARDREWARDS_LIMITS: UNREACHED_LIMITS,
    CARDREWARDS_LOG_LEVEL: 'silent',
    CARDREWARDS_STATE_FILE: join(work, 'state.json'),
  };

  const floorPort = await freePort();
  const floorFolder = join(work, 'floor');
  const floorArgs = ['bin/run-ts.js', 'scripts/bench/bare-node.ts', String(floorPort), 'dist', '--count-in', redisUrl, '--gateway-headers'];
  const floor = await measure(
    "bare node:http counting each call in Redis, with the gateway's headers",
    startProfiled(floorFolder, floorArgs, env),
    floorFolder,
    `http://127.0.0.1:${floorPort}`,
    [],
  );

  const key = createKey('bench:profile', env);
  const gatewayPort = await freePort();
  const gatewayFolder = join(work, 'gateway');
  const serve = ['bin/cardrewards.js', 'serve', '--port', String(gatewayPort), '--no-demo-key', '--workers', '1', '--metrics-port', '0'];
  const gateway = await measure(
    'gateway, Redis (metrics on)',
    startProfiled(gatewayFolder, serve, env),
    gatewayFolder,
    `http://127.0.0.1:${gatewayPort}`,
    PATH === STATIC_PATH ? [] : ['-H', `X-API-Key: ${key}`],
  );

  const perRequest = (m: Measured, samples: number) => (samples * m.interval) / m.requests;
  const units = (m: Measured, samples: number) => samples / m.writev;
  const row = (m: Measured) =>
    `| ${m.label} | ${Math.round(m.requests / m.seconds).toLocaleString('en-US')} | ${perRequest(m, m.busy).toFixed(1)} | ${units(m, m.busy).toFixed(2)} | ${units(m, m.byFunction.get('(garbage collector)') ?? 0).toFixed(3)} | ${m.busy} |`;
  const names = new Set([...gateway.byFunction.keys(), ...floor.byFunction.keys()]);
  const beyond = [...names]
    .map((name) => [name, units(gateway, gateway.byFunction.get(name) ?? 0) - units(floor, floor.byFunction.get(name) ?? 0)] as const)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, LISTED);
  const quiet = loadAtStart < 1 ? 'a quiet machine' : `**not a quiet machine** (load ${loadAtStart.toFixed(2)})`;
  const section = `${START}
## Where a keyed call's CPU goes (CPU profiles)

Command: \`BENCH_PROFILE_PATH=${PATH} npm run bench:profile\` (each server alone under \`node --cpu-prof\`, pinned to core 0, wrk -t1 -c50 and redis-server on core 1, ${SETTLE} of load unmeasured, then ${DURATION} measured), on ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, ${quiet}: load average ${loadAtStart.toFixed(2)} before the run. "Units" are busy samples per sample in \`writev\` (the system call that sends each answer, the same bytes for both servers): they follow the host's speed where µs per request do not, but still move by about a tenth from run to run, so compare several runs.

| server | requests/s | CPU µs per request | units a request | of which garbage collector | busy samples |
|---|---|---|---|---|---|
${row(floor)}
${row(gateway)}

Floor ÷ gateway in units: ${(floor.busy / floor.writev / (gateway.busy / gateway.writev)).toFixed(2)}, the share of the floor's rate the gateway's CPU a request allows. What it does beyond the floor, function by function (units a request; negative: work the floor does and the gateway does not, such as the floor's own handler):

| function | gateway − floor |
|---|---|
${beyond.map(([name, units]) => `| \`${name.replaceAll('|', '\\|')}\` | ${units.toFixed(3)} |`).join('\n')}
${END}`;
  writeReportSection(join(ROOT, 'docs/benchmarks.md'), START, END, section);
  console.log(section);
} finally {
  redis.process.kill('SIGTERM');
  rmSync(work, { recursive: true, force: true });
}
