import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Vitest's own order (slowest first), except that zz-* files (the log check) always run after the rest. */
class LogCheckLastSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const isLast = (file: TestSpecification) => /[\\/]zz-[^\\/]*$/.test(file.moduleId);
    return [...sorted.filter((file) => !isLast(file)), ...sorted.filter(isLast)];
  }
}

export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    globalSetup: ['tests/e2e/support/global-setup.ts'],
    environment: 'node',
    // One browser at a time: the machine has two cores and the server needs one.
    fileParallelism: false,
    sequence: { sequencer: LogCheckLastSequencer },
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
