/**
 * `/metrics`: Prometheus text on its own listen address (never on the API's), counting requests
 * by route family, tier and status, quota refusals, and the build served, added up across
 * `--workers`.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMetrics, mergeSnapshots, renderMetrics } from '../gateway/server/metrics.ts';
import { runCli } from './helpers/cli.ts';
import { useTreeAndRedis } from './helpers/fixture.ts';
import { get } from './helpers/http.ts';
import { freePort } from './helpers/redis.ts';
import { startServeProcess } from './helpers/serve-process.ts';

const fixture = useTreeAndRedis('cardrewards-metrics-');

/** The value of the first sample line of `text` that starts with `series`, summed over all that do. */
function sum(text: string, series: string): number {
  return text
    .split('\n')
    .filter((line) => line.startsWith(series))
    .reduce((total, line) => total + Number(line.split(' ').pop()), 0);
}

describe('metrics', () => {
  it('renders counters, histograms and the build in the Prometheus text format, and adds processes up', () => {
    const one = createMetrics();
    const two = createMetrics();
    one.observeRequest('cards', 'pro', 200, 0.0007);
    two.observeRequest('cards', 'pro', 200, 0.003);
    two.observeQuotaRefusal('free');
    two.observeStoreError('count');
    const text = renderMetrics(mergeSnapshots([one.snapshot(), two.snapshot()]), { id: 'abc', ageSeconds: 12.4 }, 2);
    expect(text).toContain('cardrewards_requests_total{family="cards",tier="pro",status="200"} 2');
    expect(text).toContain('cardrewards_request_duration_seconds_bucket{le="0.001"} 1');
    expect(text).toContain('cardrewards_request_duration_seconds_bucket{le="0.005"} 2');
    expect(text).toContain('cardrewards_request_duration_seconds_count 2');
    expect(text).toContain('cardrewards_quota_refusals_total{tier="free"} 1');
    expect(text).toContain('cardrewards_store_errors_total{operation="count"} 1');
    expect(text).toContain('cardrewards_build_info{build="abc"} 1');
    expect(text).toContain('cardrewards_build_age_seconds 12');
    expect(text).toContain('# TYPE cardrewards_request_duration_seconds histogram');
  });

  it('serves /metrics on its own port only, with the counters of both workers added up', async () => {
    const state = join(fixture.work, 'metrics.mdb');
    const key = (await runCli(['keys', 'create', '--tier', 'free', '--name', 'm', '--state-file', state])).stdout.trim();
    const metricsPort = await freePort();
    const server = startServeProcess(
      fixture.work,
      [
        ...['--workers', '2', '--port', '0', '--state-file', state, '--dist', fixture.tree.out, '--log-level', 'silent'],
        ...['--metrics-port', String(metricsPort), '--limits', 'free=1000:20'],
      ],
      { REDIS_URL: '' },
    );
    try {
      const url = await server.listening;
      for (let i = 0; i < 100 && (server.output().match(/worker \d+ listening/g) ?? []).length < 2; i++)
        await new Promise((resolve) => setTimeout(resolve, 100));
      const replies = await Promise.all(Array.from({ length: 25 }, () => get(url, '/api/cards', { headers: { 'X-API-Key': key } })));
      expect(replies.filter((reply) => reply.status === 200)).toHaveLength(20);
      expect((await get(url, '/api/mcc/5411.json')).status).toBe(200);
      // Never on the API's address.
      expect((await get(url, '/metrics')).status).toBe(404);

      const scrape = await get(`http://127.0.0.1:${metricsPort}`, '/metrics');
      expect(scrape.status).toBe(200);
      expect(scrape.headers['content-type']).toContain('text/plain; version=0.0.4');
      const text = scrape.text;
      expect(text).toContain('cardrewards_workers 2');
      expect(sum(text, 'cardrewards_requests_total{family="cards-list",tier="free",status="200"}')).toBe(20);
      expect(sum(text, 'cardrewards_requests_total{family="cards-list",tier="free",status="429"}')).toBe(5);
      expect(sum(text, 'cardrewards_requests_total{family="public",tier="none",status="200"}')).toBe(1);
      expect(sum(text, 'cardrewards_quota_refusals_total{tier="free"}')).toBe(5);
      expect(sum(text, 'cardrewards_request_duration_seconds_count')).toBeGreaterThanOrEqual(26);
      expect(sum(text, 'cardrewards_store_count_duration_seconds_count')).toBe(25);
      expect(text).toMatch(/cardrewards_build_info\{build="[0-9a-f]+"\} 1/);
      expect(text).toMatch(/cardrewards_build_age_seconds \d+/);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  });
});
