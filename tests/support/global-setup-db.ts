/**
 * One PostgreSQL per test run (vitest 'api' project): an embedded cluster in a fresh temp directory on a
 * free port, non-durable (fsync off: nothing here must survive a power cut), with the migrations applied
 * once to a template database. Each test file clones it (tests/support/test-db.ts), which takes tens of
 * milliseconds instead of a migration run per file.
 *
 * TEST_DATABASE_URL (a superuser URL of an external PostgreSQL) skips the embedded cluster; the template
 * then gets a per-run name so two runs on one server do not collide.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createPool } from '../../src/server/db/client';
import { startEmbeddedPostgres } from '../../src/server/db/embedded';
import { migrateDatabase } from '../../src/server/db/migrate';
import { freePort } from './server/server-process';

export interface TestDatabaseContext {
  /** Superuser URL of the maintenance database ('postgres'), for CREATE and DROP DATABASE. */
  adminUrl: string;
  /** The migrated database every test database is cloned from. */
  template: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: TestDatabaseContext;
  }
}

export function databaseUrl(adminUrl: string, database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${encodeURIComponent(database)}`;
  return url.toString();
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const started = performance.now();
  let adminUrl: string;
  let teardown: () => Promise<void>;
  let template = 'salon_template';

  const external = process.env.TEST_DATABASE_URL;
  if (external) {
    adminUrl = external;
    template = `salon_template_${process.pid}`;
    teardown = async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${client.escapeIdentifier(template)} with (force)`);
      await client.end();
    };
  } else {
    const dir = await mkdtemp(path.join(tmpdir(), 'salon-test-pg-'));
    const embedded = await startEmbeddedPostgres({
      dataDir: dir,
      port: await freePort(),
      database: 'postgres',
      durable: false,
    });
    adminUrl = embedded.urlFor('postgres');
    teardown = async () => {
      await embedded.stop();
      await rm(dir, { recursive: true, force: true });
    };
  }

  try {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${admin.escapeIdentifier(template)} with (force)`);
    await admin.query(`create database ${admin.escapeIdentifier(template)}`);
    await admin.end();
    const pool = createPool(databaseUrl(adminUrl, template), { max: 1 });
    await migrateDatabase(pool);
    // No connection may stay on a template: CREATE DATABASE ... TEMPLATE refuses while one is open.
    await pool.end();
  } catch (error) {
    await teardown();
    throw error;
  }

  project.provide('testDatabase', { adminUrl, template });
  if (process.env.TEST_DB_TIMING) {
    console.info(
      `[test-db] PostgreSQL ready and template migrated in ${Math.round(performance.now() - started)} ms`,
    );
  }
  return teardown;
}
