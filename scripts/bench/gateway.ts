/**
 * `npm run bench:gateway`: requests per second and p99 latency of the gateway against nginx
 * serving the same files from the same build, and against what users would build instead
 * (express.static behind express-rate-limit + rate-limit-redis), all in one run with wrk.
 * Servers are pinned to core 0, wrk and redis-server to core 1 (taskset), so a ratio compares one
 * core's worth of serving. Needs `nginx`, `wrk`, `redis-server` and `taskset` on PATH (Debian:
 * apt-get install nginx wrk redis-server util-linux). Writes its section of docs/benchmarks.md.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { SERVING_NODE_FLAGS } from '../../gateway/serving-node-flags.ts';
import { processMemory } from './process-memory.ts';
import { writeReportSection } from './report-section.ts';
import { createKey, freePort, startRedis, UNREACHED_LIMITS, waitFor } from './servers.ts';
import { keyedTarget } from '../../schemas/keyed-routes.ts';
import { PUBLIC_FILES, publicPath } from '../../schemas/public-files.ts';

const ROOT = process.cwd();
const REPORT = join(ROOT, 'docs/benchmarks.md');
const START = '<!-- bench:gateway -->';
const END = '<!-- /bench:gateway -->';
const DURATION = process.env['BENCH_DURATION'] ?? '5s';
const CONNECTIONS = process.env['BENCH_CONNECTIONS'] ?? '50';
/** Each measured run follows a run of this length on the same URL, so the JIT and the caches are warm. */
const WARMUP = process.env['BENCH_WARMUP'] ?? '2s';
/** Every server is measured this many times, round after round; the table gives the median. */
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 3);
/**
 * Before the first round every server serves each of its requests this long, unmeasured: V8 goes on
 * compiling a gateway's request path for 10-20 s of load (`--trace-opt` shows the compilations stop
 * then), and a first round measured earlier would time the compiler.
 */
const SETTLE = process.env['BENCH_SETTLE'] ?? '10s';

interface Result {
  readonly rps: number;
  readonly p99ms: number;
  readonly non2xx: number;
  /** CPU time (user + system) the server process spent per request in the measured run, in µs; NaN when not measured. */
  readonly cpuUs: number;
}

/** CPU seconds (user + system) a process has used so far (Linux, /proc). */
function cpuSeconds(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  // utime and stime are fields 14 and 15 of the whole line, 12 and 13 after "pid (comm) ".
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** `taskset -c CPUS command args…` */
function pinned(cpus: string, command: string, args: string[], options: Parameters<typeof spawn>[2] = {}): ChildProcess {
  return spawn('taskset', ['-c', cpus, command, ...args], { stdio: 'ignore', ...options });
}

/** wrk's arguments naming a server's request: its headers (none for a static file, as a CDN would serve it), then the URL. */
function targetOf(subject: Subject, field: keyof Paths): string[] {
  const headers = field === 'static' ? {} : subject.headers;
  return [...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]), `${subject.base}${subject.paths[field]}`];
}

/** wrk on `target` for `duration`, pinned like every run, nothing measured. */
function load(target: readonly string[], duration: string): void {
  execFileSync('taskset', ['-c', '1', 'wrk', '-t1', `-c${CONNECTIONS}`, `-d${duration}`, ...target]);
}

/**
 * Requests per second, p99 and, for a server process `pid`, its CPU time per request: on a machine
 * other work shares, a server's CPU per request still says what it costs, where its rate says how
 * much of the core it was given.
 */
function wrk(target: readonly string[], pid?: number): Result {
  load(target, WARMUP);
  const args = ['-c', '1', 'wrk', '-t1', `-c${CONNECTIONS}`, `-d${DURATION}`, '--latency', ...target];
  const cpuBefore = cpuSeconds(pid);
  const output = execFileSync('taskset', args).toString();
  const cpu = cpuSeconds(pid) - cpuBefore;
  const requests = Number(/(\d+) requests in/.exec(output)?.[1] ?? 0);
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1] ?? 0);
  const p99 = /99%\s+([\d.]+)(us|ms|s)/.exec(output);
  const scale = p99?.[2] === 'us' ? 0.001 : p99?.[2] === 's' ? 1000 : 1;
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(output)?.[1] ?? 0);
  return { rps, p99ms: Number(p99?.[1] ?? 0) * scale, non2xx, cpuUs: requests > 0 ? (cpu * 1e6) / requests : Number.NaN };
}

