/**
 * Customer search speed (docs/back-office.md "Customers", docs/sales.md#finding-a-customer), in one process on
 * a throwaway embedded PostgreSQL (bench/support/bench-database.ts), over 200,000 customers of one tenant (plus
 * 20,000 of another):
 *
 * 1. The back office's list (GET /api/customers?search=) by a phone fragment and by a name, through
 *    app.inject (routing, access, query schema, list helper, envelope), beside the same two queries (page
 *    and count) sent by raw `pg`, interleaved in the same run. Target: server p50 <= 1.5x raw p50.
 * 2. The sale screen's customer search (GET /api/pos/customers?search=) on the same data, beside its one
 *    statement (at most 101 matches read, sorted and paged, counted with a window) sent by raw `pg` with the
 *    same plan settings. Targets: p99 < 100 ms, p50 <= 1.5x raw p50.
 *
 * The names are 12 first × 12 last, so one name term matches about 16,700 customers: the broad terms a till
 * meets, where an exact count or a walk of the name index in order reads thousands of rows. After the bulk
 * seed the table is vacuumed, as autovacuum would: the seed leaves up to 4 MB of entries in each trigram
 * index's pending list (GIN fastupdate), which every search would read whole until a vacuum merges them.
 *
 * As bench/back-office/list-search.bench.ts does for products.
 *
 *   node --import tsx bench/back-office/customer-search.bench.ts
 *   node --import tsx bench/back-office/customer-search.bench.ts --customers=200000 --requests=300
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { CUSTOMER_SEARCH_COUNT_CAP } from '../../src/contracts/customers';
import { normalisePhone } from '../../src/domain/normalise';
import { buildApp } from '../../src/server/app';
import type { Db } from '../../src/server/db/client';
import type { TenantFixture } from '../../tests/support/server/tenant-fixture';
import { planLine, withBenchDatabase } from '../support/bench-database';
import { figures, figuresText, loadText, ratioText, sampleRounds } from '../support/bench-figures';

const { values: args } = parseArgs({
  options: {
    customers: { type: 'string', default: '200000' },
    requests: { type: 'string', default: '300' },
    warmup: { type: 'string', default: '50' },
  },
});
const CUSTOMERS = Number(args.customers);
const ROUNDS = { warmup: Number(args.warmup), requests: Number(args.requests) };
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

async function seed(db: Db, f: TenantFixture, count: number, prefix: string) {
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

/**
 * The sale screen's search as services/customers.ts sends it (cappedSearch): the matches read up to the cap
 * + 1 through the trigram indexes (every term here has trigrams), sorted by name, the first page, counted by a
 * window; the reversed full name only for a term with a space.
 */
function tillStatement(term: string, tenantId: number): { text: string; values: unknown[] } {
  const name = `%${term.toLowerCase()}%`;
  const phone = normalisePhone(term);
  const conditions = ["lower(first_name || ' ' || last_name) like $2"];
  if (term.includes(' ')) conditions.push("lower(last_name || ' ' || first_name) like $2");
  const values: unknown[] = [tenantId, name, CUSTOMER_SEARCH_COUNT_CAP + 1];
  if (/\d/.test(phone)) {
    values.push(`%${phone}%`);
    conditions.push('phone like $4');
  }
  const text = `select c.id, c.first_name, c.last_name, c.phone, c.email, c.birthday, c.point_balance, m.id,
      m.name, c.membership_expires_on, m.discount_type, m.discount_value, m.points_per_unit, m.points_unit_amount,
      count(*) over ()
    from (select tenant_id, id, first_name, last_name, phone, email, birthday, point_balance, membership_id,
        membership_expires_on, created_at
      from customers where tenant_id = $1 and is_active = true and (${conditions.join(' or ')}) limit $3) c
    left join memberships m on m.tenant_id = c.tenant_id and m.id = c.membership_id and m.is_active = true
    order by lower(c.first_name), lower(c.last_name), c.id limit 15`;
  return { text, values };
}

/** `work` on one connection, in a transaction with the till search's plan settings (cappedSearch). */
async function withTillSettings<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query(
      "select set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true)",
    );
    const result = await work(client);
    await client.query('commit');
    return result;
  } finally {
    client.release();
  }
}

function rawTill(pool: pg.Pool, tenantId: number, term: string): Promise<unknown> {
  const { text, values } = tillStatement(term, tenantId);
  return withTillSettings(pool, (client) => client.query(text, values));
}

async function inject(app: FastifyInstance, url: string, headers: Record<string, string>): Promise<void> {
  const response = await app.inject({ method: 'GET', url, headers });
  if (response.statusCode !== 200)
    throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
}

await withBenchDatabase('customers', async ({ pool, db, tenants: [a, other] }) => {
  console.log(`start: ${loadText()}`);
  const started = performance.now();
  await seed(db, a, CUSTOMERS, '555');
  await seed(db, other, Math.round(CUSTOMERS / 10), '555');
  await db.execute(sql`vacuum analyze customers`);
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
    const term = (round: number) => terms[round % terms.length]!;
    const q = (round: number) => encodeURIComponent(term(round));
    const times = await sampleRounds(ROUNDS, {
      server: (round) => inject(app, `/api/customers?search=${q(round)}&per_page=15&sort=name`, admin),
      raw: (round) => rawAdmin(pool, a.tenantId, term(round)),
      pos: (round) => inject(app, `/api/pos/customers?search=${q(round)}`, staff),
      posRaw: (round) => rawTill(pool, a.tenantId, term(round)),
    });
    const [s, r, p, pr] = [
      figures(times.server),
      figures(times.raw),
      figures(times.pos),
      figures(times.posRaw),
    ];
    console.log(`\ncustomer search by ${label} over ${CUSTOMERS} customers (${ROUNDS.requests} requests)`);
    console.log(`  /api/customers      ${figuresText(s)}`);
    console.log(`  raw SQL             ${figuresText(r)}`);
    console.log(`  ${ratioText(s, r, TARGET_RATIO)}`);
    console.log(
      `  /api/pos/customers  ${figuresText(p)} (target p99 < ${TARGET_POS_P99_MS} ms) ${
        p.p99 < TARGET_POS_P99_MS ? 'OK' : 'MISSED'
      }`,
    );
    console.log(`  raw SQL (till)      ${figuresText(pr)}`);
    console.log(`  ${ratioText(p, pr, TARGET_RATIO)}`);
  }
  const adminPlan = await planLine(
    pool,
    `select * from customers where tenant_id = $1 and (lower(first_name || ' ' || last_name) like $2
        or phone like $3 or lower(email) like $2) order by lower(first_name), lower(last_name), id limit 15`,
    [a.tenantId, '%thao%', '%1234%'],
  );
  console.log(`\nback office plan ('thao'): ${adminPlan}`);
  const till = tillStatement('thao', a.tenantId);
  const tillPlan = await withTillSettings(pool, (client) =>
    client.query(`explain ${till.text}`, till.values),
  );
  const tillLine = (tillPlan.rows as { 'QUERY PLAN': string }[]).map((row) => row['QUERY PLAN'].trim());
  console.log(`till plan ('thao'): ${tillLine.join(' | ')}`);
  console.log(`\nend: ${loadText()}`);
  await app.close();
});
