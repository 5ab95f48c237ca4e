/**
 * Customer search speed (docs/back-office.md "Customers"), in one process on a throwaway embedded PostgreSQL
 * (migrated, fsync off), over 200,000 customers of one tenant (plus 20,000 of another):
 *
 * 1. The back office's list (GET /api/customers?search=) by a phone fragment and by a name, through
 *    app.inject (routing, access, query schema, list helper, envelope), beside the same two queries (page
 *    and count) sent by raw `pg`, interleaved in the same run. Target: server p50 <= 1.5x raw p50.
 * 2. The sale screen's customer search (GET /api/pos/customers?search=) on the same data. Target: p99 < 100 ms.
 *
 * As bench/back-office/list-search.bench.ts does for products.
 *
 *   node --import tsx bench/back-office/customer-search.bench.ts
 *   node --import tsx bench/back-office/customer-search.bench.ts --customers=200000 --requests=300
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { normalisePhone } from '../../src/domain/normalise';
import { buildApp } from '../../src/server/app';
import { createDb, createPool } from '../../src/server/db/client';
import type pg from 'pg';
import { startEmbeddedPostgres } from '../../src/server/db/embedded';
import { migrateDatabase } from '../../src/server/db/migrate';
import { createTenantWithUsers } from '../../tests/support/server/tenant-fixture';
import type { TenantFixture } from '../../tests/support/server/tenant-fixture';
import { freePort } from '../../tests/support/server/server-process';

const { values: args } = parseArgs({
  options: {
    customers: { type: 'string', default: '200000' },
    requests: { type: 'string', default: '300' },
    warmup: { type: 'string', default: '50' },
  },
});
const CUSTOMERS = Number(args.customers);
const REQUESTS = Number(args.requests);
const WARMUP = Number(args.warmup);
const TARGET_RATIO = 1.5;
const TARGET_POS_P99_MS = 100;

const FIRST = [
  'Lan',
  'Mai',
  'Hoa',
  'Sarah',
  'Emily',
  'Linh',
  'Anna',
  'Grace',
  'Olivia',
  'Thao',
  'Kim',
  'Jenny',
];
const LAST = [
  'Nguyen',
  'Tran',
  'Le',
  'Pham',
  'Johnson',
  'Davis',
  'Garcia',
  'Kim',
  'Lee',
  'Brown',
  'Vo',
  'Do',
];
/** Fragments as a cashier types them: some digits of a number (any way), a first name, part of a full name. */
const PHONE_TERMS = ['(555) 01', '555-123', '0001234', '12 34', '4567', '555 99', '8812', '0420'];
const NAME_TERMS = ['sarah john', 'nguyen', 'thao', 'grace le', 'kim do', 'olivia', 'linh pham', 'emily'];

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

function figures(times: number[]) {
  const sorted = [...times].sort((x, y) => x - y);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
}

const ms = (value: number) => `${value.toFixed(2)} ms`;

async function seed(db: ReturnType<typeof createDb>, f: TenantFixture, count: number, prefix: string) {
  const first = sql.raw(`(array['${FIRST.join("','")}'])`);
  const last = sql.raw(`(array['${LAST.join("','")}'])`);
  // Phones stored normalised, unique per tenant (the active-phone key); emails unique too.
  await db.execute(sql`
    insert into customers (tenant_id, store_id, first_name, last_name, phone, email, point_balance)
    select ${f.tenantId}, ${f.store.id}, ${first}[1 + n % 12] || case when n % 7 = 0 then ' Anh' else '' end,
      ${last}[1 + (n / 12) % 12], ${prefix} || lpad(n::text, 7, '0'),
      lower(${first}[1 + n % 12]) || '.' || n || '@example.com', n % 500
    from generate_series(1, ${count}) n`);
}

