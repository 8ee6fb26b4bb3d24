/**
 * Keys that stay revoked and one meaning for --state-file (issue 28, items 3 and 4), through the
 * real CLI and real gateway processes: a backup imported after a revocation does not bring the key
 * back, a lowered tier is reported and not applied, bad files are refused with their line and exit
 * 2, and every command opens the same database for the same --state-file, whatever the path.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { open } from 'lmdb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateKey, hashKey, hashPrefix } from '../../gateway/api-keys.ts';
import { FIXTURE, ROOT, runCli } from '../helpers/cli.ts';
import { createTestTree, type TestTree } from '../helpers/gateway-tree.ts';
import { get } from '../helpers/http.ts';

const work = mkdtempSync(join(tmpdir(), 'cardrewards-keys-faults-'));
let tree: TestTree;
beforeAll(async () => {
  tree = await createTestTree(work);
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

const createKey = async (state: string, name: string, tier = 'pro') => {
  const result = await runCli(['keys', 'create', '--tier', tier, '--name', name, '--state-file', state]);
  expect(result.code, result.stderr).toBe(0);
  return result.stdout.trim();
};

/** `cardrewards <command> ARGS…` as a process until it listens; resolves with its URL and a stop function. */
async function listen(command: 'serve' | 'start', args: string[]): Promise<{ url: string; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, [join(ROOT, 'bin/cardrewards.js'), command, '--port', '0', '--log-level', 'silent', ...args], {
    cwd: work,
    env: { ...process.env, CI: 'true', REDIS_URL: '' },
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${command} did not listen:\n${output}`)), 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const found = /listening on (http:\/\/\S+)/.exec(output)?.[1];
      if (found) {
        clearTimeout(timer);
        resolve(found);
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${command} exited with ${code}:\n${output}`));
    });
  });
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

const statusWith = async (url: string, key: string) => (await get(url, '/api/cards', { headers: { 'X-API-Key': key } })).status;

describe('keys import', () => {
  it('export, revoke, import: the key stays revoked, in the store and at the gateway, and the import says so', async () => {
    const state = join(work, 'backup.mdb');
    const key = await createKey(state, 'backed up');
    const other = await createKey(state, 'other');
    const backup = join(work, 'backup.jsonl');
    writeFileSync(backup, (await runCli(['keys', 'export', '--state-file', state])).stdout);
    const prefix = hashPrefix(hashKey(key));
    expect((await runCli(['keys', 'revoke', prefix, '--state-file', state])).code).toBe(0);

    const imported = await runCli(['keys', 'import', backup, '--state-file', state]);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toBe(`kept ${prefix} (pro, "backed up"): revocation is final (the file has it active)\n`);
    expect(imported.stderr).toContain(
      '2 key records into the embedded store: 0 added, 0 revoked, 1 kept as the store has them, 1 unchanged',
    );
    expect((await runCli(['keys', 'list', '--state-file', state])).stdout).toMatch(/pro\s+revoked\s+.*backed up/);

    const gateway = await listen('serve', ['--dist', tree.out, '--state-file', state]);
    try {
      expect(await statusWith(gateway.url, key)).toBe(401);
      expect(await statusWith(gateway.url, other)).toBe(200);
    } finally {
      await gateway.stop();
    }
  });

  it('reports a tier the file lowers and keeps the store tier; revokes a key the file has revoked', async () => {
    const state = join(work, 'tiers.mdb');
    const kept = await createKey(state, 'kept');
    const revoked = await createKey(state, 'revoked in the file');
    const records = (await runCli(['keys', 'export', '--state-file', state])).stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { hash: string; tier: string; status: string });
    for (const record of records) {
      if (record.hash === hashKey(kept)) record.tier = 'free';
      if (record.hash === hashKey(revoked)) record.status = 'revoked';
    }
    const file = join(work, 'edited.jsonl');
    writeFileSync(file, records.map((record) => JSON.stringify(record)).join('\n'));
    const imported = await runCli(['keys', 'import', file, '--state-file', state]);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout.split('\n').sort()).toEqual(
      [
        '',
        `kept ${hashPrefix(hashKey(kept))} (pro, "kept"): the store's state is the newer (the file says free, "kept")`,
        `revoked ${hashPrefix(hashKey(revoked))} (pro, "revoked in the file"): the file has it revoked`,
      ].sort(),
    );
    const listed = (await runCli(['keys', 'list', '--state-file', state])).stdout;
    expect(listed).toMatch(/pro\s+active\s+.*kept/);
    expect(listed).toMatch(/pro\s+revoked\s+.*revoked in the file/);
  });

  it('refuses a file with a null or malformed line, naming each line, and a missing file, with exit 2 and no stack', async () => {
    const state = join(work, 'bad.mdb');
    await createKey(state, 'only');
    const before = (await runCli(['keys', 'export', '--state-file', state])).stdout;
    const file = join(work, 'bad.jsonl');
    writeFileSync(file, `null\n${before.trim()}\n{"hash":"abc"}\n`);
    const bad = await runCli(['keys', 'import', file, '--state-file', state]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain(`${file}:1: got null; expected {hash (64 hex)`);
    expect(bad.stderr).toContain(`${file}:3: expected {hash (64 hex)`);
    expect(bad.stderr).toContain('[ERR_KEYS_FILE]');
    expect(bad.stderr).not.toMatch(/^\s+at /m);

    const missing = await runCli(['keys', 'import', join(work, 'nowhere.jsonl'), '--state-file', state]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe(
      `cardrewards: cannot read the keys file ${join(work, 'nowhere.jsonl')}: no such file; nothing imported [ERR_KEYS_FILE]\n`,
    );
    expect((await runCli(['keys', 'export', '--state-file', state])).stdout).toBe(before);
  });
});

