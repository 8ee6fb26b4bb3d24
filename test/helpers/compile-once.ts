/** Vitest global setup: the CLI tests run the compiled CLI, so compile it before any test (incremental, so cheap when nothing changed). */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** tsc's exit status when it found type errors but still wrote every output file. */
const DIAGNOSTICS_WITH_OUTPUT = 2;

export default function compileOnce(): void {
  const { status, error } = spawnSync(
    process.execPath,
    [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', join(ROOT, 'tsconfig.build.json')],
    {
      cwd: ROOT,
      stdio: 'inherit',
    },
  );
  if (error) throw error;
  // Type errors fail `npm test` at its own type-check step, before vitest starts; here only the emitted lib/ matters,
  // so a type error elsewhere does not stop the tests that can run.
  if (status === DIAGNOSTICS_WITH_OUTPUT) console.warn('compile-once: tsc reported type errors (above); lib/ was written, the tests run');
  else if (status !== 0) throw new Error(`tsc exited with ${status}: lib/ was not written`);
}
