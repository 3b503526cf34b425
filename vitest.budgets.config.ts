import { defineConfig } from 'vitest/config';

/** Page budgets (issue 8): first-load JavaScript, Lighthouse and axe against the built, started server. */
export default defineConfig({
  test: {
    include: ['tests/budgets/**/*.test.ts'],
    environment: 'node',
    // The suites' servers start from one migrated embedded database (issue 19).
    globalSetup: ['tests/e2e/support/pglite-data-template.ts'],
    // One browser at a time: Lighthouse's performance score suffers from anything running beside it.
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 120_000,
  },
});
