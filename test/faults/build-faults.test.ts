/**
 * Builds interrupted with real signals (issue 28, item 2): SIGINT and SIGTERM while the writers are
 * busy remove the temporary tree and leave the live one as it was; SIGKILL cannot be cleaned up
 * after, so the next build removes what the dead process left, and only that.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FIXTURE, hashTree, ROOT, runCli } from '../helpers/cli.ts';

const work = mkdtempSync(join(tmpdir(), 'cardrewards-interrupt-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The real dataset: large enough (about 60,000 files) that a signal lands while the writers are busy. */
const LARGE_DATASET = join(ROOT, 'dataset');

interface RunningBuild {
  readonly pid: number;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>;
  kill(signal: NodeJS.Signals): void;
}

function startBuild(dataset: string, out: string): RunningBuild {
  const child = spawn(process.execPath, [join(ROOT, 'bin/cardrewards.js'), 'build', '--dataset', dataset, '--out', out], {
    cwd: ROOT,
    env: { ...process.env, CI: 'true' },
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, stderr })),
  );
  return { pid: child.pid ?? 0, exited, kill: (signal) => child.kill(signal) };
}

/** Waits until the build's temporary tree holds files: its writers are then busy. */
async function whileWriting(out: string, pid: number): Promise<string> {
  const temporary = join(`${out}.builds`, `.tmp-${pid}`);
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (existsSync(temporary) && readdirSync(temporary, { recursive: true }).length > 200) return temporary;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${temporary} did not fill within 90 s`);
}

const temporaries = (out: string) => readdirSync(`${out}.builds`).filter((name) => name.startsWith('.tmp-'));

describe('an interrupted build', () => {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    it(`removes its temporary tree on ${signal}, ends by that signal and leaves the live tree as it was`, async () => {
      const out = join(work, `live-${signal}`);
      expect((await runCli(['build', '--dataset', FIXTURE, '--out', out])).code).toBe(0);
      const before = hashTree(out);
      const target = readlinkSync(out);

      const running = startBuild(LARGE_DATASET, out);
      const temporary = await whileWriting(out, running.pid);
      running.kill(signal);
      const { code, signal: endedBy, stderr } = await running.exited;
      expect({ code, endedBy }).toEqual({ code: null, endedBy: signal });
      expect(stderr).toContain(`the build was interrupted (${signal}); nothing was published [ERR_INTERRUPTED]`);
      expect(existsSync(temporary)).toBe(false);
      expect(temporaries(out)).toEqual([]);
      expect(readlinkSync(out)).toBe(target);
      expect(hashTree(out)).toEqual(before);
    });
  }

  it('killed with SIGKILL, leaves a temporary tree that the next build removes, and no other', async () => {
    const out = join(work, 'killed');
    const running = startBuild(LARGE_DATASET, out);
    const temporary = await whileWriting(out, running.pid);
    running.kill('SIGKILL');
    expect((await running.exited).signal).toBe('SIGKILL');
    expect(existsSync(temporary)).toBe(true);
    // A temporary tree whose process still runs (this test's parent) may still be written: it stays.
    const alive = join(`${out}.builds`, `.tmp-${process.ppid}`);
    mkdirSync(alive);

    const next = await runCli(['build', '--dataset', FIXTURE, '--out', out]);
    expect(next.code, next.stderr).toBe(0);
    expect(next.stderr).toBe(`removed ${temporary}, the temporary tree of a build whose process is gone\n`);
    expect(temporaries(out)).toEqual([`.tmp-${process.ppid}`]);
  });

  it('says it removed a dead build’s temporary tree even when the next build then fails', async () => {
    const out = join(work, 'swept');
    const deadPid = await pidOfEndedProcess();
    const leftover = () => {
      const temporary = join(`${out}.builds`, `.tmp-${deadPid}`);
      mkdirSync(join(temporary, 'public'), { recursive: true });
      writeFileSync(join(temporary, 'public', 'index.html'), 'half written');
      return temporary;
    };
    const message = (temporary: string) => `removed ${temporary}, the temporary tree of a build whose process is gone`;

    // A build that stops with an error (no such dataset folder) still says what it swept first.
    let temporary = leftover();
    const missing = await runCli(['build', '--dataset', join(work, 'no-such-dataset'), '--out', out]);
    expect(missing.code).toBe(2);
    expect(missing.stderr.split('\n')[0]).toBe(message(temporary));
    expect(missing.stderr).toContain('no dataset folder at');
    expect(existsSync(temporary)).toBe(false);

    // So does one that finds a problem in the dataset, and one that builds.
    temporary = leftover();
    const broken = mkdtempSync(join(work, 'broken-'));
    cpSync(FIXTURE, broken, { recursive: true });
    rmSync(join(broken, 'cards.csv'));
    const refused = await runCli(['build', '--dataset', broken, '--out', out]);
    expect(refused.code).toBe(1);
    expect(refused.stderr.split('\n')[0]).toBe(message(temporary));
    temporary = leftover();
    const built = await runCli(['build', '--dataset', FIXTURE, '--out', out]);
    expect(built.code, built.stderr).toBe(0);
    expect(built.stderr).toBe(`${message(temporary)}\n`);
    expect(temporaries(out)).toEqual([]);
  });
});

/** The pid of a process that has ended: a temporary tree named after it belongs to no running build. */
function pidOfEndedProcess(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  return new Promise((resolve) => child.once('exit', () => resolve(child.pid ?? 0)));
}
