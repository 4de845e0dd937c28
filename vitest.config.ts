import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/int/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // PGlite instances take ~0.8 GB and seconds to start; two files at a time suit 2 cores.
    maxWorkers: 2,
    globalSetup: ['tests/support/buildWasm.ts'],
  },
});
