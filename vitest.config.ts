import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['shared-types/src/**/*.test.ts', 'sync-server/test/**/*.test.ts', 'pwa/src/**/*.test.{ts,tsx}'],
    exclude: ['e2e/**', '**/node_modules/**'],
    // Two cores: keep parallelism low so database-heavy suites do not starve each other.
    pool: 'forks',
    maxWorkers: 2,
    // Each worker imports the server and the app's modules once, not once per file: importing them took about
    // 200 s of the suite's 460 s. The files share a worker's globals: none may change one it does not restore.
    isolate: false,
    // Drops the PostgreSQL template databases the test processes made (sync-server/test/helper.ts).
    globalSetup: ['sync-server/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
