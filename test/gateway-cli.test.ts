/**
 * The gateway's CLI as processes, as a user runs it: `keys create|list|revoke|usage` on the
 * embedded store and on Redis, and `serve` starting on embedded defaults with a demo key whose
 * printed curl line works, refusing invalid configuration with what is allowed.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './helpers/cli.ts';
import { get } from './helpers/http.ts';
import { useTreeAndRedis } from './helpers/fixture.ts';
import { HAS_REDIS } from './helpers/redis.ts';
import { startServeProcess } from './helpers/serve-process.ts';

const fixture = useTreeAndRedis('cardrewards-keys-');
const { work } = fixture;

const KEY = /^cr_[A-Za-z0-9_-]{43}$/;

function keysSuite(name: string, storeArgs: () => string[]) {
  it(`creates, lists, revokes keys and shows usage on the ${name} store`, async () => {
    const created = await runCli(['keys', 'create', '--tier', 'starter', '--name', 'Acme Ltd', ...storeArgs()]);
    expect(created.code, created.stderr).toBe(0);
    const key = created.stdout.trim();
    expect(key).toMatch(KEY);
    const prefix = /hash ([0-9a-f]{12})/.exec(created.stderr)?.[1] as string;
    expect(prefix).toHaveLength(12);

    const list = await runCli(['keys', 'list', ...storeArgs()]);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(new RegExp(`${prefix}\\s+starter\\s+active\\s+\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d\\s+Acme Ltd`));
    expect(list.stdout + list.stderr).not.toContain(key);

    const usage = await runCli(['keys', 'usage', prefix, ...storeArgs()]);
    expect(usage.stdout).toMatch(/day .*: 0 of 1000/);
    expect(usage.stdout).toMatch(/month .*: 0 of 10000/);

    expect((await runCli(['keys', 'revoke', prefix, ...storeArgs()])).stdout).toContain(`revoked ${prefix}`);
    expect((await runCli(['keys', 'list', ...storeArgs()])).stdout).toMatch(new RegExp(`${prefix}\\s+starter\\s+revoked`));
    const missing = await runCli(['keys', 'revoke', 'abcdef0123', ...storeArgs()]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('no key');
    expect((await runCli(['keys', 'revoke', 'xyz', ...storeArgs()])).code).toBe(2);
    expect((await runCli(['keys', 'create', '--tier', 'gold', '--name', 'x', ...storeArgs()])).code).toBe(2);
  });
}

describe('cardrewards keys', () => {
  keysSuite('embedded', () => ['--state-file', join(work, 'keys.json')]);
  it('stores only the hash in the state file', async () => {
    const file = join(work, 'only-hash.json');
    const key = (await runCli(['keys', 'create', '--tier', 'pro', '--name', 'n', '--state-file', file])).stdout.trim();
    const state = readFileSync(file, 'utf8');
    expect(state).not.toContain(key);
    expect(state).toContain('"tier":"pro"');
  });
  describe.runIf(HAS_REDIS)('on redis', () => {
    keysSuite('redis', () => ['--redis-url', fixture.redis!.url]);
  });
  it('fails with a clear message when Redis is unreachable', async () => {
    const result = await runCli(['keys', 'list', '--redis-url', 'redis://127.0.0.1:1']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('unreachable');
  });
});

describe('cardrewards serve', () => {
  it('starts on the embedded store, prints its configuration and a demo key whose curl works, and stops on SIGTERM', async () => {
    const state = join(work, 'serve-state.json');
    const server = startServeProcess(work, ['--port', '0', '--dist', fixture.tree.out, '--state-file', state, '--log-level', 'warn'], {
      REDIS_URL: '',
    });
    const url = await server.listening;
    const output = server.output();
    expect(output).toContain('using the embedded store');
    // Started with the serving node flags (as npm start and the Dockerfile do): no hint about them.
    expect(output).not.toContain('hint: start node with');
    expect(output).toMatch(
      /limits\s+free 1000\/month 100\/day, starter 10000\/month 1000\/day, pro 100000\/month 10000\/day, enterprise unlimited/,
    );
    const key = /(cr_[A-Za-z0-9_-]{43})/.exec(output)?.[1] as string;
    expect(output).toContain(`curl -H "X-API-Key: ${key}"`);
    // The printed line must work as printed, also with --port 0: the real port, not 0.
    const curlUrl = /curl .* (http:\/\/\S+)/.exec(output)?.[1] as string;
    expect(curlUrl.startsWith(`${url}/`), curlUrl).toBe(true);
    const path = curlUrl.slice(url.length);
    const reply = await get(url, path, { headers: { 'X-API-Key': key } });
    expect(reply.status).toBe(200);
    // Keys made by another process while serving are seen at once.
    const other = (await runCli(['keys', 'create', '--tier', 'free', '--name', 'later', '--state-file', state])).stdout.trim();
    expect((await get(url, path, { headers: { 'X-API-Key': other } })).status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    // The counts were written on the way out: a restart loses none.
    const usage = await runCli(['keys', 'usage', /hash ([0-9a-f]{12})/.exec(output)?.[1] as string, '--state-file', state]);
    expect(usage.stdout).toMatch(/day .*: 1 of 10000/);
    // Printed once for the user, never in a log line.
    expect(
      server
        .output()
        .split('\n')
        .filter((line) => line.includes(key)),
    ).toHaveLength(2);
    expect(
      server
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{') && line.includes(key)),
    ).toEqual([]);
  });

  it('says which node flags a serving process lacks, and how to start it with them', async () => {
    const state = join(work, 'no-flags.mdb');
    const server = startServeProcess(
      work,
      ['--port', '0', '--dist', fixture.tree.out, '--state-file', state, '--log-level', 'silent'],
      { REDIS_URL: '' },
      [],
    );
    await server.listening;
    expect(server.output()).toContain(
      'hint: start node with --no-memory-reducer (node --no-memory-reducer bin/cardrewards.js serve): without it, a gateway under load serves about a fifth fewer requests after its first idle spell',
    );
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });

  it('refuses invalid configuration with every problem and what is allowed, exit 2', async () => {
    const result = await runCli(['serve', '--port', 'eighty', '--fail-mode', 'sometimes', '--limits', 'gold=5'], {
      CARDREWARDS_LOG_LEVEL: 'loud',
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--port (PORT) is "eighty"; allowed: an integer from 0 to 65535');
    expect(result.stderr).toContain('--fail-mode (CARDREWARDS_FAIL_MODE) is "sometimes"; allowed: closed, open');
    expect(result.stderr).toContain('allowed: tier=monthly[:daily]');
    expect(result.stderr).toContain('--log-level (CARDREWARDS_LOG_LEVEL) is "loud"');
  });

  it('masks the Redis password when it prints the configuration', async () => {
    const { redis } = fixture;
    if (!redis) return;
    const server = startServeProcess(work, ['--port', '0', '--dist', fixture.tree.out, '--log-level', 'silent'], {
      REDIS_URL: `redis://:hunter2@127.0.0.1:${redis.port}`,
    });
    const url = await server.listening;
    expect(server.output()).toContain('redis (redis://:***@127.0.0.1');
    expect(server.output()).not.toContain('hunter2');
    expect(server.output()).not.toContain('demo key');
    expect((await get(url, '/healthz')).status).toBe(200);
    server.child.kill('SIGTERM');
    await server.exited;
  });

  it('refuses a port already in use with one clear line, exit 2 (no stack trace)', async () => {
    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', () => resolve()));
    const { port } = busy.address() as AddressInfo;
    try {
      const result = await runCli([
        'serve',
        '--port',
        String(port),
        '--dist',
        fixture.tree.out,
        '--state-file',
        join(work, 'busy.json'),
        '--log-level',
        'silent',
        '--no-demo-key',
      ]);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(`cannot listen on 127.0.0.1:${port}`);
      expect(result.stderr).toContain('[ERR_LISTEN]');
      expect(result.stderr).not.toMatch(/\n\s+at /);
    } finally {
      busy.close();
    }
  });

  it('refuses to start without a build', async () => {
    const result = await runCli(['serve', '--port', '0', '--dist', join(work, 'nothing'), '--state-file', join(work, 'x.json')]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('run `cardrewards build` first');
  });
});

describe('serve and keys options at the edges', () => {
  it('keys usage reads the limits serve enforces (--limits)', async () => {
    const state = join(work, 'limits.mdb');
    await runCli(['keys', 'create', '--tier', 'free', '--name', 'l', '--state-file', state]);
    const list = await runCli(['keys', 'list', '--state-file', state]);
    const prefix = /^([0-9a-f]{12})\s+free/m.exec(list.stdout)?.[1] as string;
    const usage = await runCli(['keys', 'usage', prefix, '--state-file', state, '--limits', 'free=100:10']);
    expect(usage.stdout).toMatch(/day .*: 0 of 10\n/);
    expect(usage.stdout).toMatch(/month .*: 0 of 100\n/);
  });

  it('answers a connection past --max-connections 503 with Retry-After while the others are new, and keeps them', async () => {
    const state = join(work, 'connections.mdb');
    const server = startServeProcess(work, ['--port', '0', '--dist', fixture.tree.out, '--state-file', state, '--max-connections', '2'], {
      REDIS_URL: '',
    });
    try {
      const url = new URL(await server.listening);
      const open = () =>
        new Promise<Socket>((resolve) => {
          const socket = connect(Number(url.port), url.hostname, () => resolve(socket));
        });
      // Both have a second to send their first request, so the third cannot take the place of either.
      const sockets = [await open(), await open()];
      const third = await open();
      const answer = await new Promise<string>((resolve) => {
        let text = '';
        third.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
        third.once('close', () => resolve(text));
        third.write('GET /healthz HTTP/1.1\r\nHost: gateway.test\r\n\r\n');
      });
      expect(answer).toMatch(/^HTTP\/1\.1 503/);
      expect(answer).toMatch(/\r\nRetry-After: 1\r\n/i);
      expect(answer).toContain('"code":"too-many-connections"');
      for (const socket of sockets) expect(socket.destroyed).toBe(false);
      for (const socket of sockets) socket.destroy();
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  });
});

describe.runIf(HAS_REDIS)('keys export and import, and a Redis that persists nothing', () => {
  it('moves key records from the embedded store to Redis as JSON lines, hashes only', async () => {
    const state = join(work, 'export.mdb');
    const key = (await runCli(['keys', 'create', '--tier', 'starter', '--name', 'moving', '--state-file', state])).stdout.trim();
    const exported = await runCli(['keys', 'export', '--state-file', state]);
    expect(exported.code).toBe(0);
    expect(exported.stdout).not.toContain(key);
    const file = join(work, 'keys.jsonl');
    writeFileSync(file, exported.stdout);
    const imported = await runCli(['keys', 'import', file, '--redis-url', fixture.redis?.url ?? '']);
    expect(imported.code, imported.stderr).toBe(0);
    const listed = await runCli(['keys', 'list', '--redis-url', fixture.redis?.url ?? '']);
    expect(listed.stdout).toMatch(/starter\s+active\s+.*moving/);
    writeFileSync(file, '{"hash":"nope"}\n');
    expect((await runCli(['keys', 'import', file, '--redis-url', fixture.redis?.url ?? ''])).code).toBe(2);
  });

  it('warns at start-up and in /readyz that a Redis without persistence loses every key on restart', async () => {
    const server = startServeProcess(work, ['--port', '0', '--workers', '1', '--dist', fixture.tree.out, '--log-level', 'silent'], {
      REDIS_URL: fixture.redis?.url ?? '',
    });
    try {
      const url = await server.listening;
      expect(server.output()).toContain('warning: Redis persists nothing');
      const ready = await get(url, '/readyz');
      expect((ready.json as { warnings: string[] }).warnings[0]).toContain('lost when it restarts');
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  });
});
