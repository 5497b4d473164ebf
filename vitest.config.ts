import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // Servers under test are started on port 0 inside each file; files run in parallel workers.
    pool: 'forks',
  },
});
