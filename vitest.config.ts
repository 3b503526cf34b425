import { defineConfig } from 'vitest/config';
import { announceRunSeed } from './tests/support/run-seed.js';

// The fuzz suites' generated values replay with FUZZ_SEED=<the printed seed> (tests/support/fuzz-kit.ts).
announceRunSeed('FUZZ_SEED');

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'tests/lint/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/support/pglite-template-setup.ts'],
    // Files share their worker's module graph: importing the app per file was 50 s of a 280 s run on two
    // cores (decision 0026). No file relies on a fresh module: each builds its own app, database and keyring.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
