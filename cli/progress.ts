/** Progress for long steps on a terminal; silence elsewhere, so CI logs get one summary line. */

export interface Progress {
  step<T>(label: string, run: () => T): T;
}

/** A reporter that prints each step and its time to stderr when `interactive`, and nothing otherwise. */
export function createProgress(interactive: boolean): Progress {
  return {
    step(label, run) {
      if (!interactive) return run();
      process.stderr.write(`  ${label}…`);
      const started = performance.now();
      const result = run();
      process.stderr.write(` ${((performance.now() - started) / 1000).toFixed(2)} s\n`);
      return result;
    },
  };
}

/** True on a terminal outside CI. */
export function isInteractive(): boolean {
  return Boolean(process.stderr.isTTY) && !process.env['CI'];
}
