import { defineConfig } from 'vitest/config';

/** `npm run test:faults`: the fault suite (processes killed, frozen and starved), kept out of `npm test`'s quicker run. */
export default defineConfig({
  test: {
    include: ['test/faults/**/*.test.ts'],
    globalSetup: ['test/helpers/compile-once.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    maxWorkers: 1,
  },
});
