/**
 * The extension's browser world (issue 43): Chromium with the packed extension loaded in a persistent
 * profile, shopping sites served from 127.0.0.1 under their real names (the browser's host resolver
 * maps every name to one local server), and a recording front in front of the service: every request
 * that reaches the service, as a CDN would see it (method, URL, headers, body).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, request, type Server } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { type BrowserContext, chromium, type Page, type Worker } from 'playwright-core';
import { type AxeViolation, CHROMIUM } from './browser.ts';

/** One request as it reached the front. */
export interface RecordedRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: string;
}

export interface Listening {
  readonly server: Server;
  readonly port: number;
  close(): Promise<void>;
}

async function listen(server: Server): Promise<Listening> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    server,
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const bodyOf = (incoming: IncomingMessage): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => resolve(Buffer.concat(chunks)));
    incoming.on('error', reject);
  });

/** A front that records every request and passes it to `target()` (the gateway, once it is up). */
export async function startRecordingFront(target: () => string): Promise<Listening & { readonly log: RecordedRequest[] }> {
  const log: RecordedRequest[] = [];
  const server = createServer((incoming, outgoing) => {
    bodyOf(incoming)
      .then((body) => {
        log.push({ method: incoming.method ?? '', url: incoming.url ?? '', headers: { ...incoming.headers }, body: body.toString('utf8') });
        const upstream = new URL(incoming.url ?? '/', target());
        const forward = request(upstream, { method: incoming.method, headers: { ...incoming.headers, host: upstream.host } }, (answer) => {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
        });
        forward.on('error', () => outgoing.writeHead(502).end());
        forward.end(body);
      })
      .catch(() => outgoing.writeHead(400).end());
  });
  return { ...(await listen(server)), log };
}

/**
 * Every shopping site over HTTPS (as they are: several are on the browser's HSTS preload list, so plain
 * HTTP would be upgraded), with a self-signed certificate made for the test in `dir` by openssl; one
 * page naming the host it was asked for, and the requests it got.
 */
export async function startShops(dir: string): Promise<Listening & { readonly log: RecordedRequest[] }> {
  const log: RecordedRequest[] = [];
  const [key, cert] = [join(dir, 'shops.key'), join(dir, 'shops.crt')];
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-subj', '/CN=shops.test', '-days', '2'],
    {
      stdio: 'ignore',
    },
  );
  const server = createTlsServer({ key: readFileSync(key), cert: readFileSync(cert) }, (incoming, outgoing) => {
    log.push({ method: incoming.method ?? '', url: incoming.url ?? '', headers: { ...incoming.headers }, body: '' });
    const host = (incoming.headers.host ?? '').replace(/:\d+$/, '').replace(/[^a-z0-9.-]/g, '');
    outgoing.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    outgoing.end(`<!doctype html><html lang="en"><title>${host}</title><h1>Shopping at ${host}</h1></html>`);
  });
  return { ...(await listen(server)), log };
}

/** Chromium with the unpacked extension at `extensionDir`, every host name resolved to the shops' server. */
export async function launchWithExtension(
  profileDir: string,
  extensionDir: string,
  shopsPort: number,
): Promise<{ context: BrowserContext; worker: Worker; extensionId: string }> {
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM,
    headless: true,
    // The shops' certificate is self-signed.
    ignoreHTTPSErrors: true,
    args: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--host-resolver-rules=MAP * 127.0.0.1:${shopsPort}, EXCLUDE 127.0.0.1`,
      `--disable-extensions-except=${extensionDir}`,
      `--load-extension=${extensionDir}`,
    ],
  });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  return { context, worker, extensionId: new URL(worker.url()).host };
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's violations on an extension page, whose CSP refuses inline scripts: the source is evaluated through the debugger, not a script tag. */
export async function runAxeOn(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run: () => Promise<{ violations: AxeViolation[] }> } }).axe;
    const { violations } = await axe.run();
    return violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) }));
  });
}