describe('--state-file', () => {
  it('means the same database file in keys, serve and start, whatever the path ends with', async () => {
    const state = join(work, 'some', 'state');
    const key = await createKey(state, 'no extension');
    const serve = await listen('serve', ['--dist', tree.out, '--state-file', state]);
    try {
      expect(await statusWith(serve.url, key)).toBe(200);
    } finally {
      await serve.stop();
    }
    const start = await listen('start', ['--dataset', FIXTURE, '--dist', join(work, 'start-dist'), '--state-file', state]);
    try {
      expect(await statusWith(start.url, key)).toBe(200);
    } finally {
      await start.stop();
    }
    expect((await runCli(['keys', 'list', '--state-file', state])).stdout).toMatch(/pro\s+active\s+.*no extension/);
  });

  it('opens the database folder an earlier version made for such a path the same way in every command', async () => {
    const folder = join(work, 'old-layout');
    const key = generateKey();
    const db = open<unknown, string>({ path: folder, encoding: 'json', compression: false });
    await db.put(`key:${hashKey(key)}`, {
      hash: hashKey(key),
      tier: 'pro',
      name: 'old',
      status: 'active',
      created: new Date().toISOString(),
    });
    await db.close();
    expect((await runCli(['keys', 'list', '--state-file', folder])).stdout).toMatch(/pro\s+active\s+.*old/);
    const serve = await listen('serve', ['--dist', tree.out, '--state-file', folder]);
    try {
      expect(await statusWith(serve.url, key)).toBe(200);
    } finally {
      await serve.stop();
    }
  });

  it('refuses any other folder with the same message in keys and serve', async () => {
    const folder = join(work, 'a-folder');
    mkdirSync(folder);
    const message = `cardrewards: the state file ${folder} is a folder; give the path of a file (it is created when missing), e.g. ${join(folder, 'state.mdb')} [ERR_STATE_FILE]`;
    const keys = await runCli(['keys', 'list', '--state-file', folder]);
    expect(keys.code).toBe(2);
    expect(keys.stderr.trim()).toBe(message);
    const serve = await runCli(['serve', '--port', '0', '--dist', tree.out, '--state-file', folder], { REDIS_URL: '' });
    expect(serve.code).toBe(2);
    expect(serve.stderr).toContain(message);
  });
});
