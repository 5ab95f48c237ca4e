/**
 * Gift card export speed and memory (docs/back-office.md "Export" and "Gift cards"), in one process on a
 * throwaway embedded PostgreSQL (bench/support/bench-database.ts).
 *
 * POST /api/giftcards/export answers the envelope with the CSV in base64, streamed: rows read 1,000 at a time,
 * each batch's CSV encoded as it comes. The run grows one tenant's cards (default 25,000, then 50,000, then
 * 100,000; plus 20,000 of another tenant, never exported) and at each size:
 *
 * - exports through the real app over HTTP (app.listen; the client reads the body as a stream and decodes the
 *   base64 as it comes, counting CSV lines, so the client keeps nothing either: app.inject would collect the
 *   whole body in this process and hide what the server holds);
 * - reads the same rows by raw `pg` through one cursor in the same batches and makes the same CSV lines,
 *   without the app (the reference of the same run): the ratio is export time / reference time;
 * - runs each again while sampling the live heap (a full collection, then heapUsed, every 100 ms; run with
 *   --expose-gc) and prints its peak growth over the start: flat memory shows as about the same growth at
 *   every size. The times come from the runs without sampling (the forced collections would slow them).
 *
 *   node --expose-gc --import tsx bench/back-office/giftcard-export.bench.ts
 *   node --expose-gc --import tsx bench/back-office/giftcard-export.bench.ts --sizes=25000,50000,100000
 */
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../src/server/app';
import type { Db } from '../../src/server/db/client';
import { csvLine } from '../../src/server/resources/csv';
import type { TenantFixture } from '../../tests/support/server/tenant-fixture';
import { withBenchDatabase } from '../support/bench-database';
import { loadText, peakHeapGrowthMb } from '../support/bench-figures';

const { values: args } = parseArgs({
  options: { sizes: { type: 'string', default: '25000,50000,100000' } },
});
const SIZES = (args.sizes ?? '')
  .split(',')
  .filter(Boolean)
  .map(Number)
  .sort((x, y) => x - y);
const BATCH = 1000;

/** Cards numbered from `from` + 1 to `to` for the fixture's tenant, each with its 'issue' history row. */
async function seed(db: Db, f: TenantFixture, from: number, to: number) {
  await db.execute(sql`
    with made as (
      insert into giftcards (tenant_id, store_id, number, balance, initial_amount, notes, created_at)
      select ${f.tenantId}::bigint, ${f.store.id}::bigint, 'GC-' || ${f.tenantId}::text || '-' || lpad(n::text, 7, '0'), 500 + n % 9500,
        500 + n % 9500, case when n % 10 = 0 then '=HYPERLINK("x") card ' || n else 'Card ' || n end,
        now() - n * interval '1 second'
      from generate_series(${from + 1}::int, ${to}::int) n
      returning tenant_id, id, initial_amount, balance, created_at)
    insert into giftcard_histories (tenant_id, giftcard_id, store_id, kind, amount, balance_after, created_at)
    select tenant_id, id, ${f.store.id}::bigint, 'issue', initial_amount, balance, created_at from made`);
  await db.execute(sql`analyze giftcards`);
}

/**
 * `work` run twice: once timed alone, once with the live heap sampled every 100 ms (a forced full collection
 * each time, which would slow the timed run), giving its peak growth over the start.
 */
async function measured<T>(
  work: () => Promise<T>,
): Promise<{ result: T; seconds: number; growthMb: number }> {
  const started = performance.now();
  const result = await work();
  const seconds = (performance.now() - started) / 1000;
  const { growthMb } = await peakHeapGrowthMb(work, 100);
  return { result, seconds, growthMb };
}

/**
 * POST the export over HTTP and read the answer as a stream: the envelope's prefix, then base64 decoded in
 * whole groups of four characters as they come, counting the CSV's line ends. Keeps one chunk at a time.
 */