/** The median of the finite values (the lower middle one of an even count: always one of them), or NaN. */
function median(values: readonly number[]): number {
  const sorted = values.filter(Number.isFinite).sort((x, y) => x - y);
  return sorted.length === 0 ? Number.NaN : (sorted[Math.floor((sorted.length - 1) / 2)] as number);
}

function stop(child: ChildProcess | undefined): void {
  if (child && child.exitCode === null) child.kill('SIGTERM');
}

/** Resident memory of a running process now and at its peak, in MiB (Linux). */
function rssMiB(pid: number | undefined): { now: number; peak: number } {
  const { rssBytes, peakBytes } = processMemory(pid as number);
  return { now: rssBytes / 2 ** 20, peak: peakBytes / 2 ** 20 };
}

/** The three requests every server answers: the same files under each server's own paths. */
interface Paths {
  readonly static: string;
  readonly card: string;
  readonly bestCard: string;
}
const NGINX_PATHS: Paths = {
  static: '/public/api/mcc/5411.json',
  card: '/keyed/api/cards/amex-gold.json',
  bestCard: '/keyed/api/compute/best-card/standalone/mcc/5411.json',
};
const GATEWAY_PATHS: Paths = {
  static: publicPath(PUBLIC_FILES.mccRecord, { code: '5411' }),
  card: keyedTarget('cards-detail', { id: 'amex-gold' }),
  bestCard: keyedTarget('compute-best-card', {}, { mcc: '5411' }),
};
/** node:http answering from memory with no check (scripts/bench/bare-node.ts). */
const BARE_NODE = 'bare node:http (files in memory, no checks)';
const NGINX = 'nginx (1 worker, no checks)';
const COUNTED_IN_REDIS = 'bare node:http counting each keyed call in Redis';
const COUNTED_IN_OS = 'bare node:http counting each keyed call in the embedded store, synced to the OS';
const COUNTED_ON_DISK = 'bare node:http counting each keyed call in the embedded store, synced to the disk';
const WITH_HEADERS = ", with the gateway's headers";
const EXPRESS = 'express + express-rate-limit + rate-limit-redis';
const CASES = [
  ['static file', 'static'],
  ['keyed card', 'card'],
  ['keyed best-card (21 KB)', 'bestCard'],
] as const;

// Published figures must say whether the machine was quiet: the one-minute load average before the run.
const loadAtStart = loadavg()[0] ?? 0;
const work = mkdtempSync(join(ROOT, '.bench-gateway-'));
const children: ChildProcess[] = [];

