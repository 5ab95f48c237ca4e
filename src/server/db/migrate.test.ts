import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/support/test-db';
import type { TestDatabase } from '../../../tests/support/test-db';
import { createPool } from './client';
import { MIGRATION_LOCK_KEY, MIGRATIONS_FOLDER, migrateDatabase } from './migrate';

/** Undone last-registered first: pools and held connections end before their database is dropped. */
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function emptyDatabase(): Promise<TestDatabase> {
  const testDb = await createTestDatabase({ migrated: false });
  cleanups.push(testDb.drop);
  return testDb;
}

function extraPool(url: string) {
  const pool = createPool(url, { max: 2 });
  cleanups.push(() => pool.end());
  return pool;
}

async function journalLength(): Promise<number> {
  const journal = JSON.parse(await readFile(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'));
  return journal.entries.length;
}

const TABLES = [
  'tenants',
  'stores',
  'workstations',
  'users',
  'sessions',
  'idempotency_keys',
  'audit_log',
  // 0001: catalog, customers, balances, sales, numbering, wallet payment requests
  'taxes',
  'categories',
  'services',
  'products',
  'product_kits',
  'product_kit_items',
  'memberships',
  'customers',
  'customer_point_history',
  'giftcards',
  'giftcard_histories',
  'coupons',
  'coupon_histories',
  'working_time_breaks',
  'working_times',
  'sales',
  'sale_employees',
  'sale_lines',
  'sale_payments',
  'sale_refunds',
  'store_counters',
  'store_daily_counters',
  'payment_requests',
  // 0002: web push (VAPID keys per tenant, subscriptions)
  'push_vapid_keys',
  'push_subscriptions',
  // 0003: walk-in check-ins
  'walk_ins',
  // 0004: the back office's suppliers and units
  'suppliers',
  'units',
  // 0005: stock movements and expenses
  'product_inventory_movements',
  'expenses',
  // 0006: customer groups
  'customer_groups',
  // 0007: the customers' back office: membership histories, reviews
  'membership_histories',
  'customer_reviews',
  // 0011: the turn ledger
  'turn_events',
  // live channel sequences; kiosk tokens and their customer handles
  'live_store_sequences',
  'kiosk_tokens',
  'kiosk_handles',
  // cash drawer sessions and their movements
  'cash_drawer_sessions',
  'cash_drawer_movements',
  // 0015: appointments (bookings, their lines, the technicians' busy segments, booking hours)
  'bookings',
  'booking_lines',
  'booking_segments',
  'booking_hours',
  // 0023: calculated payroll runs and their frozen statements
  'payrolls',
  'payroll_statements',
];

describe('migrations', () => {
  it('two migrators started together on a fresh database both succeed and apply every migration once', async () => {
    const testDb = await emptyDatabase();
    const other = extraPool(testDb.url);

    await Promise.all([migrateDatabase(testDb.pool), migrateDatabase(other)]);

    const applied = await testDb.pool.query('select hash from drizzle.__drizzle_migrations');
    expect(applied.rowCount).toBe(await journalLength());
    expect(new Set(applied.rows.map((r) => r.hash)).size).toBe(applied.rowCount);
    const tables = await testDb.pool.query<{ table_name: string }>(
      `select table_name from information_schema.tables where table_schema = 'public'`,
    );
    expect(tables.rows.map((r) => r.table_name).sort()).toEqual([...TABLES].sort());
  });

  it('waits for the advisory lock another session holds, then finds nothing left to do', async () => {
    const testDb = await emptyDatabase();
    await migrateDatabase(testDb.pool);

    const holder = await testDb.pool.connect();
    cleanups.push(async () => holder.release());
    await holder.query('select pg_advisory_lock($1::bigint)', [MIGRATION_LOCK_KEY.toString()]);

    const waiting = extraPool(testDb.url);
    let finished = false;
    const run = migrateDatabase(waiting).then(() => {
      finished = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(finished).toBe(false);
    const blocked = await testDb.pool.query(
      `select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted`,
    );
    expect(blocked.rows[0].n).toBe(1);

    await holder.query('select pg_advisory_unlock($1::bigint)', [MIGRATION_LOCK_KEY.toString()]);
    await run;
    expect(finished).toBe(true);
    const applied = await testDb.pool.query('select count(*)::int as n from drizzle.__drizzle_migrations');
    expect(applied.rows[0].n).toBe(await journalLength());
  });

  it('releases the lock when a migration fails, so the next start can try again', async () => {
    const testDb = await emptyDatabase();
    await expect(migrateDatabase(testDb.pool, { migrationsFolder: '/nonexistent' })).rejects.toThrow();
    const held = await testDb.pool.query(
      `select count(*)::int as n from pg_locks where locktype = 'advisory'`,
    );
    expect(held.rows[0].n).toBe(0);
    await migrateDatabase(testDb.pool);
  });
});

/** A copy of the committed migrations that stops before `tag`: a database as it was before that migration. */
async function migrationsBefore(tag: string): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), 'salon-migrations-'));
  cleanups.push(() => rm(folder, { recursive: true, force: true }));
  await cp(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8'));
  const at = journal.entries.findIndex((entry: { tag: string }) => entry.tag === tag);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  await writeFile(journalPath, JSON.stringify(journal));
  return folder;
}

describe('0009 membership names unique', () => {
  it("renames the later of a tenant's duplicate names (whatever their case, even onto a taken suffix) before the key", async () => {
    const testDb = await emptyDatabase();
    await migrateDatabase(testDb.pool, {
      migrationsFolder: await migrationsBefore('0009_membership_names_unique'),
    });
    const q = (text: string, values: unknown[] = []) => testDb.pool.query(text, values);
    const tenants = await q(
      `insert into tenants (code, name) values ('MIGA', 'A'), ('MIGB', 'B') returning id`,
    );
    const [a, b] = tenants.rows.map((r) => Number(r.id)) as [number, number];
    const names = ['Gold', 'gold', 'Gold (2)', 'GOLD', 'Silver'];
    for (const name of names) await q('insert into memberships (tenant_id, name) values ($1, $2)', [a, name]);
    await q(`insert into memberships (tenant_id, name) values ($1, 'Gold')`, [b]);

    await migrateDatabase(testDb.pool);

    const rows = await q('select tenant_id, name from memberships order by tenant_id, id');
    expect(rows.rows.map((r) => [Number(r.tenant_id), r.name])).toEqual([
      // The oldest keeps its name; "gold" takes " (2)", which "Gold (2)" already had, so the younger of those two
      // takes another suffix; another tenant's "Gold" is its own.
      [a, 'Gold'],
      [a, 'gold (2)'],
      [a, 'Gold (2) (2)'],
      [a, 'GOLD (3)'],
      [a, 'Silver'],
      [b, 'Gold'],
    ]);
    await expect(q(`insert into memberships (tenant_id, name) values ($1, 'SILVER')`, [a])).rejects.toThrow(
      /memberships_tenant_name_key/,
    );
  });
});

describe('committed migrations', () => {
  it('match the schema in src/server/db/schema (a schema change without `npm run db:generate` fails here)', async () => {
    // drizzle-kit joins --out to the working directory, so the scratch copy lives under node_modules/.cache.
    const scratch = path.join('node_modules', '.cache', `salon-drift-${randomBytes(4).toString('hex')}`);
    await cp(MIGRATIONS_FOLDER, scratch, { recursive: true });
    try {
      const before = await readdir(scratch);
      const { stdout } = await promisify(execFile)(
        path.join('node_modules', '.bin', 'drizzle-kit'),
        ['generate', '--dialect=postgresql', '--schema=./src/server/db/schema/*.ts', `--out=./${scratch}`],
        { env: { ...process.env, NO_COLOR: '1' } },
      );
      expect(await readdir(scratch)).toEqual(before);
      expect(stdout).toMatch(/No schema changes/);
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  });
});
