import { defineConfig } from 'vitest/config';
export default defineConfig({ test: { include: ['.mutant-tmp/ss/test/sync-crash.test.ts'], pool: 'forks', hookTimeout: 60000 } });
