/**
 * Walk-in TV fan-out (docs/live.md; ADR 017): how long after a check-in COMMITS every TV hears of it, when the
 * TVs are spread over several server processes sharing one PostgreSQL.
 *
 * - Two real server processes (src/server/main.ts as children, tests/support/server/server-process.ts): the
 *   first starts the embedded PostgreSQL of a temp DATA_DIR, the second joins it through DATABASE_URL. Each
 *   has its own pool and its own LISTEN connection, as two production processes would.
 * - CLIENTS SSE clients (default 200), half on each process, all following one store with ?view=tv (the
 *   board rides on every change, as on a real TV), read over real HTTP by this process.
 * - Each round: a check-in is committed here through the app's own service (createWalkIn, which numbers the
 *   change and NOTIFYs in its transaction), t0 = the moment the COMMIT returns; each client's time is when
 *   its `change` event with that sequence number arrived. The first CLIENTS × WARMUP samples are dropped.
 * - Beside it, in the same rounds: a bare LISTEN/NOTIFY round trip on the same database (one listening
 *   connection here; NOTIFY in a transaction on another; t0 = COMMIT returns, t1 = notification here): the
 *   floor any fan-out through PostgreSQL pays.
 *
 *   npm run bench:tv
 *   node --import tsx bench/live/tv-fanout.bench.ts --clients=200 --rounds=40
 */
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { liveEventsPath } from '../../src/contracts/live';
import type { LiveChange } from '../../src/contracts/live';
import { createDb, createPool } from '../../src/server/db/client';
import { createWalkIn } from '../../src/server/services/walk-ins';
import { openSse } from '../../tests/support/server/sse-client';
import type { SseClient } from '../../tests/support/server/sse-client';
import {
  databaseUrlOf,
  freePort,
  spawnServer,
  startServerProcess,
} from '../../tests/support/server/server-process';
import type { ServerProcess } from '../../tests/support/server/server-process';
import { createTenantWithUsers } from '../../tests/support/server/tenant-fixture';
import { figures, figuresText, loadText } from '../support/bench-figures';

const { values: args } = parseArgs({
  options: {
    clients: { type: 'string', default: '200' },
    rounds: { type: 'string', default: '40' },
    warmup: { type: 'string', default: '5' },
  },
});
const CLIENTS = Number(args.clients);
const ROUNDS = Number(args.rounds);
const WARMUP = Number(args.warmup);
/** The design's bar for live screens: a change shows within a second. */
const TARGET_P99_MS = 1000;

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'salon-bench-tv-'));
  // The second process's own DATA_DIR (its media folder); its database is the first one's.
  const secondDir = await mkdtemp(path.join(tmpdir(), 'salon-bench-tv-second-'));
  const servers: ServerProcess[] = [];
  const clients: SseClient[] = [];
  let pool: pg.Pool | null = null;
  try {
    const pgPort = await freePort();
    servers.push(
      await startServerProcess({ dataDir, port: await freePort(), pgPort, env: { SEED_DEMO: 'false' } }),
    );
    const url = await databaseUrlOf(dataDir, pgPort);
    const second = spawnServer({
      dataDir: secondDir,
      port: await freePort(),
      pgPort,
      env: { DATABASE_URL: url, SEED_DEMO: 'false' },
    });
    servers.push(second);
    await second.ready();

    pool = createPool(url, { max: 4 });
    const db = createDb(pool);
    const tenant = await createTenantWithUsers(db);
    const auth = {
      tenantId: tenant.tenantId,
      userId: tenant.users.staff.id,
      storeId: tenant.store.id,
      role: 'staff' as const,
    };
    const headers = tenant.headers('staff');

    const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS + 10 });
    for (let i = 0; i < CLIENTS; i++) {
      const base = servers[i % 2]!.url;
      clients.push(await openSse(`${base}${liveEventsPath(tenant.store.id, 'tv')}`, headers, agent));
    }
    await Promise.all(clients.map((c) => c.next((e) => e.event === 'snapshot', 30_000)));

    // The bare round trip: LISTEN here, NOTIFY committed on a pool connection.
    const waiting = new Map<string, (at: number) => void>();
    const bare = new pg.Client({ connectionString: url });
    await bare.connect();
    bare.on('notification', (n) => {
      const at = performance.now();
      const resolve = waiting.get(n.payload ?? '');
      resolve?.(at);
    });
    await bare.query('LISTEN bench_bare');

    const fanout: number[] = [];
    const roundTrip: number[] = [];
    const worst: number[] = [];
    for (let round = 0; round < WARMUP + ROUNDS; round++) {
      // Bare LISTEN/NOTIFY.
      const tag = `r${round}`;
      const heard = new Promise<number>((resolve) => waiting.set(tag, resolve));
      const sender = await pool.connect();
      try {
        await sender.query('begin');
        await sender.query('select pg_notify($1, $2)', ['bench_bare', tag]);
        await sender.query('commit');
      } finally {
        sender.release();
      }
      const t0 = performance.now();
      const t1 = await heard;
      waiting.delete(tag);
      if (round >= WARMUP) roundTrip.push(t1 - t0);

      // A check-in through the app's service, then every TV's change event.
      const committed = await db.transaction(async (tx) => {
        const { walkIn } = await createWalkIn(tx, auth, {
          customer_name: `Guest ${round} Tran`,
          booking_appt_service: [],
        });
        return walkIn;
      });
      const c0 = performance.now();
      const events = await Promise.all(
        clients.map((c) =>
          c.next(
            (e) => e.event === 'change' && (JSON.parse(e.data) as LiveChange).ids.includes(committed.id),
            30_000,
          ),
        ),
      );
      const seq = Number(events[0]!.id);
      const times = events.map((e) => e.at - c0);
      if (round >= WARMUP) {
        fanout.push(...times);
        worst.push(Math.max(...times));
      }
      if (events.some((e) => Number(e.id) !== seq))
        throw new Error('clients disagree on the sequence number');
    }

    const app = figures(fanout);
    const raw = figures(roundTrip);
    const last = figures(worst);
    console.log(
      `TV fan-out: ${CLIENTS} SSE clients on 2 server processes, ${ROUNDS} check-ins (+${WARMUP} warm-up)`,
    );
    console.log(
      `  check-in commit → change event at each client   ${figuresText(app)}   (${fanout.length} samples)`,
    );
    console.log(`  check-in commit → the last of ${CLIENTS} clients     ${figuresText(last)}`);
    console.log(`  bare LISTEN/NOTIFY commit → notification        ${figuresText(raw)}`);
    console.log(`  fan-out p50 / bare p50: ${(app.p50 / Math.max(raw.p50, 0.001)).toFixed(1)}x`);
    console.log(
      `  target: every client within ${TARGET_P99_MS} ms at p99: ${app.p99 <= TARGET_P99_MS ? 'met' : 'MISSED'}`,
    );
    console.log(`  ${loadText()}`);
    await bare.end();
    agent.destroy();
  } finally {
    for (const c of clients) c.close();
    await pool?.end();
    await Promise.allSettled(
      servers
        .slice()
        .reverse()
        .map((s) => s.stop(10_000)),
    );
    await rm(dataDir, { recursive: true, force: true });
    await rm(secondDir, { recursive: true, force: true });
  }
}

await main();
