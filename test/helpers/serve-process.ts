/** Runs `cardrewards serve` as a process, as a user or a supervisor would. */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { SERVING_NODE_FLAGS } from '../../gateway/serving-node-flags.ts';
import { ROOT } from './cli.ts';

/**
 * Starts `node NODE_FLAGS… cardrewards serve ARGS…` in `cwd` (with the serving flags, as `npm start` and the
 * Dockerfile run it, unless told otherwise); `listening` resolves with the URL once it listens, `output()` is
 * everything printed so far.
 */
export function startServeProcess(cwd: string, args: string[], env: NodeJS.ProcessEnv = {}, nodeFlags = SERVING_NODE_FLAGS) {
  const child = spawn(process.execPath, [...nodeFlags, join(ROOT, 'bin/cardrewards.js'), 'serve', ...args], {
    cwd,
    env: { ...process.env, ...env },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const listening = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not start:\n${output}`)), 15_000);
    child.stdout.on('data', () => {
      const url = /listening on (http:\/\/\S+)/.exec(output)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve(url);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`serve exited with ${code}:\n${output}`));
    });
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { child, listening, exited, output: () => output };
}
