/** Runs the real `cardrewards` CLI as a process, as a user or CI would. */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const FIXTURE = join(ROOT, 'test/fixtures/mini');

export interface RunResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * `cardrewards ARGS…` with the repository as working directory and CI set (no progress output);
 * with `timeoutMs`, a process still running then is killed (SIGKILL) and its result has code 1.
 */
export function runCli(args: readonly string[], env: NodeJS.ProcessEnv = {}, timeoutMs = 0): Promise<RunResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [join(ROOT, 'bin/cardrewards.js'), ...args],
      // A dataset commit in the caller's environment would reach every build's history: tests say theirs.
      {
        cwd: ROOT,
        env: { ...process.env, CI: 'true', CARDREWARDS_DATASET_COMMIT: undefined, ...env },
        timeout: timeoutMs,
        killSignal: 'SIGKILL',
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** Every file of a built tree below `dir` (following the top link) → its bytes' SHA-256; the build's `.inputs` record is not part of the tree. */
export function hashTree(dir: string): Map<string, string> {
  const hashes = new Map<string, string>();
  const walk = (folder: string) => {
    for (const name of readdirSync(folder).sort()) {
      if (name === '.inputs') continue;
      const path = join(folder, name);
      if (statSync(path).isDirectory()) walk(path);
      else hashes.set(relative(dir, path), createHash('sha256').update(readFileSync(path)).digest('hex'));
    }
  };
  walk(dir);
  return hashes;
}
