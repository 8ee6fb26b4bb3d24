/**
 * The site fixture built and served by the real gateway on an embedded store, a host server on
 * another origin (`localhost` against the site's 127.0.0.1), and chromium: what the browser tests
 * of the site, the widget's picker and the phone layout share. Registers its own beforeAll/afterAll.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Store } from '../../gateway/store.ts';
import { createEmbeddedStore } from '../../gateway/stores/embedded-store.ts';
import { HAS_CHROMIUM, launchBrowser } from './browser.ts';
import { runCli } from './cli.ts';
import { startTestGateway, type TestGateway } from './gateway.ts';
import { writeSiteFixture } from './site-fixture.ts';

export interface SiteInChromium {
  /** The folder the fixture dataset and its build are in. */
  readonly work: string;
  readonly store: Store;
  readonly gateway: TestGateway;
  /** The host server's origin, another than the site's: `http://localhost:<port>`. */
  readonly hostUrl: string;
  readonly browser: Browser;
}

/**
 * Builds the site fixture under a temporary folder named with `prefix`, serves it, and starts a host
 * server whose pages `hostPage(request, siteUrl)` writes (none: no host server).
 */
export function useSiteInChromium(prefix: string, hostPage?: (request: IncomingMessage, siteUrl: string) => string): SiteInChromium {
  const work = mkdtempSync(join(tmpdir(), prefix));
  let store: Store | undefined;
  let gateway: TestGateway | undefined;
  let host: Server | undefined;
  let hostUrl: string | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    expect(HAS_CHROMIUM, 'chromium is not installed; .ci/run installs it').toBe(true);
    const dataset = join(work, 'dataset');
    writeSiteFixture(dataset);
    const built = await runCli(['build', '--dataset', dataset, '--out', join(work, 'dist'), '--base-url', 'https://rewards.example.test']);
    expect(built.stderr).toBe('');
    store = createEmbeddedStore({ file: join(work, 'state.json') });
    const served = await startTestGateway(store, join(work, 'dist'));
    gateway = served;
    if (hostPage !== undefined) {
      const server = createServer((request, response) => {
        response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(hostPage(request, served.url));
      });
      host = server;
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      // `localhost` rather than 127.0.0.1: another host name and port, so another origin for certain.
      hostUrl = `http://localhost:${(server.address() as AddressInfo).port}`;
    }
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => (host ? host.close(resolve) : resolve(undefined)));
    await gateway?.close();
    await store?.close();
    rmSync(work, { recursive: true, force: true });
  });
  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is set up in beforeAll`);
    return value;
  };
  return {
    work,
    get store() {
      return ready(store, 'the store');
    },
    get gateway() {
      return ready(gateway, 'the gateway');
    },
    get hostUrl() {
      return ready(hostUrl, 'the host server');
    },
    get browser() {
      return ready(browser, 'the browser');
    },
  };
}
