import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The fault suite runs on its own (npm run test:faults, vitest.faults.config.ts).
    exclude: ['test/faults/**', '**/node_modules/**'],
    globalSetup: ['test/helpers/compile-once.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // The CLI and gateway tests start processes and servers; two cores are all CI has.
    maxWorkers: 2,
  },
});
