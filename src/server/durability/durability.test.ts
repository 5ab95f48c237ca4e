/**
 * tests "durability" and "idempotency … after a server restart", with real processes and real HTTP:
 * the server runs as a child process on its own DATA_DIR (durable embedded PostgreSQL, demo seed), the
 * test is the POS. A stream of create-sale requests is cut by `kill -9` of Node AND of its PostgreSQL; the
 * restart must clear what is left (postmaster.pid, stray backends), let PostgreSQL replay its WAL, and then
 * every acknowledged sale is there once, intact, and every unacknowledged one, replayed with its key, is
 * created at most once.
 *
 * No timings are asserted (CI machines are slow and shared); timeouts are only generous upper bounds.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { isDeepStrictEqual } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SALE_STATUS } from '../../domain/constants';
import {
  databaseUrlOf,
  freePort,
  isAlive,
  postmasterPidOf,
  spawnServer,
  waitUntil,
} from '../../../tests/support/server/server-process';
import type { ServerProcess, ServerProcessOptions } from '../../../tests/support/server/server-process';
import {
  demoSaleShape,
  getSale,
  login,
  newSaleIntent,
  postSale,
} from '../../../tests/support/server/sale-client';
import type { DemoSaleShape, HttpAnswer, SaleIntent } from '../../../tests/support/server/sale-client';

/** Parallel tills in the stream. */
const WORKERS = 6;
/** Acknowledged sales before the crash. */
const ACKED_BEFORE_CRASH = 30;
/** How long the tills keep sending into the dead server (connection refused: never acknowledged). */
const SEND_AFTER_CRASH_MS = 200;
const START_TIMEOUT_MS = 120_000;
const TEST_TIMEOUT_MS = 240_000;

interface Acked {
  intent: SaleIntent;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  data: any;
}

let dataDir: string;
let options: ServerProcessOptions;
let server: ServerProcess | null = null;
let token: string;
let shape: DemoSaleShape;
/**
 * The demo seed's own sales (a week of them, src/server/seed/demo-sales.ts), there before the tills send
 * anything: left out of every count below, and the tills' ticket numbers follow theirs.
 */
let seeded: ReadonlySet<string> = new Set();

/** (Re)starts the server on the same DATA_DIR and ports; a port taken meanwhile by someone else fails loudly. */
async function start(): Promise<ServerProcess> {
  const next = spawnServer(options);
  server = next;
  await next.ready(START_TIMEOUT_MS);
  return next;
}

async function withDb<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: await databaseUrlOf(dataDir, options.pgPort) });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * uuid → number of sales rows with it (every row of the database but the seed's, so a stray sale shows too).
 */
async function salesPerUuid(): Promise<Map<string, number>> {
  return withDb(async (db) => {
    const res = await db.query<{ uuid: string; n: number }>(
      'select uuid::text as uuid, count(*)::int as n from sales group by uuid',
    );
    return new Map(res.rows.filter((r) => !seeded.has(r.uuid)).map((r) => [r.uuid, r.n]));
  });
}

/** Every PostgreSQL log file of the cluster (one per weekday), concatenated. */
async function postgresLog(): Promise<string> {
  const dir = path.join(dataDir, 'pg', 'log');
  const files = await readdir(dir);
  const texts = await Promise.all(files.map((f) => readFile(path.join(dir, f), 'utf8')));
  return texts.join('\n');
}

/** A request that may meet a server still starting: retried on connection errors only. */
async function postSaleRetrying(intent: SaleIntent): Promise<HttpAnswer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await postSale(server!.url, token, intent);
    } catch (error) {
      if (attempt >= 20) throw error;
      await sleep(250);
    }
  }
}

