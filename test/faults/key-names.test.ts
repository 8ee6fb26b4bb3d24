/**
 * Key names held to the dataset's rule for names (issue 45, item 6): at most 120 characters, no
 * control, bidirectional or invisible format character, in `keys create` and `keys import`; and
 * `keys list`, `revoke` and `usage` never print such a character, even from a store written before the check.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateKey, hashKey, hashPrefix } from '../../gateway/api-keys.ts';
import { createEmbeddedStore } from '../../gateway/stores/embedded-store.ts';
import { TEXT_LIMITS } from '../../schemas/dataset/limits.ts';
import { runCli } from '../helpers/cli.ts';

const work = mkdtempSync(join(tmpdir(), 'cardrewards-key-names-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** ESC [2J clears a terminal; U+009B is the one-byte CSI some terminals obey; U+202E reverses what follows; U+200B is invisible. */
const HOSTILE_NAME = 'ops\u001b[2J\u009b31m\u202etxt.exe\u200b\nsecond line';
/** The characters of `text` a terminal would act on or hide: C0 but the output's line feeds, DEL and C1, format characters (bidi controls among them). */
function unprintable(text: string): string[] {
  return [...text].filter((char) => {
    const code = char.codePointAt(0) ?? 0;
    return (code < 0x20 && code !== 0x0a) || (code >= 0x7f && code <= 0x9f) || /\p{Cf}/u.test(char);
  });
}

const keys = (args: string[], state: string) => runCli(['keys', ...args, '--state-file', state]);

describe('a key name', () => {
  it('is refused in keys create when a dataset name could not be it, with exit 2 and no key created', async () => {
    const state = join(work, 'create.mdb');
    const refusals = [
      { name: 'ops\u001b[2Jteam', reason: 'control character U+001B at character 4; a name is one line of visible text' },
      { name: 'ops\u202eteam', reason: 'bidirectional control U+202E at character 4; a name is one line of visible text' },
      { name: 'ops\u200bteam', reason: 'invisible format character U+200B at character 4; a name is one line of visible text' },
      { name: 'two\nlines', reason: 'control character U+000A at character 4; a name is one line of visible text' },
      {
        name: 'n'.repeat(TEXT_LIMITS.name + 1),
        reason: `a name may be at most ${TEXT_LIMITS.name} characters, got ${TEXT_LIMITS.name + 1}`,
      },
      { name: '   ', reason: 'a name may not be empty' },
    ];
    for (const { name, reason } of refusals) {
      const created = await keys(['create', '--tier', 'pro', '--name', name], state);
      expect(created.code, name).toBe(2);
      expect(created.stdout).toBe('');
      expect(created.stderr).toContain(`${reason}; no key created [ERR_CONFIG_INVALID]`);
      expect(unprintable(created.stderr)).toEqual([]);
    }
    expect((await keys(['list'], state)).stderr).toContain('no keys in the embedded store');

    // The longest name a dataset holds, with letters no rule refuses, is a key's name as well.
    const longest = `Équipe ${'n'.repeat(TEXT_LIMITS.name - 9)} 🚀`;
    const created = await keys(['create', '--tier', 'pro', '--name', longest], state);
    expect(created.code, created.stderr).toBe(0);
    expect((await keys(['list'], state)).stdout).toContain(longest);
  });

  it('is refused in keys import, naming the line, and nothing of the file is imported', async () => {
    const state = join(work, 'import.mdb');
    const good = { hash: hashKey(generateKey()), tier: 'pro', name: 'fine', status: 'active', created: '2026-01-02T03:04:05.000Z' };
    const bad = { ...good, hash: hashKey(generateKey()), name: HOSTILE_NAME };
    const file = join(work, 'hostile.jsonl');
    writeFileSync(file, `${JSON.stringify(good)}\n${JSON.stringify(bad)}\n`);
    const imported = await keys(['import', file], state);
    expect(imported.code).toBe(2);
    expect(imported.stderr).toContain(`${file}:2: name: control character U+001B at character 4; a name is one line of visible text`);
    expect(imported.stderr).toContain('nothing imported');
    expect(unprintable(imported.stderr)).toEqual([]);
    expect((await keys(['export'], state)).stdout).toBe('');
  });

  it('from a store written before the check is printed escaped by keys list, revoke and usage', async () => {
    const state = join(work, 'old.mdb');
    const hash = hashKey(generateKey());
    const store = createEmbeddedStore({ file: state });
    await store.saveKey({ hash, tier: 'pro', name: HOSTILE_NAME, status: 'active', created: '2026-01-02T03:04:05.000Z' });
    await store.close();

    const escaped = 'ops\\u{1b}[2J\\u{9b}31m\\u{202e}txt.exe\\u{200b}\\u{a}second line';
    const listed = await keys(['list'], state);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout.trimEnd().split('\n')).toHaveLength(2);
    expect(listed.stdout).toMatch(
      new RegExp(`^${hashPrefix(hash)}\\s+pro\\s+active\\s+2026-01-02 03:04:05\\s+${escapeRegExp(escaped)}$`, 'm'),
    );
    const usage = await keys(['usage', hashPrefix(hash)], state);
    expect(usage.stdout).toContain(`(pro, active, "${escaped}")`);
    const revoked = await keys(['revoke', hashPrefix(hash)], state);
    expect(revoked.stdout).toBe(`revoked ${hashPrefix(hash)} (pro, "${escaped}")\n`);
    for (const result of [listed, usage, revoked]) expect(unprintable(result.stdout + result.stderr)).toEqual([]);
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
