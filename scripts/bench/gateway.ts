/**
 * `npm run bench:gateway`: requests per second and p99 latency of the gateway against nginx
 * serving the same files from the same build, in the same run, with wrk. The gateway runs once
 * on the embedded store and once on Redis (a throwaway redis-server on a free port). Needs
 * `nginx`, `wrk` and `redis-server` on PATH (Debian: apt-get install nginx wrk redis-server).
 * Writes its section of docs/benchmarks.md between the bench:gateway markers.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { writeReportSection } from './report-section.ts';

const ROOT = process.cwd();
const REPORT = join(ROOT, 'docs/benchmarks.md');
const START = '<!-- bench:gateway -->';
const END = '<!-- /bench:gateway -->';
const DURATION = process.env['BENCH_DURATION'] ?? '8s';
const CONNECTIONS = process.env['BENCH_CONNECTIONS'] ?? '50';

interface Result {
  readonly rps: number;
  readonly p99ms: number;
  readonly non2xx: number;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(url: string, headers: Record<string, string> = {}): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      const response = await fetch(url, { headers });
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not come up`);
}

function wrk(url: string, headers: Record<string, string> = {}): Result {
  const args = [
    '-t2',
    `-c${CONNECTIONS}`,
    `-d${DURATION}`,
    '--latency',
    ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]),
    url,
  ];
  const output = execFileSync('wrk', args).toString();
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1] ?? 0);
  const p99 = /99%\s+([\d.]+)(us|ms|s)/.exec(output);
  const scale = p99?.[2] === 'us' ? 0.001 : p99?.[2] === 's' ? 1000 : 1;
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(output)?.[1] ?? 0);
  return { rps, p99ms: Number(p99?.[1] ?? 0) * scale, non2xx };
}

function stop(child: ChildProcess | undefined): void {
  if (child && child.exitCode === null) child.kill('SIGTERM');
}

const work = mkdtempSync(join(ROOT, '.bench-gateway-'));
const children: ChildProcess[] = [];
try {
  if (!existsSync(join(ROOT, 'dist/manifest.json'))) execFileSync(process.execPath, ['bin/cardrewards.js', 'build'], { stdio: 'inherit' });
  const tree = realpathSync(join(ROOT, 'dist'));
  const stateFile = join(work, 'state.json');
  const cli = (args: string[], env: NodeJS.ProcessEnv = {}) =>
    execFileSync(process.execPath, ['bin/cardrewards.js', ...args], { cwd: ROOT, env: { ...process.env, ...env } })
      .toString()
      .trim();

  // nginx: one worker, the same files, no auth (the gateway's ceiling).
  const nginxPort = await freePort();
  writeFileSync(
    join(work, 'nginx.conf'),
    `
daemon off; worker_processes 1; pid ${work}/nginx.pid; error_log ${work}/nginx-error.log;
events { worker_connections 1024; }
http {
  access_log off; sendfile on; tcp_nopush on; keepalive_requests 100000;
  types { application/json json; }
  server { listen 127.0.0.1:${nginxPort}; root ${tree}; }
}`,
  );
  const nginx = spawn('nginx', ['-c', join(work, 'nginx.conf'), '-p', work], { stdio: 'ignore' });
  children.push(nginx);
  await waitFor(`http://127.0.0.1:${nginxPort}/public/api/search.json`);

  const limits = 'free=1000000000,starter=1000000000,pro=1000000000,enterprise=unlimited';
  const results: [string, Result][] = [];
  const staticPath = '/api/mcc/5411.json';
  const keyedPath = '/api/compute/best-card?mcc=5411';
  const keyedFile = '/keyed/api/compute/best-card/mcc/5411.json';

  results.push(['nginx: static file', wrk(`http://127.0.0.1:${nginxPort}/public${staticPath}`)]);
  results.push(['nginx: keyed file (no auth)', wrk(`http://127.0.0.1:${nginxPort}${keyedFile}`)]);

  for (const store of ['embedded', 'redis'] as const) {
    let redis: ChildProcess | undefined;
    const env: NodeJS.ProcessEnv = { CARDREWARDS_STATE_FILE: stateFile, CARDREWARDS_LIMITS: limits, CARDREWARDS_LOG_LEVEL: 'silent' };
    if (store === 'redis') {
      const redisPort = await freePort();
      redis = spawn('redis-server', ['--port', String(redisPort), '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
      children.push(redis);
      env['REDIS_URL'] = `redis://127.0.0.1:${redisPort}`;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const key = cli(['keys', 'create', '--tier', 'pro', '--name', `bench-${store}`], env)
      .split('\n')
      .pop()!;
    const port = await freePort();
    const gateway = spawn(process.execPath, ['bin/cardrewards.js', 'serve', '--port', String(port), '--no-demo-key'], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: 'ignore',
    });
    children.push(gateway);
    const base = `http://127.0.0.1:${port}`;
    await waitFor(`${base}/healthz`);
    results.push([`gateway (${store} store): static file`, wrk(`${base}${staticPath}`)]);
    results.push([`gateway (${store} store): keyed, counted`, wrk(`${base}${keyedPath}`, { 'X-API-Key': key })]);
    stop(gateway);
    stop(redis);
  }

  const nginxOf = (label: string) => results.find(([name]) => name === label)![1].rps;
  const rows = results.map(([name, r]) => {
    const baseline = name.includes('static') ? nginxOf('nginx: static file') : nginxOf('nginx: keyed file (no auth)');
    return `| ${name} | ${Math.round(r.rps).toLocaleString('en-US')} | ${r.p99ms.toFixed(2)} | ${(r.rps / baseline).toFixed(2)} | ${r.non2xx} |`;
  });
  const section = `${START}
## Gateway throughput

Command: \`npm run bench:gateway\` (wrk -t2 -c${CONNECTIONS} -d${DURATION}, keep-alive). nginx 1 worker serves the same build folder without any check (the ceiling); the gateway is one Node process doing key lookup, tier check, one counting call per request and the file send. Everything runs on this machine (${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}), client included, so the numbers are a ratio, not a capacity.

Files: \`${staticPath}\` (static, ${readFileSync(join(tree, 'public', staticPath)).length} bytes) and \`${keyedPath}\` (keyed, ${readFileSync(join(tree, keyedFile)).length} bytes, served uncompressed here).

| server and request | requests/s | p99 (ms) | ratio to nginx | non-2xx |
|---|---|---|---|---|
${rows.join('\n')}
${END}`;
  writeReportSection(REPORT, START, END, section);
  console.log(section);
} finally {
  for (const child of children) stop(child);
  rmSync(work, { recursive: true, force: true });
}
