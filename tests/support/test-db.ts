/**
 * A database of its own for one test file: CREATE DATABASE ... TEMPLATE the migrated template of the run
 * (tests/support/global-setup-db.ts). Tests in different files never see each other's rows, and nothing
 * needs cleaning between files.
 *
 *   const testDb = await createTestDatabase();          // in beforeAll
 *   ... testDb.db (Drizzle), testDb.pool, testDb.url ...
 *   await testDb.drop();                                // in afterAll
 *
 * `{ migrated: false }` gives an empty database (from template0), for migration tests.
 */
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import pgDriver from 'pg';
import { inject } from 'vitest';
import { createDb, createPool } from '../../src/server/db/client';
import type { Db } from '../../src/server/db/client';
import { databaseUrl } from './global-setup-db';

export interface TestDatabase {
  name: string;
  url: string;
  pool: pg.Pool;
  db: Db;
  drop(): Promise<void>;
}

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pgDriver.Client({ connectionString: inject('testDatabase').adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function createTestDatabase(
  options: { migrated?: boolean; poolMax?: number } = {},
): Promise<TestDatabase> {
  const { adminUrl, template } = inject('testDatabase');
  const name = `salon_test_${randomBytes(6).toString('hex')}`;
  const source = options.migrated === false ? 'template0' : template;
  await admin((c) =>
    c.query(`create database ${c.escapeIdentifier(name)} template ${c.escapeIdentifier(source)}`),
  );
  const url = databaseUrl(adminUrl, name);
  const pool = createPool(url, { max: options.poolMax ?? 10 });
  let dropped = false;
  return {
    name,
    url,
    pool,
    db: createDb(pool),
    drop: async () => {
      if (dropped) return;
      dropped = true;
      await pool.end();
      await admin((c) => c.query(`drop database if exists ${c.escapeIdentifier(name)} with (force)`));
    },
  };
}
