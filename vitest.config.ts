import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['apps/*/src/**/*.test.ts', 'packages/*/src/**/*.test.ts', 'scripts/**/*.test.ts'],
    globalSetup: ['apps/server/src/testing/postgres.global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Most files spend their time waiting on PostgreSQL, Redis, servers and ffmpeg, and each
    // has its own database, queue prefix and ports. Vitest's default (cores − 1) ran them one
    // at a time on a 2-core machine, so the tier took up to an hour; two at a time keep a
    // core busy while the other file waits.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
