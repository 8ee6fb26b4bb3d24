/**
 * The typed client (`cardrewards/client`): its generated types match the OpenAPI document, the
 * README's example runs as written against a real gateway, and errors arrive as typed ProblemErrors.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { chooseFromWallet, createCardrewardsClient, fetchEarnTable, ProblemError } from '../client/index.ts';
import { CLIENT_TYPES_PATH, clientTypesSource } from '../scripts/client-types.ts';
import { ROOT } from './helpers/cli.ts';
import { useGatewaySuite } from './helpers/gateway-suite.ts';

const suite = useGatewaySuite();
const run = promisify(execFile);

/** The code block under one of the README's example markers. */
function readmeExample(marker = 'client-example'): string {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const match = new RegExp(`<!-- ${marker}:[^>]*-->\\n\`\`\`ts\\n([\\s\\S]*?)\`\`\``).exec(readme);
  if (!match?.[1]) throw new Error('README.md has no client example');
  return match[1];
}

describe('the typed client', () => {
  it('has types generated from the current OpenAPI document', async () => {
    expect(readFileSync(CLIENT_TYPES_PATH, 'utf8') === (await clientTypesSource()), 'run npm run generate:client-types').toBe(true);
  });

  it('type-checks the README example as a consumer would, against the declarations in lib/', async () => {
    const dir = join(ROOT, 'test-output/client-types');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'readme-example.ts'), readmeExample());
    const compilerOptions = { module: 'NodeNext', target: 'ES2022', strict: true, noEmit: true, types: ['node'], skipLibCheck: false };
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['readme-example.ts'] }));
    const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
    const result = await run(process.execPath, [tsc, '-p', join(dir, 'tsconfig.json')], { cwd: ROOT }).catch(
      (error: { stdout: string }) => error,
    );
    expect(result.stdout).toBe('');
    // And a mistake in a field name is caught.
    writeFileSync(join(dir, 'readme-example.ts'), readmeExample().replace('data?.best_cards', 'data?.cards'));
    const broken = await run(process.execPath, [tsc, '-p', join(dir, 'tsconfig.json')], { cwd: ROOT }).catch(
      (error: { stdout: string }) => error,
    );
    expect(broken.stdout).toContain("Property 'cards' does not exist");
  });

  it('runs the README example against a gateway, through the package export', async () => {
    // Inside the package, so `cardrewards/client` resolves through package.json `exports` to lib/.
    const dir = join(ROOT, 'test-output/client');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'readme-example.ts');
    writeFileSync(file, readmeExample());
    const { stdout } = await run(process.execPath, [join(ROOT, 'bin/run-ts.js'), file], {
      cwd: ROOT,
      env: { ...process.env, CARDREWARDS_URL: suite.gateway.url, CARDREWARDS_KEY: suite.keys.starter },
    });
    const lines = stdout.trim().split('\n');
    expect(lines.length).toBeGreaterThanOrEqual(2);
    expect(lines[0]).toMatch(/^1 \S.* [\d.]+¢ per \$$/);
    expect(lines.at(-1)).toMatch(/^404 not-found \S/);
  });

  it("runs the README's wallet example: the best of a wallet's cards for a domain, with a free key", async () => {
    const dir = join(ROOT, 'test-output/client');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'wallet-example.ts');
    writeFileSync(file, readmeExample('wallet-example'));
    const { stdout } = await run(process.execPath, [join(ROOT, 'bin/run-ts.js'), file], {
      cwd: ROOT,
      env: { ...process.env, CARDREWARDS_URL: suite.gateway.url, CARDREWARDS_KEY: suite.keys.free },
    });
    expect(stdout.trim()).toMatch(/^\S.*: [\d.]+¢ per \$ \(.+\)$/);
  });

  it('serves an earn table as a public file without a key and through the keyed route at best-card tier, the same bytes', async () => {
    const open = await suite.call('/api/earn-table/mcc/5411.json');
    expect(open.status).toBe(200);
    const keyed = await suite.call('/api/compute/earn-table?mcc=5411', { 'X-API-Key': suite.keys.starter });
    expect(keyed.status).toBe(200);
    expect(keyed.text).toBe(open.text);
    expect((await suite.call('/api/compute/earn-table?mcc=5411', { 'X-API-Key': suite.keys.free })).status).toBe(403);
    expect((await suite.call('/api/compute/earn-table?mcc=5411')).status).toBe(401);
    // The typed client reaches each kind of place; a merchant without a table of its own goes through its best-card answer.
    const source = { baseUrl: suite.gateway.url, apiKey: suite.keys.starter };
    expect((await fetchEarnTable(source, { mcc: '5411' })).mcc_code).toBe('5411');
    expect((await fetchEarnTable(source, { merchant: 'delta-air-lines' })).kind).toBe('merchant');
    const viaMcc = await fetchEarnTable(source, { merchant: 'shell' });
    expect(viaMcc).toMatchObject({ kind: 'mcc', mcc_code: '5541' });
    expect(chooseFromWallet(viaMcc, ['citi-double-cash'])[0]?.slug).toBe('citi-double-cash');
  });

  it('sends the key, types the answer, and throws problem+json as a ProblemError with its code', async () => {
    const starter = createCardrewardsClient({ baseUrl: `${suite.gateway.url}/`, apiKey: suite.keys.starter });
    const { data, response } = await starter.GET('/api/cards/{id}', { params: { path: { id: 'amex-gold' } } });
    expect(response.status).toBe(200);
    expect(data?.slug).toBe('amex-gold');

    const free = createCardrewardsClient({ baseUrl: suite.gateway.url, apiKey: suite.keys.free });
    const refused = await free.GET('/api/merchants').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ProblemError);
    expect(refused).toMatchObject({ status: 403, code: 'tier-too-low', problem: { status: 403, instance: '/api/merchants' } });

    const anonymous = createCardrewardsClient({ baseUrl: suite.gateway.url });
    await expect(anonymous.GET('/api/cards')).rejects.toMatchObject({ status: 401, code: 'key-missing' });
    const invalid = await starter.GET('/api/cards', { params: { query: { issuer: 'NOT A SLUG' } } }).catch((error: unknown) => error);
    expect(invalid).toMatchObject({ status: 400, code: 'parameter-invalid', problem: { parameter: 'issuer' } });
  });
});
