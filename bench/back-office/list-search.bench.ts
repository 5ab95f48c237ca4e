/**
 * Back-office speed (docs/back-office.md), in one process on a throwaway embedded PostgreSQL
 * (bench/support/bench-database.ts):
 *
 * 1. List with search over 100,000 products of one store (plus 20,000 of another tenant): the resource
 *    factory's list route through app.inject (routing, access check, query schema, list helper, envelope,
 *    response encoding) beside the same two queries (page and count) sent by raw `pg`, interleaved in the same
 *    run. Target: server p50 <= 1.5x raw p50. The search is ILIKE '%term%' over name and SKU, served by the
 *    trigram indexes of migration 0004.
 * 2. CSV import of 10,000 and 50,000 product rows: dry run and commit times, beside a raw pg insert of the same
 *    rows; and the peak live heap growth during each (run with --expose-gc), so flat memory shows as about the
 *    same growth for both files. Target: commit <= 60 s.
 *
 * The products resource here is the bench's own config of the factory (name 'bench-products'), so the figures
 * hold whichever product screen is built on it.
 *
 *   node --expose-gc --import tsx bench/back-office/list-search.bench.ts
 *   node --expose-gc --import tsx bench/back-office/list-search.bench.ts --products=100000 --requests=300 \
 *     --import-rows=10000,50000
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { IDEMPOTENCY_KEY_HEADER } from '../../src/contracts/envelope';
import { MODULE } from '../../src/domain/constants';
import { buildApp } from '../../src/server/app';
import type { TenantFixture } from '../../tests/support/server/tenant-fixture';
import type { Db } from '../../src/server/db/client';
import { lowerOf } from '../../src/server/db/list-query';
import { categories, products } from '../../src/server/db/schema/catalog';
import {
  BACK_OFFICE_ROLES,
  defineResource,
  registerResource,
} from '../../src/server/resources/resource-factory';
import { csvFile, multipart } from '../../tests/support/server/resource-multipart';
import { planLine, withBenchDatabase } from '../support/bench-database';
import {
  figures,
  figuresText,
  loadText,
  peakHeapGrowthMb,
  ratioText,
  sampleRounds,
} from '../support/bench-figures';

const { values: args } = parseArgs({
  options: {
    products: { type: 'string', default: '100000' },
    requests: { type: 'string', default: '300' },
    warmup: { type: 'string', default: '50' },
    'import-rows': { type: 'string', default: '10000,50000' },
  },
});
const PRODUCTS = Number(args.products);
const ROUNDS = { warmup: Number(args.warmup), requests: Number(args.requests) };
const IMPORT_ROWS = (args['import-rows'] ?? '').split(',').filter(Boolean).map(Number);
const TARGET_RATIO = 1.5;
const TARGET_COMMIT_S = 60;

const productRow = z.object({
  id: z.number().int(),
  name: z.string(),
  sku: z.string().nullable(),
  price: z.number().int(),
  category_id: z.number().int(),
});
const productBody = z.strictObject({
  name: z.string().trim().min(1).max(150),
  sku: z.string().trim().max(64).optional(),
  price: z.coerce.number().int().min(0),
  category_id: z.coerce.number().int().positive(),
});

const BENCH_PRODUCTS = defineResource({
  name: 'bench-products',
  label: 'Product',
  table: products,
  scope: 'store',
  module: MODULE.BACK_OFFICE,
  roles: BACK_OFFICE_ROLES,
  row: productRow,
  fields: { id: 'id', name: 'name', sku: 'sku', price: 'price', category_id: 'categoryId' },
  createBody: productBody,
  updateBody: productBody.partial(),
  list: {
    sort: { name: lowerOf(products.name), price: products.price, created_at: products.createdAt },
    defaultSort: 'name',
    tiebreak: products.id,
    search: [products.name, products.sku],
  },
  unique: [{ field: 'sku', column: products.sku, index: 'products_store_sku_key', message: 'SKU taken.' }],
  importColumns: ['name', 'sku', 'price', 'category_id'],
});

const WORDS = [
  'Gel',
  'Polish',
  'Ruby',
  'Coral',
  'Shampoo',
  'Serum',
  'Argan',
  'Matte',
  'Glow',
  'Nude',
  'Base',
  'Top',
];
const SEARCHES = [
  'ruby',
  'gel pol',
  'serum',
  'SKU-0004',
  'matte 12',
  'argan',
  'coral gl',
  'nude',
  'sku-9',
  'glow',
];

async function seed(db: Db, f: TenantFixture, count: number): Promise<number[]> {
  const made = await db
    .insert(categories)
    .values(
      Array.from({ length: 10 }, (_, i) => ({
        tenantId: f.tenantId,
        storeId: f.store.id,
        type: 'product' as const,
        name: `Category ${i}`,
      })),
    )
    .returning({ id: categories.id });
  const ids = made.map((c) => c.id);
  const words = sql.raw(`(array['${WORDS.join("','")}'])`);
  await db.execute(sql`
    insert into products (tenant_id, store_id, category_id, name, sku, price)
    select ${f.tenantId}, ${f.store.id}, (${sql.raw(`array[${ids.join(',')}]`)})[1 + n % 10],
      ${words}[1 + n % 12] || ' ' || ${words}[1 + (n / 12) % 12] || ' ' || ${words}[1 + (n / 144) % 12] || ' ' || n,
      'SKU-' || lpad(n::text, 7, '0'), 100 + n % 5000
    from generate_series(1, ${count}) n`);
  return ids;
}

await withBenchDatabase('back-office', async ({ pool, db, tenants: [a, other] }) => {
  console.log(`start: ${loadText()}`);
  let started = performance.now();
  const categoryIds = await seed(db, a, PRODUCTS);
  await seed(db, other, Math.round(PRODUCTS / 5));
  await db.execute(sql`analyze products`);
  console.log(
    `seeded ${PRODUCTS} + ${Math.round(PRODUCTS / 5)} products in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const app = await buildApp({ db, config: { clientDir: null } });
  registerResource(app, BENCH_PRODUCTS);
  await app.ready();
  const headers = a.headers('owner');

  // ---- 1. list with search --------------------------------------------------------------------------
  const rawPage = `select * from products where tenant_id = $1 and store_id = $2
      and (name ilike $3 or sku ilike $3) order by lower(name), id limit 15 offset 0`;
  const rawCount = `select count(*)::int as n from products where tenant_id = $1 and store_id = $2
      and (name ilike $3 or sku ilike $3)`;
  const term = (round: number) => SEARCHES[round % SEARCHES.length]!;
  const times = await sampleRounds(ROUNDS, {
    server: async (round) => {
      const response = await app.inject({
        method: 'GET',
        url: `/api/bench-products?search=${encodeURIComponent(term(round))}&per_page=15&sort=name`,
        headers,
      });
      if (response.statusCode !== 200)
        throw new Error(`list answered ${response.statusCode}: ${response.body}`);
    },
    raw: (round) =>
      Promise.all([
        pool.query(rawPage, [a.tenantId, a.store.id, `%${term(round)}%`]),
        pool.query(rawCount, [a.tenantId, a.store.id, `%${term(round)}%`]),
      ]),
  });
  const s = figures(times.server);
  const r = figures(times.raw);
  console.log(
    `\nlist with search over ${PRODUCTS} products (${ROUNDS.requests} requests, ${SEARCHES.length} terms)`,
  );
  console.log(`  server  ${figuresText(s)}`);
  console.log(`  raw SQL ${figuresText(r)}`);
  console.log(`  ${ratioText(s, r, TARGET_RATIO)}`);
  console.log(`  plan: ${await planLine(pool, rawPage, [a.tenantId, a.store.id, '%ruby%'])}`);

  // ---- 2. import --------------------------------------------------------------------------------------
  for (const rows of IMPORT_ROWS) {
    const tag = randomUUID().slice(0, 8);
    const file = csvFile(
      BENCH_PRODUCTS.importColumns ?? [],
      Array.from({ length: rows }, (_, i) => ({
        name: `Imported ${tag} ${i}`,
        sku: `IMP-${tag}-${i}`,
        price: 100 + (i % 900),
        category_id: categoryIds[i % categoryIds.length],
      })),
    );
    for (const mode of ['dry_run', 'commit'] as const) {
      const form = multipart({ mode }, { field: 'file', filename: 'products.csv', content: file });
      // The live heap sampled twice a second during the import; its forced collections cost the timed run a
      // few percent.
      started = performance.now();
      const { result: response, growthMb } = await peakHeapGrowthMb(
        () =>
          app.inject({
            method: 'POST',
            url: '/api/bench-products/import',
            payload: form.payload,
            headers: { ...headers, ...form.headers, [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
          }),
        500,
      );
      const seconds = (performance.now() - started) / 1000;
      const result = response.json().data as { imported: number; error_rows: number; total_rows: number };
      if (response.statusCode !== 200 || result.error_rows !== 0) {
        throw new Error(`import answered ${response.statusCode}: ${response.body.slice(0, 500)}`);
      }
      const note = mode === 'commit' && seconds > TARGET_COMMIT_S ? ' MISSED (target <= 60 s)' : '';
      console.log(
        `import ${rows} rows (${(file.length / 1e6).toFixed(1)} MB) ${mode.padEnd(7)} ${seconds.toFixed(2)} s, ` +
          `imported ${result.imported}, peak live heap growth ${growthMb.toFixed(1)} MB${note}`,
      );
    }
    // The database's floor: the same rows inserted by raw pg, 500 per statement, in one transaction.
    const client = await pool.connect();
    try {
      started = performance.now();
      await client.query('begin');
      for (let from = 0; from < rows; from += 500) {
        const values: unknown[] = [];
        const tuples: string[] = [];
        for (let i = from; i < Math.min(rows, from + 500); i += 1) {
          const k = values.length;
          tuples.push(`($${k + 1}, $${k + 2}, $${k + 3}, $${k + 4}, $${k + 5}, $${k + 6})`);
          values.push(
            a.tenantId,
            a.store.id,
            categoryIds[i % categoryIds.length],
            `Raw ${tag} ${i}`,
            `RAW-${tag}-${i}`,
            100,
          );
        }
        await client.query(
          `insert into products (tenant_id, store_id, category_id, name, sku, price) values ${tuples.join(',')}`,
          values,
        );
      }
      await client.query('rollback');
      console.log(
        `  raw pg insert of ${rows} rows (no parse, no checks, no audit): ${((performance.now() - started) / 1000).toFixed(2)} s`,
      );
    } finally {
      client.release();
    }
    const [counted] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(products)
      .where(and(eq(products.tenantId, a.tenantId), sql`${products.sku} like ${`IMP-${tag}-%`}`));
    if (counted?.n !== rows) throw new Error(`expected ${rows} imported rows, found ${counted?.n}`);
  }
  console.log(`\nend: ${loadText()}`);
  await app.close();
});
