import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    // Also ends the run with the check that no server log holds a secret (support/log-check.ts).
    globalSetup: ['tests/e2e/support/global-setup.ts'],
    environment: 'node',
    // One browser at a time: the machine has two cores and the server needs one.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