function exportOverHttp(
  port: number,
  headers: Record<string, string>,
): Promise<{ lines: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { port, method: 'POST', path: '/api/giftcards/export?sort=-created_at', headers },
      (res) => {
        if (res.statusCode !== 200) {
          reject(new Error(`export answered ${res.statusCode}`));
          res.resume();
          return;
        }
        const OPEN = '"contents":"';
        let head = '';
        let inContents = false;
        let pending = '';
        let lines = 0;
        let bytes = 0;
        res.setEncoding('latin1');
        res.on('data', (chunk: string) => {
          bytes += chunk.length;
          let text = chunk;
          if (!inContents) {
            head += text;
            const at = head.indexOf(OPEN);
            if (at < 0) return;
            inContents = true;
            text = head.slice(at + OPEN.length);
            head = '';
          }
          const end = text.indexOf('"');
          const b64 = pending + (end >= 0 ? text.slice(0, end) : text);
          const whole = end >= 0 ? b64.length : b64.length - (b64.length % 4);
          const decoded = Buffer.from(b64.slice(0, whole), 'base64');
          for (const byte of decoded) if (byte === 0x0a) lines += 1;
          pending = b64.slice(whole);
        });
        res.on('end', () => resolve({ lines, bytes }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

await withBenchDatabase('giftcards', async ({ pool, db, tenants: [a, other] }) => {
  console.log(`start: ${loadText()}`);
  await seed(db, other, 0, 20_000);
  const app = await buildApp({ db, config: { clientDir: null } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const headers = a.headers('owner');
  // Warm-up: code paths compiled, the connection pool open.
  await seed(db, a, 0, 1000);
  await exportOverHttp(port, headers);

  console.log('cards    export (HTTP, base64)      reference (raw pg + CSV)   ratio   peak live heap growth');
  let seeded = 1000;
  for (const size of SIZES) {
    await seed(db, a, seeded, size);
    seeded = size;
    const exported = await measured(() => exportOverHttp(port, headers));
    // The header line is one more than the cards.
    if (exported.result.lines !== size + 1) {
      throw new Error(`expected ${size + 1} CSV lines, read ${exported.result.lines}`);
    }
    // The floor: the same rows in the same order through one raw pg cursor, 1,000 at a time, made into the
    // same CSV lines, without the app (no route, no row mapping, no base64, no HTTP).
    const reference = await measured(async () => {
      const client = await pool.connect();
      let length = 0;
      try {
        await client.query('begin read only');
        await client.query('set local cursor_tuple_fraction = 1.0');
        await client.query({
          text: `declare floor no scroll cursor for
            select number, initial_amount, customer_id, expires_at, notes, balance, is_active, created_at
            from giftcards where tenant_id = $1 order by created_at desc, id desc`,
          values: [a.tenantId],
        });
        for (;;) {
          const { rows } = await client.query(`fetch ${BATCH} from floor`);
          for (const r of rows as Record<string, unknown>[]) {
            length += csvLine([
              r.number as string,
              Number(r.initial_amount),
              r.customer_id as number | null,
              r.expires_at === null ? null : String(r.expires_at),
              r.notes as string | null,
              Number(r.balance),
              r.is_active as boolean,
              (r.created_at as Date).toISOString(),
            ]).length;
          }
          if (rows.length < BATCH) return length;
        }
      } finally {
        await client.query('rollback');
        client.release();
      }
    });
    // The database alone: the whole ordered select, executed and discarded inside PostgreSQL.
    const { rows: explained } = await pool.query(
      `explain (analyze, format json) select * from giftcards where tenant_id = $1 order by created_at desc, id desc`,
      [a.tenantId],
    );
    const plan = (explained[0] as { 'QUERY PLAN': [{ 'Execution Time': number }] })['QUERY PLAN'][0];
    console.log(
      `${String(size).padStart(7)}  ${exported.seconds.toFixed(2).padStart(6)} s (${(exported.result.bytes / 1e6).toFixed(1)} MB)` +
        `        ${reference.seconds.toFixed(2).padStart(6)} s` +
        `                ${(exported.seconds / reference.seconds).toFixed(2)}x` +
        `   export ${exported.growthMb.toFixed(1)} MB, reference ${reference.growthMb.toFixed(1)} MB` +
        `   (database alone ${plan['Execution Time'].toFixed(0)} ms)`,
    );
  }
  console.log(`end: ${loadText()}`);
  await app.close();
});