/** A server under test, started before the first round and measured in every round. */
interface Subject {
  readonly label: string;
  readonly base: string;
  readonly paths: Paths;
  readonly headers: Record<string, string>;
  /** The process whose CPU time is read; none for the 2-worker row (its serving processes are the primary's children). */
  readonly pid: number | undefined;
  /** Only these requests (the rows that measure one thing). */
  readonly only?: readonly (keyof Paths)[];
  /** /metrics, for the line that shows what it counted. */
  readonly metricsUrl?: string;
  /** The gateway's own process (the primary for 2 workers), whose memory is reported. */
  readonly primaryPid?: number | undefined;
  /** The bare node:http server counting in the same store: the most a server counting there can do (keyed rows). */
  readonly ceiling?: string;
}
const subjects: Subject[] = [];
/** A row of the table: one server on one request, every round's run and the bare node:http run made just before each. */
interface Row {
  readonly server: string;
  readonly request: string;
  readonly runs: Result[];
  /** Empty for nginx and bare node:http itself, which are not paired. */
  readonly bareRuns: Result[];
}
/** The rows in the order they were first measured (the table sorts them by server and request). */
const rows = new Map<string, Row>();
const rowId = (server: string, request: string) => `${server}\u0000${request}`;
function rowOf(server: string, request: string): Row {
  const id = rowId(server, request);
  let row = rows.get(id);
  if (row === undefined) {
    row = { server, request, runs: [], bareRuns: [] };
    rows.set(id, row);
  }
  return row;
}
const memory: string[] = [];
let scraped = '';
try {
  if (!existsSync(join(ROOT, 'dist/manifest.json'))) execFileSync(process.execPath, ['bin/cardrewards.js', 'build'], { stdio: 'inherit' });
  const tree = realpathSync(join(ROOT, 'dist'));

  // nginx: one worker, the same files, no check at all (the ceiling).
  const nginxPort = await freePort();
  writeFileSync(
    join(work, 'nginx.conf'),
    `daemon off; worker_processes 1; pid ${work}/nginx.pid; error_log ${work}/nginx-error.log;
events { worker_connections 1024; }
http { access_log off; sendfile on; tcp_nopush on; keepalive_requests 100000; types { application/json json; }
  server { listen 127.0.0.1:${nginxPort}; root ${tree}; } }`,
  );
  const nginx = pinned('0', 'nginx', ['-c', join(work, 'nginx.conf'), '-p', work]);
  children.push(nginx);
  await waitFor(`http://127.0.0.1:${nginxPort}${NGINX_PATHS.static}`);
  // nginx's master forks its one worker: the worker does the serving.
  const nginxWorker = Number(
    execFileSync('pgrep', ['-P', String(nginx.pid)])
      .toString()
      .trim()
      .split('\n')[0],
  );
  subjects.push({ label: NGINX, base: `http://127.0.0.1:${nginxPort}`, paths: NGINX_PATHS, headers: {}, pid: nginxWorker });

  // node:http with the files in memory and no check: the most any Node server can do on this core.
  const barePort = await freePort();
  const bare = pinned(
    '0',
    process.execPath,
    [...SERVING_NODE_FLAGS, 'bin/run-ts.js', 'scripts/bench/bare-node.ts', String(barePort), tree],
    { cwd: ROOT },
  );
  children.push(bare);
  await waitFor(`http://127.0.0.1:${barePort}${GATEWAY_PATHS.static}`);
  subjects.push({ label: BARE_NODE, base: `http://127.0.0.1:${barePort}`, paths: GATEWAY_PATHS, headers: {}, pid: bare.pid });

  const redis = await startRedis('1');
  children.push(redis.process);
  const redisUrl = redis.url;

  // Bare node:http counting every keyed call in a store with the gateway's own counter and nothing
  // else: the ceiling of any server that counts each call exactly there (scripts/bench/bare-node.ts).
  // With the gateway's headers as well (X-Request-Id, CORS, RateLimit-Policy and RateLimit, made by the
  // gateway's own code): the floor of a server that counts each call and answers with what the spec asks for.
  const ceilings = [
    ['redis', COUNTED_IN_REDIS, []],
    ['os', COUNTED_IN_OS, []],
    ['disk', COUNTED_ON_DISK, []],
    ['redis', `${COUNTED_IN_REDIS}${WITH_HEADERS}`, ['--gateway-headers']],
    ['os', `${COUNTED_IN_OS}${WITH_HEADERS}`, ['--gateway-headers']],
  ] as const;
  for (const [index, [store, label, options]] of ceilings.entries()) {
    const countIn = store === 'redis' ? redisUrl : `${store === 'os' ? 'embedded-os' : 'embedded'}:${join(work, `ceiling-${index}`)}`;
    const port = await freePort();
    const child = pinned(
      '0',
      process.execPath,
      [...SERVING_NODE_FLAGS, 'bin/run-ts.js', 'scripts/bench/bare-node.ts', String(port), tree, '--count-in', countIn, ...options],
      {
        cwd: ROOT,
      },
    );
    children.push(child);
    await waitFor(`http://127.0.0.1:${port}${GATEWAY_PATHS.static}`);
    subjects.push({
      label,
      base: `http://127.0.0.1:${port}`,
      paths: GATEWAY_PATHS,
      headers: {},
      pid: child.pid,
      only: ['card', 'bestCard'],
    });
  }

  const gateways = [
    {
      label: 'gateway, Redis, metrics off',
      cpus: '0',
      env: { REDIS_URL: redisUrl },
      args: ['--workers', '1'],
      metrics: false,
      ceiling: COUNTED_IN_REDIS,
      only: ['card'] as const,
    },
    { label: 'gateway, embedded store', cpus: '0', env: { REDIS_URL: '' }, args: ['--workers', '1'], ceiling: COUNTED_ON_DISK },
    {
      label: 'gateway, embedded store, --state-sync os',
      cpus: '0',
      env: { REDIS_URL: '' },
      args: ['--workers', '1', '--state-sync', 'os'],
      ceiling: COUNTED_IN_OS,
    },
    { label: 'gateway, Redis', cpus: '0', env: { REDIS_URL: redisUrl }, args: ['--workers', '1'], ceiling: COUNTED_IN_REDIS },
    {
      // What `node bin/cardrewards.js serve` without the serving flags does once V8's memory reducer has run (gateway/serving-node-flags.ts).
      label: `gateway, Redis, V8's memory reducer on (no ${SERVING_NODE_FLAGS.join(' ')})`,
      cpus: '0',
      env: { REDIS_URL: redisUrl },
      args: ['--workers', '1'],
      nodeFlags: [],
      ceiling: COUNTED_IN_REDIS,
      only: ['static', 'card'] as const,
    },
    {
      label: 'gateway, Redis, 2 workers on 2 cores (wrk shares them)',
      cpus: '0,1',
      env: { REDIS_URL: redisUrl },
      args: ['--workers', '2'],
      only: ['card'] as const,
    },
  ];
  for (const [index, gateway] of gateways.entries()) {
    const env = {
      // Each embedded gateway has a state of its own: they run side by side.
      CARDREWARDS_STATE_FILE: join(work, `state-${index}.json`),
      CARDREWARDS_LIMITS: UNREACHED_LIMITS,
      CARDREWARDS_LOG_LEVEL: 'silent',
      ...gateway.env,
    };
    const key = createKey(gateway.label, env);
    const port = await freePort();
    // Metrics are on in every row but the one that measures what they cost.
    const metricsPort = await freePort();
    const metricsArgs = gateway.metrics === false ? [] : ['--metrics-port', String(metricsPort)];
    const child = pinned(
      gateway.cpus,
      process.execPath,
      [
        ...(gateway.nodeFlags ?? SERVING_NODE_FLAGS),
        'bin/cardrewards.js',
        'serve',
        '--port',
        String(port),
        '--no-demo-key',
        ...metricsArgs,
        ...gateway.args,
      ],
      {
        cwd: ROOT,
        env: { ...process.env, ...env },
      },
    );
    children.push(child);
    const base = `http://127.0.0.1:${port}`;
    await waitFor(`${base}/healthz`);
    if (gateway.args[1] === '2') await new Promise((resolve) => setTimeout(resolve, 3000));
    subjects.push({
      label: gateway.label,
      base,
      paths: GATEWAY_PATHS,
      headers: { 'X-API-Key': key },
      // The 2-worker row's serving processes are the primary's children: no CPU figure for it.
      pid: gateway.args[1] === '2' ? undefined : child.pid,
      primaryPid: child.pid,
      ...(gateway.only === undefined ? {} : { only: gateway.only }),
      ...(gateway.ceiling === undefined ? {} : { ceiling: gateway.ceiling }),
      ...(gateway.metrics === false ? {} : { metricsUrl: `http://127.0.0.1:${metricsPort}/metrics` }),
    });
  }

  const expressPort = await freePort();
  const express = pinned(
    '0',
    process.execPath,
    [...SERVING_NODE_FLAGS, 'bin/run-ts.js', 'scripts/bench/express-baseline.ts', String(expressPort), tree, redisUrl],
    {
      cwd: ROOT,
    },
  );
  children.push(express);
  await waitFor(`http://127.0.0.1:${expressPort}${NGINX_PATHS.static}`);
  subjects.push({
    label: EXPRESS,
    base: `http://127.0.0.1:${expressPort}`,
    paths: NGINX_PATHS,
    headers: { 'X-API-Key': 'bench' },
    pid: express.pid,
  });

  // Every server is measured once per round, in the same order, and every server after bare node is
  // measured right after a run of bare node:http on the same request: the host this runs on has slow
  // spells of several seconds (bare node:http alone moved between 19,600 and 36,000 requests/s from
  // one run to the next on a quiet machine), so a ratio is only fair between two runs seconds apart.
  const bareSubject = subjects.find((subject) => subject.label === BARE_NODE) as Subject;
  const run = (subject: Subject, request: string, field: keyof Paths) => {
    const result = wrk(targetOf(subject, field), subject.pid);
    rowOf(subject.label, request).runs.push(result);
    return result;
  };
  for (const subject of subjects)
    for (const [, field] of CASES) {
      if (subject.only !== undefined && !subject.only.includes(field)) continue;
      load(targetOf(subject, field), SETTLE);
    }
  for (let round = 0; round < ROUNDS; round++) {
    for (const subject of subjects) {
      if (subject === bareSubject) continue;
      for (const [request, field] of CASES) {
        if (subject.only !== undefined && !subject.only.includes(field)) continue;
        const bare = subject.label === NGINX ? undefined : run(bareSubject, request, field);
        run(subject, request, field);
        if (bare !== undefined) rowOf(subject.label, request).bareRuns.push(bare);
      }
    }
  }
  for (const subject of subjects) {
    if (subject.primaryPid === undefined) continue;
    const rss = rssMiB(subject.primaryPid);
    memory.push(`${subject.label}: ${rss.now.toFixed(0)} MiB after its runs (peak ${rss.peak.toFixed(0)} MiB)`);
    if (subject.label === 'gateway, Redis' && subject.metricsUrl !== undefined)
      scraped = (await (await fetch(subject.metricsUrl)).text())
        .split('\n')
        .filter((line) => line.startsWith('cardrewards_requests_total'))
        .join('; ');
  }
  const order = (server: string, request: string) =>
    subjects.findIndex((subject) => subject.label === server) * CASES.length + CASES.findIndex(([name]) => name === request);
  const table = [...rows.values()].sort((a, b) => order(a.server, a.request) - order(b.server, b.request));
  /** This row's ratio to another server's: to bare node:http, run by run against the run just before it; to nginx, median to median. */
  const ratios = (row: Row, label: string, of: (r: Result) => number, inverse = false) => {
    const paired = label === BARE_NODE && row.bareRuns.length > 0 ? row.bareRuns : undefined;
    const pairs: [number, number][] =
      paired === undefined
        ? [[median(row.runs.map(of)), median((rows.get(rowId(label, row.request))?.runs ?? []).map(of))]]
        : row.runs.map((r, i) => [of(r), of(paired[i] as Result)]);
    const each = pairs.map(([mine, theirs]) => (inverse ? theirs / mine : mine / theirs));
    return { each, median: median(each) };
  };
  const figure = (value: number, digits: number) => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');
  const lines = table.map((row) => {
    const { server, request, runs } = row;
    // The round with the median rate: its own p99 and CPU, so a row's figures come from one run.
    const result = runs.find((r) => r.rps === median(runs.map((x) => x.rps))) as Result;
    const toBare = ratios(row, BARE_NODE, (r) => r.rps);
    const toNginx = ratios(row, NGINX, (r) => r.rps);
    const cpu = ratios(row, BARE_NODE, (r) => r.cpuUs, true);
    const non2xx = runs.reduce((sum, r) => sum + r.non2xx, 0);
    // A keyed row against the bare server counting in the same store: each one's ratio to bare node, divided.
    const ceiling = subjects.find((subject) => subject.label === server)?.ceiling;
    const ceilingRow = ceiling === undefined || request === 'static file' ? undefined : rows.get(rowId(ceiling, request));
    const toCeiling = ceilingRow === undefined ? Number.NaN : toBare.median / ratios(ceilingRow, BARE_NODE, (r) => r.rps).median;
    return `| ${server} | ${request} | ${Math.round(result.rps).toLocaleString('en-US')} | ${result.p99ms.toFixed(2)} | ${figure(toNginx.median, 2)} | **${figure(toBare.median, 2)}** (${toBare.each.map((r) => figure(r, 2)).join(', ')}) | ${figure(toCeiling, 2)} | ${figure(median(runs.map((r) => r.cpuUs)), 1)} | ${figure(cpu.median, 2)} | ${non2xx} |`;
  });
  const loadAtEnd = loadavg()[0] ?? 0;
  const section = `${START}
## Gateway throughput

${loadAtStart < 1 ? `Taken on a quiet machine: load average ${loadAtStart.toFixed(2)} before the run (${loadAtEnd.toFixed(2)} at its end, the benchmark's own load included).` : `**Not a quiet machine**: the load average was ${loadAtStart.toFixed(2)} before the run (${loadAtEnd.toFixed(2)} at its end), so other work shared the cores. Compare ratios within this table, not rates with other runs.`}

Command: \`npm run bench:gateway\` (wrk -t1 -c${CONNECTIONS} -d${DURATION} after a ${WARMUP} warm-up on the same URL, keep-alive, no Accept-Encoding). Every server is started first, serves each of its requests for ${SETTLE} unmeasured (V8 compiles a gateway's request path for 10-20 s of load), and is then measured ${ROUNDS} times, round after round in the same order, each run right after a run of bare node:http on the same request: this host has slow spells of several seconds that no process on it causes (bare node:http alone served between 19,600 and 36,000 requests/s from one run to the next on a quiet machine), so a ratio is only fair between two runs seconds apart. A row gives its median round (rate, p99 and CPU of that round), its ratio to the bare node:http run just before it in each round, and the median of those ratios; the bare node:http row gives the median of all its runs. Servers are pinned to core 0 and wrk and redis-server to core 1 with taskset (the 2-worker row uses both cores, which wrk shares), on ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}. nginx (1 worker) serves the same build folder without any check: the ceiling. Bare node:http answers the same three paths from memory with type, length, ETag and Cache-Control (not the gateway's X-Request-Id and CORS headers) and no check: the most any Node server can reach on this core, so the gateway's own cost is its distance from that row. The rows of bare node:http counting each keyed call (in Redis, or in the embedded store synced to the OS or to the disk) add to that server one count a call with the gateway's own counter, waited for before the answer: the most a server that counts every call exactly in that store can do here. The rows "${WITH_HEADERS.slice(2)}" also put on each counted answer what the gateway puts on a keyed one (X-Request-Id, the two CORS headers, RateLimit-Policy and RateLimit, made by the gateway's own code): the floor of a server that counts every call and answers with the headers the spec asks for. The column "ratio to bare node:http counting in the same store" divides a keyed gateway row's ratio to bare node by that row's. The CPU columns read the server process's user + system time (/proc) over each measured run, divided by the requests wrk counted: what a request costs the server, which other work on the machine changes much less than its rate (on a quiet machine the two ratios agree). The gateway checks the key, the tier and both quotas and counts each keyed call; express runs express.static behind two express-rate-limit limiters (day, month) counting in the same Redis: what users would build instead. Every gateway row runs with \`--metrics-port\` (/metrics on) except "metrics off", which measures what they cost. Memory of the gateway process (the primary for 2 workers): ${memory.join('; ')}. The Redis gateway's /metrics after its runs: ${scraped}.

| server | request | requests/s | p99 (ms) | ratio to nginx | ratio to bare node:http (each round) | ratio to bare node:http counting in the same store | server CPU µs per request | bare node's CPU per request ÷ this | non-2xx (all rounds) |
|---|---|---|---|---|---|---|---|---|---|
${lines.join('\n')}
${END}`;
  writeReportSection(REPORT, START, END, section);
  console.log(section);
} finally {
  for (const child of children) stop(child);
  rmSync(work, { recursive: true, force: true });
}
