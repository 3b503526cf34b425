import { defineConfig } from 'vitest/config';
import { announceRunSeed } from './tests/support/run-seed.js';

// The suites' random choices (kill moments, the load's mix) replay with FAULTS_SEED=<the printed seed>.
announceRunSeed('FAULTS_SEED');

/**
 * Fault tests: kill -9 during registrations, a second process on one DATA_DIR, and mixed load.
 * They start the built server (BUILD_DIR) and measure it, so one file at a time on this two-core machine.
 */
export default defineConfig({
  test: {
    include: ['tests/faults/**/*.test.ts'],
    environment: 'node',
    // The suites' servers start from one migrated embedded database (decision 0026).
    globalSetup: ['tests/e2e/support/pglite-data-template.ts'],
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 120_000,
  },
});
