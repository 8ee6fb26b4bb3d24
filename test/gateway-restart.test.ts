/** A second `serve` on a store that already has keys prints no key (keys are shown once) but says how to make one. */
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { useTreeAndRedis } from './helpers/fixture.ts';
import { startServeProcess } from './helpers/serve-process.ts';

const fixture = useTreeAndRedis('cardrewards-restart-');

it('tells a user starting again on an existing store how to create a key', async () => {
  const state = join(fixture.work, 'again.mdb');
  const args = ['--port', '0', '--dist', fixture.tree.out, '--state-file', state, '--log-level', 'silent'];
  for (const round of ['first', 'second']) {
    const server = startServeProcess(fixture.work, args, { REDIS_URL: '' });
    await server.listening;
    const output = server.output();
    if (round === 'first') expect(output).toContain('created a demo key');
    else {
      expect(output).not.toContain('created a demo key');
      expect(output).toContain(
        `1 key in the store (keys are shown only when created); make a new one with: node bin/cardrewards.js keys create --tier pro --name me --state-file ${state}`,
      );
    }
    server.child.kill('SIGTERM');
    expect(await server.exited, round).toBe(0);
  }
});
