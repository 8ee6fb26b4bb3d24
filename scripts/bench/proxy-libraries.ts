/**
 * Measures http-proxy against http-proxy-3 on this machine (docs/benchmarks.md, "Proxy library").
 * Each library runs in its own child process as a plain proxy in front of an origin in this
 * process; we measure throughput and latency over keep-alive connections, then a client-abort
 * scenario: clients that hang up while the origin is still answering. After the aborts we count
 * the origin connections the proxy left open and the proxy's heap growth after a forced GC.
 *
 *   node --expose-gc bin/run-ts.js scripts/bench/proxy-libraries.ts [runs]
 */
import { fork } from 'node:child_process';
import { Agent, createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

type Library = 'http-proxy' | 'http-proxy-3';
const LIBRARIES: Library[] = ['http-proxy', 'http-proxy-3'];
const REQUESTS = 20_000;
const CONCURRENCY = 50;
const ABORTS = 2_000;

if (process.argv[2] === '--child') await runProxy(process.argv[3] as Library, Number(process.argv[4]));
else await main(Number(process.argv[2] ?? 3));

async function main(runs: number): Promise<void> {
  const body = Buffer.from(JSON.stringify({ items: Array.from({ length: 40 }, (_, i) => ({ id: `card-${i}`, rate: i / 10 })) }));
  const origin = createServer((req, res) => {
    if (req.url === '/slow') {
      // Headers at once, the body only after 5 s: a client that hangs up meanwhile leaves the upstream request pending.
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write('{"slow":');
      const timer = setTimeout(() => res.end('true}'), 5000);
      res.on('close', () => clearTimeout(timer));
      return;
    }
    res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': body.length });
    res.end(body);
  });
  origin.keepAliveTimeout = 60_000;
  await listen(origin);
  const originPort = (origin.address() as AddressInfo).port;
  console.log(
    `node ${process.version}, ${REQUESTS} requests at concurrency ${CONCURRENCY}, ${ABORTS} client aborts; ${runs} runs each, interleaved`,
  );
  const results: Record<Library, string[]> = { 'http-proxy': [], 'http-proxy-3': [] };
  for (let run = 0; run < runs; run++) {
    for (const library of LIBRARIES) results[library].push(await measure(library, originPort, origin));
  }
  for (const library of LIBRARIES) for (const line of results[library]) console.log(`${library.padEnd(13)} ${line}`);
  origin.close();
  origin.closeAllConnections();
}

async function measure(library: Library, originPort: number, origin: Server): Promise<string> {
  const child = fork(fileURLToPath(import.meta.url), ['--child', library, String(originPort)], {
    execArgv: ['--import', 'tsx', '--expose-gc'],
  });
  const ask = (message: string) =>
    new Promise<Record<string, number>>((resolve) => {
      child.once('message', (reply) => resolve(reply as Record<string, number>));
      child.send(message);
    });
  const { port } = await new Promise<{ port: number }>((resolve) => child.once('message', (m) => resolve(m as { port: number })));
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });

  // Warm up, then throughput.
  await load(port, agent, 2_000);
  const latencies: number[] = [];
  const started = performance.now();
  await load(port, agent, REQUESTS, latencies);
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const before = await ask('memory');

  // Client aborts: each request hangs up 20 ms after the response headers arrive.
  let crashed = false;
  child.once('exit', () => (crashed = true));
  await Promise.all(
    Array.from(
      { length: ABORTS },
      (_, i) =>
        new Promise<void>((resolve) => {
          setTimeout(() => {
            const req = request({ port, path: '/slow', agent: false }, (res) => {
              res.resume();
              setTimeout(() => {
                req.destroy();
                resolve();
              }, 20);
            });
            req.on('error', () => resolve());
            req.end();
          }, i % 200);
        }),
    ),
  );
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const after = crashed ? { heapUsed: NaN, rss: NaN } : await ask('memory');
  const upstreamOpen = await new Promise<number>((resolve) => origin.getConnections((_, count) => resolve(count)));
  const crashedDuringAborts = crashed;
  child.kill();
  await new Promise((resolve) => child.once('exit', resolve).once('close', resolve));
  agent.destroy();
  origin.closeAllConnections();
  const p = (q: number) => (latencies[Math.floor(latencies.length * q)] ?? 0).toFixed(2);
  return [
    `${Math.round(REQUESTS / seconds)} req/s`,
    `p50 ${p(0.5)} ms`,
    `p99 ${p(0.99)} ms`,
    `heap growth over the aborts ${(((after.heapUsed ?? 0) - (before.heapUsed ?? 0)) / 1024 / 1024).toFixed(1)} MB`,
    `rss ${((after.rss ?? 0) / 1024 / 1024).toFixed(0)} MB`,
    `upstream connections still open 1 s after ${ABORTS} aborts: ${upstreamOpen}`,
    crashedDuringAborts ? 'CRASHED' : 'no crash',
  ].join(', ');
}

async function load(port: number, agent: Agent, count: number, latencies?: number[]): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next++;
      const started = performance.now();
      await new Promise<void>((resolve, reject) => {
        const req = request({ port, path: '/data.json', agent }, (res) => {
          res.resume();
          res.on('end', () => resolve());
        });
        req.on('error', reject);
        req.end();
      });
      latencies?.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

async function runProxy(library: Library, originPort: number): Promise<void> {
  type Proxy = { web(req: unknown, res: unknown): void; on(event: string, listener: (...args: unknown[]) => void): void };
  const module = (library === 'http-proxy' ? await import('http-proxy') : await import('http-proxy-3')) as unknown as {
    createProxyServer?: (options: object) => Proxy;
    default?: { createProxyServer?: (options: object) => Proxy };
  };
  const createProxyServer = module.createProxyServer ?? module.default?.createProxyServer;
  if (!createProxyServer) throw new Error(`${library} has no createProxyServer`);
  const proxy = createProxyServer({ target: `http://127.0.0.1:${originPort}`, agent: new Agent({ keepAlive: true, maxSockets: 256 }) });
  proxy.on('error', (_error, _req, res) => {
    const response = res as { headersSent?: boolean; writeHead?: (s: number) => void; end?: () => void; destroy?: () => void };
    if (response.headersSent === false && response.writeHead) {
      response.writeHead(502);
      response.end?.();
    } else response.destroy?.();
  });
  const server = createServer((req, res) => proxy.web(req, res));
  await listen(server);
  process.on('message', (message) => {
    if (message !== 'memory') return;
    (globalThis as { gc?: () => void }).gc?.();
    const { heapUsed, rss } = process.memoryUsage();
    process.send?.({ heapUsed, rss });
  });
  process.send?.({ port: (server.address() as AddressInfo).port });
}

function listen(server: Server): Promise<void> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
}
