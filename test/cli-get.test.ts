/** `cardrewards get`: offline answers from a built tree, the same as the gateway's for the same request. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './helpers/cli.ts';
import { useGatewaySuite } from './helpers/gateway-suite.ts';

const suite = useGatewaySuite();

describe('cardrewards get', () => {
  const targets = [
    '/api/compute/best-card?mcc=5411',
    '/api/extension/recommend?domain=https://www.amazon.com/dp/B0',
    '/api/extension/recommend?domain=unknown-shop.example',
    '/api/cards?colour=red',
    '/api/cards/no-such-card',
    '/api/mcc/5411.json',
  ];

  it.each(targets)('answers %s with the bytes or the problem code the gateway answers', async (target) => {
    const offline = await runCli(['get', target, '--dist', suite.tree.out]);
    const online = await suite.call(target, { 'X-API-Key': suite.keys.enterprise });
    if (online.status === 200) {
      expect(offline.code).toBe(0);
      expect(offline.stdout).toBe(online.text);
    } else {
      expect(offline.code).toBe(1);
      expect(JSON.parse(offline.stdout)).toMatchObject({ code: (online.json as { code: string }).code, status: online.status });
    }
  });

  it('explains which file answered and why', async () => {
    const result = await runCli(['get', '/api/extension/recommend?domain=www.amazon.com', '--dist', suite.tree.out, '--explain']);
    expect(result.stderr).toContain('→ keyed/api/extension/recommend/amazon.com.json');
    expect(result.stderr).toContain('route extension-recommend');
    const fallback = await runCli(['get', '/api/extension/recommend?domain=nowhere.example', '--dist', suite.tree.out, '--explain']);
    expect(fallback.stderr).toContain('fallback');
    expect(fallback.stdout).toBe(readFileSync(join(suite.tree.out, 'keyed/api/extension/recommend/_fallback.json'), 'utf8'));
  });

  it('exits 2 with one line when there is no tree', async () => {
    const result = await runCli(['get', '/api/cards', '--dist', join(suite.work, 'nothing')]);
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
  });
});
