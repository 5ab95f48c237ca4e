/**
 * The throwaway database of the in-process benches (bench/back-office/*.bench.ts), which run the app with
 * app.inject or app.listen in the bench's own process: an embedded PostgreSQL (src/server/db/embedded.ts) in a
 * temp folder on a free port, not durable (fsync, synchronous_commit and full_page_writes off: the figures are
 * about reads, and seeding hundreds of thousands of rows is minutes faster), migrated, with two tenants made as
 * the API tests make them (tests/support/server/tenant-fixture.ts): the one measured and another whose rows a
 * tenant-scoped query must skip. Stopped and deleted after the bench, whatever it throws.
 *
 * The browser benches start the real server as a child process instead (app-server.ts).
 *
 *   await withBenchDatabase('customers', async ({ db, pool, tenants: [a, other] }) => { ... });
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { createDb, createPool } from '../../src/server/db/client';
import type { Db } from '../../src/server/db/client';
import { startEmbeddedPostgres } from '../../src/server/db/embedded';
import { migrateDatabase } from '../../src/server/db/migrate';
import { createTenantWithUsers } from '../../tests/support/server/tenant-fixture';
import type { TenantFixture } from '../../tests/support/server/tenant-fixture';
import { freePort } from '../../tests/support/server/server-process';

export interface BenchDatabase {
  /** For raw `pg` references: the same pool the app's Drizzle uses, so both pay for the same connections. */
  pool: pg.Pool;
  db: Db;
  /** The measured tenant, then the other one. */
  tenants: [TenantFixture, TenantFixture];
}

/** `name` tags the temp folder (salon-bench-<name>-…), so a leftover one says which bench left it. */
export async function withBenchDatabase<T>(
  name: string,
  run: (bench: BenchDatabase) => Promise<T>,
): Promise<T> {
  const dataDir = await mkdtemp(path.join(tmpdir(), `salon-bench-${name}-`));
  try {
    const pgServer = await startEmbeddedPostgres({ dataDir, port: await freePort(), durable: false });
    const pool = createPool(pgServer.url, { max: 10 });
    try {
      await migrateDatabase(pool);
      const db = createDb(pool);
      const tenants: [TenantFixture, TenantFixture] = [
        await createTenantWithUsers(db),
        await createTenantWithUsers(db),
      ];
      return await run({ pool, db, tenants });
    } finally {
      await pool.end();
      await pgServer.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** The plan PostgreSQL picks for `text` (EXPLAIN, not run), on one line: what a bench prints beside its figures. */
export async function planLine(pool: pg.Pool, text: string, values: unknown[]): Promise<string> {
  const { rows } = await pool.query(`explain ${text}`, values);
  return (rows as { 'QUERY PLAN': string }[]).map((row) => row['QUERY PLAN'].trim()).join(' | ');
}
