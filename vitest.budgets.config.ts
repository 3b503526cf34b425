import { defineConfig } from 'vitest/config';

/** Page budgets (decision 0043): first-load JavaScript, Lighthouse and axe against the built, started server. */
export default defineConfig({
  test: {
    include: ['tests/budgets/**/*.test.ts'],
    environment: 'node',
    // The suites' servers start from one migrated embedded database (decision 0026).
    globalSetup: ['tests/e2e/support/pglite-data-template.ts'],
    // One browser at a time: Lighthouse's performance score suffers from anything running beside it.
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 120_000,
  },
});
