import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'tests/lint/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/support/pglite-template-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