/** The replay's answer is the acknowledged one (the stored response of docs/api.md#tenants-and-stores, not a new sale). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function expectSameSale(actual: any, expected: any): void {
  expect(actual.id).toBe(expected.id);
  expect(actual.uuid).toBe(expected.uuid);
  expect(actual).toEqual(expected);
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'salon-durability-'));
  const [port, pgPort] = [await freePort(), await freePort()];
  options = { dataDir, port, pgPort, env: { SEED_DEMO: 'true', LOG_LEVEL: 'warn' } };
  await start();
  seeded = new Set((await salesPerUuid()).keys());
  token = await login(server!.url);
  shape = await demoSaleShape(server!.url, token);
}, START_TIMEOUT_MS);

afterAll(async () => {
  // Whatever state a failed step left: stop Node in order, then make sure no PostgreSQL of ours remains.
  await server?.stop(20_000).catch(() => undefined);
  const pid = dataDir ? await postmasterPidOf(dataDir) : null;
  if (pid !== null && isAlive(pid)) {
    process.kill(pid, 'SIGQUIT');
    await waitUntil('postmaster to exit', () => !isAlive(pid), 10_000).catch(() => undefined);
  }
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}, 60_000);

describe('durability over real HTTP (server and PostgreSQL killed with -9)', () => {
  it(
    'keeps every acknowledged sale exactly once and intact, and replays of unacknowledged ones create each at most once',
    async () => {
      const running = server!;
      const acked: Acked[] = [];
      const unacked: SaleIntent[] = [];
      let crashed = false;
      let crashAt = 0;

      // The tills: each sends one sale after another; a 2xx is an acknowledgement, anything else is not.
      const till = async () => {
        while (!crashed || performance.now() - crashAt < SEND_AFTER_CRASH_MS) {
          const intent = newSaleIntent(shape);
          try {
            const res = await postSale(running.url, token, intent, 15_000);
            if (res.status >= 200 && res.status < 300) acked.push({ intent, data: res.json.data });
            else unacked.push(intent);
          } catch {
            unacked.push(intent);
            if (crashed) await sleep(50);
          }
        }
      };
      const tills = Array.from({ length: WORKERS }, till);
      await waitUntil(
        `${ACKED_BEFORE_CRASH} acknowledged sales`,
        () => acked.length >= ACKED_BEFORE_CRASH,
        90_000,
      );
      // Mid-stream: every till has a request in flight.
      crashAt = performance.now();
      crashed = true;
      const killed = await running.crash();
      await Promise.all(tills);
      expect(killed.postmasterPid).not.toBeNull();
      expect(isAlive(killed.nodePid)).toBe(false);
      expect(isAlive(killed.postmasterPid!)).toBe(false);
      expect(acked.length).toBeGreaterThanOrEqual(ACKED_BEFORE_CRASH);
      expect(unacked.length).toBeGreaterThanOrEqual(WORKERS);

      // Restart on the same DATA_DIR: the dead postmaster's pid file and its backends are cleared, WAL replayed.
      const restartedAt = performance.now();
      await start();
      const restartMs = Math.round(performance.now() - restartedAt);
      // PostgreSQL says so in its own log (pg/log/): it found the cluster not shut down and recovered it.
      expect(await postgresLog()).toMatch(/not properly shut down; automatic recovery in progress/);

      // Every acknowledged sale: readable by its id, equal to the acknowledged answer, once in the database.
      const reads = await Promise.all(acked.map(({ data }) => getSale(server!.url, token, data.id)));
      for (const [i, { intent, data }] of acked.entries()) {
        const res = reads[i]!;
        expect(res.status).toBe(200);
        expectSameSale(res.json.data, data);
        expect(res.json.data.status).toBe(SALE_STATUS.SALE);
        expect(res.json.data.uuid).toBe(intent.uuid);
        expect(res.json.data.orderEmployees[0].orderItems).toHaveLength(3);
        expect(res.json.data.payments).toHaveLength(1);
      }
      const afterRestart = await salesPerUuid();
      for (const { intent } of acked) expect(afterRestart.get(intent.uuid)).toBe(1);
      // Nothing but what the tills sent: an in-flight sale may have committed without its answer, no more.
      const sent = new Set([...acked, ...unacked.map((intent) => ({ intent }))].map((a) => a.intent.uuid));
      for (const uuid of afterRestart.keys()) expect(sent.has(uuid)).toBe(true);

      // Unacknowledged: replayed twice with the same key. The first replay either creates the sale or, if
      // the crash came between COMMIT and the answer, returns the stored answer; the second always replays.
      const firstReplays = await Promise.all(unacked.map((intent) => postSaleRetrying(intent)));
      const secondReplays = await Promise.all(unacked.map((intent) => postSaleRetrying(intent)));
      let committedWithoutAnswer = 0;
      unacked.forEach((intent, i) => {
        const first = firstReplays[i]!;
        const second = secondReplays[i]!;
        expect(first.status).toBe(201);
        expect(first.json.data.uuid).toBe(intent.uuid);
        if (first.replayed) committedWithoutAnswer++;
        expect(second.status).toBe(201);
        expect(second.replayed).toBe(true);
        expectSameSale(second.json.data, first.json.data);
      });
      // Some acknowledged ones again: the stored answer, marked replayed, and no second sale.
      const again = acked.filter((_, i) => i % 4 === 0);
      const againAnswers = await Promise.all(again.map(({ intent }) => postSaleRetrying(intent)));
      for (const [i, { data }] of again.entries()) {
        const res = againAnswers[i]!;
        expect(res.status).toBe(201);
        expect(res.replayed).toBe(true);
        expectSameSale(res.json.data, data);
      }

      const final = await salesPerUuid();
      for (const uuid of sent) expect(final.get(uuid)).toBe(1);
      expect(final.size).toBe(sent.size);

      await withDb(async (db) => {
        // Rows and numbers survived recovery whole: 3 lines and 1 payment per sale, totals consistent with
        // the lines, ticket numbers following the seed's with no gap and no duplicate (the counter row was in
        // the WAL too).
        const broken = await db.query(
          `select s.uuid, s.total_price, s.sub_total, s.taxes,
                  (select count(*) from sale_lines l where l.tenant_id = s.tenant_id and l.sale_id = s.id) as lines,
                  (select count(*) from sale_payments p where p.tenant_id = s.tenant_id and p.sale_id = s.id) as payments,
                  (select coalesce(sum(l.net), 0) from sale_lines l where l.tenant_id = s.tenant_id and l.sale_id = s.id) as net,
                  (select coalesce(sum(l.tax), 0) from sale_lines l where l.tenant_id = s.tenant_id and l.sale_id = s.id) as tax
             from sales s
            where not (s.uuid = any($1::uuid[]))`,
          [[...seeded]],
        );
        const bad = broken.rows.filter(
          (r) =>
            Number(r.lines) !== 3 ||
            Number(r.payments) !== 1 ||
            Number(r.net) !== Number(r.sub_total) ||
            Number(r.tax) !== Number(r.taxes),
        );
        expect(bad).toEqual([]);
        const numbers = await db.query<{ n: number; distinct_n: number; lo: number; hi: number }>(
          `select count(*)::int as n, count(distinct ticket_no)::int as distinct_n,
                  min(ticket_no) as lo, max(ticket_no) as hi from sales`,
        );
        const all = seeded.size + sent.size;
        expect(numbers.rows[0]).toEqual({ n: all, distinct_n: all, lo: 1, hi: all });
        const keys = await db.query<{ status: string; n: number }>(
          `select status, count(*)::int as n from idempotency_keys group by status`,
        );
        // No claim is ever left 'running': it commits with its sale or rolls back with it.
        expect(keys.rows).toEqual([{ status: 'done', n: sent.size }]);
      });

      // What happened, for the log of a CI run.
      console.info(
        `[durability] acknowledged ${acked.length}, unacknowledged ${unacked.length} ` +
          `(committed without an answer: ${committedWithoutAnswer}), sales now ${final.size}; ` +
          `restart after kill -9 ready in ${restartMs} ms`,
      );
      expect(
        acked.every((a) => isDeepStrictEqual(a.data.totals, acked[0]!.data.totals)),
        'every demo sale has the same totals',
      ).toBe(true);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'replays a sale after a clean restart: the stored answer, and still one sale',
    async () => {
      if (!server || server.child.exitCode !== null) await start();
      const intents = Array.from({ length: 5 }, () => newSaleIntent(shape));
      const created: HttpAnswer[] = [];
      for (const intent of intents) created.push(await postSaleRetrying(intent));
      for (const res of created) expect(res.status).toBe(201);

      const exit = await server!.stop();
      expect(exit.code).toBe(0);
      const pid = await postmasterPidOf(dataDir);
      expect(pid === null || !isAlive(pid)).toBe(true);
      await start();

      for (const [i, intent] of intents.entries()) {
        // The same key: the stored answer.
        const replay = await postSaleRetrying(intent);
        expect(replay.status).toBe(201);
        expect(replay.replayed).toBe(true);
        expectSameSale(replay.json.data, created[i]!.json.data);
        // Another key for the same uuid (a second device replaying the same offline sale): the sale, not a copy.
        const sameUuid = await postSaleRetrying({ ...intent, key: `${intent.key}-other-device` });
        expect(sameUuid.status).toBe(200);
        expect(sameUuid.replayed).toBe(false);
        expect(sameUuid.json.data.id).toBe(created[i]!.json.data.id);
      }
      const counts = await salesPerUuid();
      for (const intent of intents) expect(counts.get(intent.uuid)).toBe(1);
    },
    TEST_TIMEOUT_MS,
  );
});
