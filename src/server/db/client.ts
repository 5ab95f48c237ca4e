/**
 * One pg Pool per process and Drizzle on top of it (node-postgres driver). The same code serves the
 * embedded cluster and an external PostgreSQL given by DATABASE_URL (docs/architecture.md#data-and-running).
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import type { NodePgDatabase, NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import pg from 'pg';

export type Db = NodePgDatabase;
/** What a query needs: the database or a transaction of it (services accept either). */
export type Queryable = PgDatabase<NodePgQueryResultHKT>;

export interface PoolOptions {
  /** Connections this process may hold; PostgreSQL's default max_connections is 100. */
  max?: number;
  applicationName?: string;
  /** Errors of idle connections (the server restarted, a network drop); the pool replaces them. */
  onIdleError?: (error: Error) => void;
}

export function createPool(url: string, options: PoolOptions = {}): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    application_name: options.applicationName ?? 'salon-pos',
    // A connection dropped by the server (restart, idle timeout) must not crash the process: pg emits
    // 'error' on idle clients, and an unhandled 'error' event throws.
    idleTimeoutMillis: 30_000,
  });
  pool.on(
    'error',
    options.onIdleError ?? ((error) => console.warn(`pg pool: idle client error: ${error.message}`)),
  );
  return pool;
}

export function createDb(pool: pg.Pool): Db {
  return drizzle({ client: pool });
}
