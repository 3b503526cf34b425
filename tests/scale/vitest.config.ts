import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Scale-out tests: built servers (BUILD_DIR, `npm run build` first) on the PostgreSQL server in
// DATABASE_URL, sharing one S3 bucket. Run: `npx vitest run --config tests/scale/vitest.config.ts`.
export default defineConfig({
  test: {
    root: fileURLToPath(new URL('../..', import.meta.url)),
    include: ['tests/scale/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
