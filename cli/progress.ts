/** Progress for long steps on a terminal; silence elsewhere, so CI logs get one summary line. */

export interface Progress {
  step<T>(label: string, run: () => T): T;
  stepAsync<T>(label: string, run: () => Promise<T>): Promise<T>;
}

/** A reporter that prints each step and its time to stderr when `interactive`, and nothing otherwise. */
export function createProgress(interactive: boolean): Progress {
  const begin = (label: string) => {
    process.stderr.write(`  ${label}…`);
    const started = performance.now();
    return () => process.stderr.write(` ${((performance.now() - started) / 1000).toFixed(2)} s\n`);
  };
  return {
    step(label, run) {
      if (!interactive) return run();
      const end = begin(label);
      const result = run();
      end();
      return result;
    },
    async stepAsync(label, run) {
      if (!interactive) return run();
      const end = begin(label);
      const result = await run();
      end();
      return result;
    },
  };
}

/** True on a terminal outside CI. */
export function isInteractive(): boolean {
  return Boolean(process.stderr.isTTY) && !process.env['CI'];
}
