import { configDefaults, defineConfig } from 'vitest/config';

// Two projects, both run by `vitest run` (npm test):
// - unit: pure and fast, no database; domain, machines and client tests never wait for PostgreSQL. Its files
//         share one module registry per worker (isolate: false): evaluating React, XState, zod and the app's
//         modules again for each of 166 files was most of the project's time (160 s isolated, 92 s shared on
//         this 2-core machine; docs/testing.md "Vitest's workers"). A unit test restores what it stubs (fake
//         timers, globals) in afterEach, and the project passes shuffled (`--sequence.shuffle`).
// - api:  src/server/**/*.test.ts against a real PostgreSQL, started once per run by the global setup
//         (one embedded cluster, a migrated template database, one clone per test file; ADR 004). Its files
//         run one after another in one worker process (isolate: false), and the setup file empties the module
//         registry before each, so a file gets the app's modules and the test support afresh while Node,
//         Vitest's worker and node_modules load once (docs/decisions/020-api-test-files-share-a-process.md).
export default defineConfig({
  test: {
    environment: 'node',
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          isolate: false,
          include: [
            'src/**/*.test.{ts,tsx}',
            'machines/**/*.test.ts',
            'scripts/**/*.test.ts',
            'tests/unit/**/*.test.ts',
            'tests/support/**/*.test.ts',
          ],
          exclude: [...configDefaults.exclude, 'src/server/**'],
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          isolate: false,
          setupFiles: ['tests/support/api-file-modules.ts'],
          // A deprecation is an error here: pg's "client.query() when the client is already executing a query"
          // (a Promise.all inside a transaction) only warned, and pg 9 refuses it (docs/architecture.md
          // "One query at a time on a client").
          execArgv: ['--throw-deprecation'],
          include: ['src/server/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup-db.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
