import { defineConfig } from 'vitest/config';

/**
 * Browser journeys against the built PWA served by a real server, two files at a time: a journey mostly waits
 * on its page, its server and the browser's processes in turn, so one file left a two-core machine's second
 * core idle much of the time. Each worker is a process with one Chromium and a server per file (e2e/harness.ts);
 * E2E_WORKERS=1 runs the files one after another.
 */
const workers = Number(process.env.E2E_WORKERS ?? 2);

export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    pool: 'forks',
    maxWorkers: workers,
    fileParallelism: workers > 1,
    // The server's and the harness's modules imported once, not once per file (about 2.5 s a file), and one
    // Chromium per worker (e2e/harness.ts).
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
