import { configDefaults, defineConfig } from 'vitest/config';

// Two projects, both run by `vitest run` (npm test):
// - unit: pure and fast, no database; domain, machines and client tests never wait for PostgreSQL. Its files
//         share one module registry per worker (isolate: false): evaluating React, XState, zod and the app's
//         modules again for each of 166 files was most of the project's time (160 s isolated, 92 s shared on
//         this 2-core machine; docs/testing.md "Vitest's workers"). A unit test restores what it stubs (fake
//         timers, globals) in afterEach, and the project passes shuffled (`--sequence.shuffle`).
// - api:  src/server/**/*.test.ts against a real PostgreSQL, started once per run by the global setup
//         (one embedded cluster, a migrated template database, one clone per test file; ADR 004). Each file
//         runs in its own process again: sharing one (ADR 020) doubled the project's time in a fresh clone.
//         Two of them at a time: an API file waits on PostgreSQL for much of its run, so one worker left most of
//         a core idle once the static checks had ended (16 files: 123 s with one worker, 100 s with two;
//         docs/testing.md "Vitest's workers").
export default defineConfig({
  test: {
    environment: 'node',
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          isolate: false,
          // Projects with different worker counts run one after the other (Vitest's groups): the unit files
          // first, then the API files two at a time.
          sequence: { groupOrder: 0 },
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
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
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
