import { configDefaults, defineConfig } from 'vitest/config';

// Two projects, both run by `vitest run` (npm test):
// - unit: pure and fast, no database; domain, machines and client tests never wait for PostgreSQL.
// - api:  src/server/**/*.test.ts against a real PostgreSQL, started once per run by the global setup
//         (one embedded cluster, a migrated template database, one clone per test file; ADR 004).
export default defineConfig({
  test: {
    environment: 'node',
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
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
          include: ['src/server/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup-db.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
