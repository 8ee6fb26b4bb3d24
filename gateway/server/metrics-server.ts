/**
 * `/metrics` on its own listen address (`--metrics-port`, `--metrics-host`), never on the API's:
 * API clients cannot reach it, and an operator exposes it only to the scraper.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BuildSource } from '../build/build-source.ts';
import { listen } from './listen.ts';
import type { BuildFacts } from './metrics.ts';
import { statManifest } from '../../tree/tree-contract.ts';

export interface RunningMetricsServer {
  readonly server: Server;
  readonly url: string;
  close(): Promise<void>;
}

/** Listens on `host:port` (rejecting with `ERR_LISTEN` when it cannot) and answers `GET /metrics` with what `render` gives; anything else is a 404. */
export async function startMetricsServer(host: string, port: number, render: () => Promise<string>): Promise<RunningMetricsServer> {
  const server = createServer((request, response) => {
    if (request.url !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Only /metrics is served here.\n');
      return;
    }
    render().then(
      (text) => {
        const body = Buffer.from(text);
        response.writeHead(200, {
          'Content-Type': 'text/plain; version=0.0.4; charset=utf-8',
          'Content-Length': String(body.length),
          'Cache-Control': 'no-store',
        });
        response.end(request.method === 'HEAD' ? undefined : body);
      },
      (error: unknown) => {
        response.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end(`metrics unavailable: ${(error as Error).message}\n`);
      },
    );
  });
  await listen(server, host, port, 'metricsPort', 'metricsHost');
  const address = server.address() as AddressInfo;
  return {
    server,
    url: `http://${host.includes(':') ? `[${host}]` : host}:${address.port}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** The build being served and its age (from its manifest's modification time; a proxied build's age is unknown: 0). */
export function buildFacts(builds: Pick<BuildSource, 'current'>, nowMs = Date.now()): BuildFacts | undefined {
  const build = builds.current();
  if (build === undefined) return undefined;
  let written = nowMs;
  try {
    if (!/^https?:/.test(build.root)) written = statManifest(build.root).mtimeMs;
  } catch {
    // pruned under us: say 0 rather than fail the scrape
  }
  return { id: build.manifest.build, ageSeconds: (nowMs - written) / 1000 };
}
