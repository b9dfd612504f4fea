import { defineConfig } from 'vitest/config';

// Browser journeys: one file at a time (one Chromium), against the built PWA served by a real server.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    // The server's and the harness's modules imported once, not once per file (about 2.5 s a file).
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
