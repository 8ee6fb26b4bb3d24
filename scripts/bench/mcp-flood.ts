/**
 * `node bin/run-ts.js scripts/bench/mcp-flood.ts [DIST]`: what a flood of `/mcp` batches costs a
 * `serve --mcp` process on a built tree (issue 45: eight 100-message `resources/list` batches at once
 * took the gateway's RSS to 1.5 GB and kept a static file waiting 33 s). Each round sends eight
 * batches at once, one key each, while a static file and `/healthz` are fetched one after another;
 * it prints the answers' statuses and bytes, the longest static wait and the process's peak RSS.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVING_NODE_FLAGS } from '../../gateway/serving-node-flags.ts';
import { processMemory } from './process-memory.ts';
import { createKey, freePort, waitFor } from './servers.ts';

const DIST = process.argv[2] ?? 'dist';
const AT_ONCE = 8;

/** The rounds: how many messages each batch holds, and of which method. */
const ROUNDS = [
  { messages: 100, method: 'resources/list' },
  { messages: 20, method: 'resources/list' },
  { messages: 20, method: 'resources/read', params: { uri: 'cardrewards://mcc/5411' } },
] as const;

/** The process's resident set in MB, from procfs. */
function rssMb(pid: number): number {
  return processMemory(pid).rssBytes / 2 ** 20;
}

const work = mkdtempSync(join(tmpdir(), 'cardrewards-mcp-flood-'));
const env = { CARDREWARDS_STATE_FILE: join(work, 'state.mdb') };
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const serve = spawn(
  process.execPath,
  [...SERVING_NODE_FLAGS, 'bin/cardrewards.js', 'serve', '--port', String(port), '--dist', DIST, '--mcp', '--log-level', 'silent'],
  { env: { ...process.env, ...env }, stdio: 'ignore' },
);
try {
  await waitFor(`${base}/healthz`);
  const pid = serve.pid as number;
  console.log(`serve --mcp on ${DIST}: RSS ${rssMb(pid).toFixed(0)} MB at rest`);
  for (const round of ROUNDS) {
    const keys = Array.from({ length: AT_ONCE }, (_, i) => createKey(`flood ${i}`, env));
    const body = JSON.stringify(
      Array.from({ length: round.messages }, (_, i) => ({
        jsonrpc: '2.0',
        id: i + 1,
        method: round.method,
        ...('params' in round ? { params: round.params } : {}),
      })),
    );
    let peak = rssMb(pid);
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 10);
    const started = performance.now();
    const flood = keys.map(async (key) => {
      const response = await fetch(`${base}/mcp`, {
        method: 'POST',
        headers: {
          'X-API-Key': key,
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
          'Mcp-Protocol-Version': '2025-06-18',
        },
        body,
      });
      return { status: response.status, bytes: (await response.arrayBuffer()).byteLength };
    });
    let done = false;
    void Promise.all(flood).then(() => (done = true));
    const waits: number[] = [];
    while (!done) {
      for (const path of ['/api/mcc/5411.json', '/healthz']) {
        const asked = performance.now();
        await (await fetch(`${base}${path}`)).arrayBuffer();
        waits.push(performance.now() - asked);
      }
    }
    const replies = await Promise.all(flood);
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const statuses = [...new Set(replies.map((reply) => reply.status))].join(', ');
    const largest = Math.max(...replies.map((reply) => reply.bytes));
    const total = replies.reduce((sum, reply) => sum + reply.bytes, 0);
    console.log(
      `${AT_ONCE} × ${round.messages} ${round.method}: status ${statuses}, largest answer ${(largest / 1024).toFixed(1)} KB, ` +
        `${(total / 1024 / 1024).toFixed(2)} MB in all, ${seconds.toFixed(2)} s; ` +
        `static files meanwhile: ${waits.length}, longest ${Math.max(...waits).toFixed(1)} ms; peak RSS ${peak.toFixed(0)} MB`,
    );
  }
} finally {
  serve.kill();
  rmSync(work, { recursive: true, force: true });
}
