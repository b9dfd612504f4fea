import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['shared-types/src/**/*.test.ts', 'sync-server/test/**/*.test.ts', 'pwa/src/**/*.test.{ts,tsx}'],
    exclude: ['e2e/**', '**/node_modules/**'],
    // Two cores: keep parallelism low so database-heavy suites do not starve each other.
    pool: 'forks',
    maxWorkers: 2,
    // Drops the PostgreSQL template databases the test processes made (sync-server/test/helper.ts).
    globalSetup: ['sync-server/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
