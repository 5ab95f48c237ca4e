/**
 * Applies the committed drizzle-kit migrations (src/server/db/migrations) at start, under a session-level
 * advisory lock held on one dedicated connection for the whole run: drizzle's stock migrator takes no lock,
 * and two instances starting together would both read "not applied" and run the same DDL (or collide on
 * CREATE SCHEMA drizzle). With the lock the second waits, then finds everything applied and does nothing.
 * The migrator itself runs all pending migrations in one transaction (all or none).
 */
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';

/** Any constant shared by every instance: ASCII "SALONMIG" as a bigint. */
export const MIGRATION_LOCK_KEY = 0x53414c4f4e4d4947n;

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

export interface MigrateOptions {
  migrationsFolder?: string;
  log?: (message: string) => void;
}

export async function migrateDatabase(pool: pg.Pool, options: MigrateOptions = {}): Promise<void> {
  const log = options.log ?? (() => undefined);
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    const key = MIGRATION_LOCK_KEY.toString();
    const tried = await client.query<{ locked: boolean }>(
      'select pg_try_advisory_lock($1::bigint) as locked',
      [key],
    );
    if (!tried.rows[0]?.locked) {
      log('waiting for another instance to finish migrating');
      await client.query('select pg_advisory_lock($1::bigint)', [key]);
    }
    try {
      await migrate(drizzle({ client }), {
        migrationsFolder: options.migrationsFolder ?? MIGRATIONS_FOLDER,
        migrationsSchema: 'drizzle',
        migrationsTable: '__drizzle_migrations',
      });
    } finally {
      await client.query('select pg_advisory_unlock($1::bigint)', [key]).catch((error: Error) => {
        broken = error;
      });
    }
  } catch (error) {
    broken = error as Error;
    throw error;
  } finally {
    // A connection whose unlock failed is destroyed, which ends its session and so releases the lock.
    client.release(broken ?? false);
  }
}