/** The raw SQL of the back office's search: the same conditions, page and count, as the list helper sends. */
function rawAdmin(pool: pg.Pool, tenantId: number, term: string) {
  const name = `%${term.toLowerCase()}%`;
  const phone = normalisePhone(term);
  const byPhone = /\d/.test(phone);
  const where = `tenant_id = $1 and (lower(first_name || ' ' || last_name) like $2${
    byPhone ? ' or phone like $3' : ''
  } or lower(email) like $2)`;
  const params = byPhone ? [tenantId, name, `%${phone}%`] : [tenantId, name];
  return Promise.all([
    pool.query(
      `select * from customers where ${where} order by lower(first_name), lower(last_name), id limit 15`,
      params,
    ),
    pool.query(`select count(*)::int as n from customers where ${where}`, params),
  ]);
}

async function timed(app: FastifyInstance, url: string, headers: Record<string, string>): Promise<number> {
  const t = performance.now();
  const response = await app.inject({ method: 'GET', url, headers });
  const took = performance.now() - t;
  if (response.statusCode !== 200)
    throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
  return took;
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'salon-bench-customers-'));
  const pgServer = await startEmbeddedPostgres({ dataDir, port: await freePort(), durable: false });
  const pool = createPool(pgServer.url, { max: 10 });
  try {
    await migrateDatabase(pool);
    const db = createDb(pool);
    const [a, other] = [await createTenantWithUsers(db), await createTenantWithUsers(db)];
    const started = performance.now();
    await seed(db, a, CUSTOMERS, '555');
    await seed(db, other, Math.round(CUSTOMERS / 10), '555');
    await db.execute(sql`analyze customers`);
    console.log(
      `seeded ${CUSTOMERS} + ${Math.round(CUSTOMERS / 10)} customers in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const app = await buildApp({ db, config: { clientDir: null } });
    await app.ready();
    const admin = a.headers('admin');
    const staff = a.headers('staff');

    for (const [label, terms] of [
      ['phone fragment', PHONE_TERMS],
      ['name', NAME_TERMS],
    ] as const) {
      const server: number[] = [];
      const raw: number[] = [];
      const pos: number[] = [];
      for (let i = 0; i < WARMUP + REQUESTS; i += 1) {
        const term = terms[i % terms.length]!;
        const q = encodeURIComponent(term);
        const serverMs = await timed(app, `/api/customers?search=${q}&per_page=15&sort=name`, admin);
        let t = performance.now();
        await rawAdmin(pool, a.tenantId, term);
        const rawMs = performance.now() - t;
        t = performance.now();
        const posMs = await timed(app, `/api/pos/customers?search=${q}`, staff);
        if (i >= WARMUP) {
          server.push(serverMs);
          raw.push(rawMs);
          pos.push(posMs);
        }
        void t;
      }
      const s = figures(server);
      const r = figures(raw);
      const p = figures(pos);
      const ratio = s.p50 / r.p50;
      console.log(`\ncustomer search by ${label} over ${CUSTOMERS} customers (${REQUESTS} requests)`);
      console.log(`  /api/customers      p50 ${ms(s.p50)}  p99 ${ms(s.p99)}`);
      console.log(`  raw SQL             p50 ${ms(r.p50)}  p99 ${ms(r.p99)}`);
      console.log(
        `  ratio p50 ${ratio.toFixed(2)}x (target <= ${TARGET_RATIO}x) ${ratio <= TARGET_RATIO ? 'OK' : 'MISSED'}`,
      );
      console.log(
        `  /api/pos/customers  p50 ${ms(p.p50)}  p99 ${ms(p.p99)} (target p99 < ${TARGET_POS_P99_MS} ms) ${
          p.p99 < TARGET_POS_P99_MS ? 'OK' : 'MISSED'
        }`,
      );
    }
    const plan = await pool.query(
      `explain select * from customers where tenant_id = $1 and (lower(first_name || ' ' || last_name) like $2
        or phone like $3 or lower(email) like $2) order by lower(first_name), lower(last_name), id limit 15`,
      [a.tenantId, '%thao%', '%1234%'],
    );
    console.log(
      `\nplan: ${plan.rows.map((row: { 'QUERY PLAN': string }) => row['QUERY PLAN'].trim()).join(' | ')}`,
    );
    await app.close();
  } finally {
    await pool.end();
    await pgServer.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
