/**
 * Node flags a serving process (`serve`, `start`) should run with, defined once for the places that
 * start one: `npm start`, the Dockerfile, the benchmarks, the tests' serve helper, and the hint
 * `serve` prints when they are missing. They change speed, never an answer.
 *
 * `--no-memory-reducer`: after an idle spell V8's memory reducer runs a memory-reducing full GC. In the gateway
 * that GC drops the optimised code of Node's HTTP path ("weak objects"), and the code compiled again
 * afterwards is slower: `process.nextTick`, called a few times a request by node:http, went from
 * about 1 % to 13 % of the CPU, and a gateway under load served about a fifth fewer requests from then
 * on (docs/benchmarks.md). It must be on node's command line: set from code once V8 runs, it has no
 * effect. The cost is that the heap is not shrunk while idle (RSS stays about 150 MB, not 110-125).
 */
export const SERVING_NODE_FLAGS: readonly string[] = ['--no-memory-reducer'];

/** The line `serve` prints under its configuration when this process lacks a serving flag, or nothing. */
export function servingFlagsHint(execArgv: readonly string[] = process.execArgv): string[] {
  const missing = SERVING_NODE_FLAGS.filter((flag) => !execArgv.includes(flag)).join(' ');
  if (missing === '') return [];
  return [
    `hint: start node with ${missing} (node ${missing} bin/cardrewards.js serve): without it, a gateway under load serves about a fifth fewer requests after its first idle spell`,
  ];
}
