import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One runner for every tier. `unit`: pure packages and web modules; `server`:
// the real server on PGlite and PostgreSQL; `e2e`: Debian Chromium against the
// built app (npm test builds first).
export default defineConfig({
  resolve: { conditions: ['source'] },
  // The workspace packages are read from their sources ('source' export condition), also in
  // node-environment tests, so unit tests run on a clean clone without a build.
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    // Most test files wait on a database, ffmpeg, timers or Chromium rather than compute, so
    // four files run at once even on 2 cores (vitest's default there is one). On 2 cores the
    // server tier took 364 s with two, 318 s with three, 242 s with four and 244 s with six;
    // the unit tier 68 s with two and 49 s with four. The e2e tier sets its own.
    maxWorkers: Math.max(4, availableParallelism()),
    // An expect.poll waits for what it checks for up to 10 s, not 1 s: the tiers must hold on a busy machine.
    expect: { poll: { timeout: 10_000 } },
    server: { deps: { inline: [/@lyra\//, /packages\/(contracts|player-core)\//] } },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}', 'apps/web/scripts/*.test.ts'],
          environment: 'node',
          // Waits on what a user sees get time on a busy machine (test/setup.ts); so does each test.
          setupFiles: ['apps/web/src/test/setup.ts'],
          testTimeout: 60_000,
          // Files share their workers: React, Radix, TanStack, jsdom and the rest of node_modules are
          // loaded once per worker, not once per file (most of the tier's time). test/setup.ts gives
          // each file a fresh start: storage, address and document emptied, the project's modules
          // (stores, caches) evaluated afresh, real timers, no stubs.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          // Migrated template databases, built once per run and copied for each test (test/templates.ts).
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          // New password hashes at a test cost (backend/auth/password.test.ts checks the product's).
          setupFiles: ['apps/server/src/backend/test/fast-passwords.ts', 'apps/server/src/test/shared-workers.ts'],
          // Files share their workers: node_modules load once per worker (test/shared-workers.ts).
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          // The usual music and a data folder that scanned it, made once per run (e2e/global-setup.ts).
          globalSetup: ['e2e/global-setup.ts'],
          // Files share their workers: node_modules load once per worker (e2e/shared-workers.ts).
          setupFiles: ['e2e/shared-workers.ts'],
          isolate: false,
          testTimeout: 120_000,
          hookTimeout: 300_000,
          // Two files at a time: each starts its own server (own port, data and music folders,
          // e2e/harness.ts) and its own Chromium. On 2 cores the tier keeps both cores busy (about
          // 1,060 CPU-seconds): one machine took about 550 s with two, 470 s with three and 483 s
          // with four, another 540 s with two and 539 s with three; with three a wait of the admin
          // test ran out once in a clean-clone run.
          maxWorkers: 2,
          // After the unit and server tiers (a group of its own, since its number of workers differs).
          sequence: { groupOrder: 1 },
          // A page under a busy CPU: what a poll waits for gets as long as a Playwright locator wait.
          expect: { poll: { timeout: 30_000 } },
        },
      },
    ],
  },
});
