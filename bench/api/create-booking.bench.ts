/**
 * Create-booking speed (docs/appointments.md#speed): autocannon on loopback against the server running as a
 * child process on a fresh temp data directory with production settings (durable embedded PostgreSQL, the demo
 * tenant, the production log level unless --log-level), beside the same rows written by raw `pg` in the same run
 * (bench/api/raw-booking.ts), as bench/api/create-sale.bench.ts does for sales.
 *
 *   npm run bench:bookings                          3 s per run, 20 connections
 *   npm run bench:bookings -- --duration=10 --connections=50 --races=5 --log-level=warn --echo
 *
 * Runs: (a) POST /api/pos/bookingAppt as the demo cashier, one line of 30 minutes, every request a new
 * Idempotency-Key, uuid and free slot (bench/api/booking-slots.ts: a technician who takes bookings, inside their
 * hours), vs the raw transaction on further free slots with as many concurrent clients, and again with the
 * store's live sequence row taken as the API takes it (the one row every create of a store updates); (b) the race: 20 creates
 * of one technician's one slot sent at once, which must make one booking and 19 answers 409 booking_conflict
 * (docs/appointments.md#busy-segments-and-no-double-booking), and how long the 20 answers took.
 * Targets: create-booking >= 0.5x raw, p99 <= 4x p50, every create 2xx, the race 1 + 19. Missed targets are
 * printed, not thrown.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import type { AutocannonRequest } from 'autocannon';
import pg from 'pg';
import { BOOKING_PATHS } from '../../src/contracts/bookings';
import type { BookableEmployee } from '../../src/contracts/bookings';
import { IDEMPOTENCY_KEY_HEADER } from '../../src/contracts/envelope';
import { ERROR_CODE } from '../../src/contracts/error-codes';
import { addDays } from '../../src/domain/bookings/availability';
import { isoToStoreTime } from '../../src/domain/store-time';
import { DEMO_STORE } from '../../src/server/seed/demo-data';
import { demoSaleShape, login } from '../../tests/support/server/sale-client';
import {
  databaseUrlOf,
  freePort,
  isAlive,
  postmasterPidOf,
  startServerProcess,
} from '../../tests/support/server/server-process';
import type { ServerProcess, ServerProcessOptions } from '../../tests/support/server/server-process';
import {
  closedLoop,
  fmt,
  fromAutocannon,
  machineText,
  percentile,
  printMissed,
  printPair,
  withServerCpu,
} from '../support/api-load';
import { freeSlots } from './booking-slots';
import type { Slot } from './booking-slots';
import { loadBookingTemplate, prepareRawBooking } from './raw-booking';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '3' },
    connections: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '1' },
    races: { type: 'string', default: '3' },
    'race-size': { type: 'string', default: '20' },
    'log-level': { type: 'string' },
    'keep-data': { type: 'boolean', default: false },
    echo: { type: 'boolean', default: false },
  },
});
const DURATION_S = Number(args.duration);
const CONNECTIONS = Number(args.connections);
const WARMUP_S = Number(args.warmup);
const RACES = Number(args.races);
const RACE_SIZE = Number(args['race-size']);
/** The line every benchmark booking holds (the slots are this long). */
const LINE_MINUTES = 30;
/** Booked this many days ahead: clear of anything the demo seed may book around today. */
const DAYS_AHEAD = 400;

interface Api {
  url: string;
  token: string;
  serviceId: number;
}

function bookingBody(api: Api, slot: Slot, uuid: string, customer: string): Record<string, unknown> {
  return {
    uuid,
    customer_name: customer,
    booking_appt_service: [
      {
        service_id: api.serviceId,
        user_id: slot.userId,
        starts_at: slot.startsAt,
        duration_minutes: LINE_MINUTES,
      },
    ],
  };
}

async function postBooking(api: Api, body: Record<string, unknown>) {
  const res = await fetch(`${api.url}${BOOKING_PATHS.list}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${api.token}`,
      [IDEMPOTENCY_KEY_HEADER]: randomUUID(),
    },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.status, json: (await res.json()) as any };
}

async function bookableTechnicians(api: Api): Promise<BookableEmployee[]> {
  const res = await fetch(`${api.url}${BOOKING_PATHS.employees}`, {
    headers: { authorization: `Bearer ${api.token}` },
  });
  const json = (await res.json()) as { data: BookableEmployee[] };
  if (res.status !== 200)
    throw new Error(`${BOOKING_PATHS.employees}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

/** `size` creates of one slot at once; what they answered and how long the last answer took. */
async function race(api: Api, slot: Slot, size: number) {
  const started = performance.now();
  const answers = await Promise.all(
    Array.from({ length: size }, (_, i) =>
      postBooking(api, bookingBody(api, slot, randomUUID(), `Racer ${i}`)),
    ),
  );
  const wallMs = performance.now() - started;
  const created = answers.filter((a) => a.status === 201).length;
  const conflicts = answers.filter(
    (a) => a.status === 409 && a.json?.code === ERROR_CODE.BOOKING_CONFLICT,
  ).length;
  const other = answers.filter(
    (a) => a.status !== 201 && !(a.status === 409 && a.json?.code === ERROR_CODE.BOOKING_CONFLICT),
  );
  return { created, conflicts, other, wallMs };
}

/**
 * What the server's database sessions are doing while the API run lasts: pg_stat_activity sampled every
 * 50 ms, how many sessions were in each state and wait event on average (Lock/transactionid: waiting for another
 * transaction's row, with the statement that waits; Client/ClientRead: idle in a transaction, waiting for Node; IO/WALSync: the commit's
 * fsync). Says whether the API is slow in Node or in PostgreSQL, and where.
 */
function sampleWaits(pool: pg.Pool): { stop(): Promise<string> } {
  const counts = new Map<string, number>();
  let samples = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const { rows } = await pool.query<{ what: string }>(
        `select coalesce(wait_event_type || '/' || wait_event, 'CPU') || ' (' || state || ')'
                || case when wait_event_type = 'Lock'
                        then ' in "' || left(regexp_replace(query, '\\s+', ' ', 'g'), 40) || '…"' else '' end as what
           from pg_stat_activity
          where backend_type = 'client backend' and pid <> pg_backend_pid() and state <> 'idle'
            and application_name <> 'bench-raw'`,
      );
      samples += 1;
      for (const { what } of rows) counts.set(what, (counts.get(what) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return (
        [...counts]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 6)
          .map(([what, n]) => `${what} ${fmt(n / samples, 1)}`)
          .join(', ') || 'none busy'
      );
    },
  };
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'salon-bench-bookings-'));
  const options: ServerProcessOptions = {
    dataDir,
    port: await freePort(),
    pgPort: await freePort(),
    echo: args.echo,
    env: { SEED_DEMO: 'true', LOG_LEVEL: args['log-level'] ?? 'info' },
  };
  let server: ServerProcess | null = null;
  let pool: pg.Pool | null = null;
  const missed: string[] = [];
  try {
    console.info(
      `Bookings benchmark: ${DURATION_S} s per run, ${CONNECTIONS} connections, loopback, data in ${dataDir}, ` +
        `log level ${options.env!.LOG_LEVEL}`,
    );
    console.info(machineText());
    server = await startServerProcess(options);
    const token = await login(server.url);
    const api: Api = {
      url: server.url,
      token,
      serviceId: (await demoSaleShape(server.url, token)).serviceIds[0],
    };
    const technicians = await bookableTechnicians(api);
    pool = new pg.Pool({
      connectionString: await databaseUrlOf(dataDir, options.pgPort),
      max: CONNECTIONS + 1,
      // Told apart from the server's sessions in pg_stat_activity (sampleWaits).
      application_name: 'bench-raw',
    });
    // An idle connection closed by the server's shutdown must not crash the benchmark.
    pool.on('error', () => undefined);
    const timeZone = DEMO_STORE.timezone;
    const today = isoToStoreTime(new Date().toISOString(), timeZone).slice(0, 10);
    const slots = freeSlots(technicians, LINE_MINUTES, addDays(today, DAYS_AHEAD), timeZone);
    const nextSlot = () => slots.next().value;
    console.info(
      `${technicians.length} technicians take bookings (${technicians.map((t) => t.name).join(', ')}), ` +
        `store time zone ${timeZone}, slots of ${LINE_MINUTES} min from ${addDays(today, DAYS_AHEAD)}`,
    );

    const countBookings = async () =>
      Number((await pool!.query<{ n: string }>('select count(*) as n from bookings')).rows[0]!.n);
    const before = await countBookings();
    const first = await postBooking(api, bookingBody(api, nextSlot(), randomUUID(), 'Template'));
    if (first.status !== 201)
      throw new Error(`create-booking: ${first.status} ${JSON.stringify(first.json)}`);
    let made = 1;
    const setupClient = await pool.connect();
    const raw = await prepareRawBooking(
      setupClient,
      await loadBookingTemplate(setupClient, first.json.data.id),
    ).finally(() => setupClient.release());

    // The body of one booking with placeholders, filled in per request (cheap for the client).
    const template = JSON.stringify(
      bookingBody(api, { userId: -1, startsAt: '@STARTS@', start: 0, end: 0 }, '@UUID@', 'Bench customer'),
    ).replace('"user_id":-1', '"user_id":@USER@');
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    const statuses = new Map<number, number>();
    let firstRefusal = '';
    const createRequest: AutocannonRequest = {
      method: 'POST',
      path: BOOKING_PATHS.list,
      setupRequest: (request) => {
        const slot = nextSlot();
        return {
          ...request,
          headers: { ...headers, [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
          body: template
            .replace('@UUID@', randomUUID())
            .replace('@USER@', String(slot.userId))
            .replace('@STARTS@', slot.startsAt),
        };
      },
      onResponse: (status, body) => {
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        if (status >= 300 && firstRefusal === '') firstRefusal = `${status} ${body.slice(0, 300)}`;
      },
    };
    const cannon = (duration: number) =>
      autocannon({
        url: api.url,
        connections: CONNECTIONS,
        duration,
        timeout: 30,
        requests: [createRequest],
      });
    const rawCreate = () => closedLoop(pool!, CONNECTIONS, DURATION_S, (c) => raw.create(c, nextSlot()));

    if (WARMUP_S > 0) {
      console.info(`warm-up: ${WARMUP_S} s of create-booking (JIT, pools, caches)`);
      await cannon(WARMUP_S);
      made += statuses.get(201) ?? 0;
      statuses.clear();
      made += (await closedLoop(pool, CONNECTIONS, Math.min(WARMUP_S, 1), (c) => raw.create(c, nextSlot())))
        .count;
    }

    console.info(
      `(a) create-booking: API ${DURATION_S} s, then raw ${DURATION_S} s, then raw with the live sequence ${DURATION_S} s`,
    );
    const waits = sampleWaits(pool);
    const [result, cpu] = await withServerCpu(server.child.pid, () => cannon(DURATION_S));
    const waited = await waits.stop();
    const apiFigures = fromAutocannon(result, 'create-booking');
    const rawFigures = await rawCreate();
    const rawLive = await closedLoop(pool, CONNECTIONS, DURATION_S, (c) => raw.create(c, nextSlot(), true));
    made += (statuses.get(201) ?? 0) + rawFigures.count + rawLive.count;

    console.info(`(b) race: ${RACES} × ${RACE_SIZE} creates of one technician's one slot at once`);
    const races = [];
    for (let i = 0; i < RACES; i += 1) races.push(await race(api, nextSlot(), RACE_SIZE));
    made += races.reduce((sum, r) => sum + r.created, 0);

    missed.push(
      ...printPair('(a) create-booking (1 line, Idempotency-Key, free slot)', apiFigures, rawFigures, 0.5),
    );
    console.info(
      `  raw pg + the store's live sequence row and notify: ${fmt(rawLive.rps)} req/s, ` +
        `p50 ${fmt(rawLive.p50, 2)} ms, p99 ${fmt(rawLive.p99, 2)} ms (API / this: ${fmt(apiFigures.rps / rawLive.rps, 2)}x)`,
    );
    console.info(`  server process CPU during the API run: ${fmt(cpu, 0)} % of one core`);
    console.info(`  the server's database sessions during the API run (average sessions by wait): ${waited}`);
    const non2xx = [...statuses].filter(([status]) => status >= 300);
    console.info(
      `  API answers: ${[...statuses].map(([s, n]) => `${n} × ${s}`).join(', ') || 'none'}; ` +
        `non-2xx ${non2xx.reduce((sum, [, n]) => sum + n, 0)}, connection errors ${result.errors}`,
    );
    if (firstRefusal) console.info(`  first refusal: ${firstRefusal}`);
    if (non2xx.length > 0 || result.errors > 0) missed.push('(a) create-booking: not every create was 2xx');

    console.info(
      `\n(b) race: ${RACE_SIZE} parallel creates of one slot (target: 1 created, ${RACE_SIZE - 1} × 409)`,
    );
    for (const [i, r] of races.entries()) {
      console.info(
        `  race ${i + 1}: ${r.created} created, ${r.conflicts} × 409 booking_conflict` +
          (r.other.length > 0
            ? `, others: ${r.other.map((o) => `${o.status} ${o.json?.code}`).join(', ')}`
            : '') +
          `, all answered in ${fmt(r.wallMs, 1)} ms`,
      );
      if (r.created !== 1 || r.conflicts !== RACE_SIZE - 1) {
        missed.push(`(b) race ${i + 1}: ${r.created} created, ${r.conflicts} conflicts`);
      }
    }
    const walls = races.map((r) => r.wallMs).sort((x, y) => x - y);
    if (walls.length > 0) console.info(`  median wall time ${fmt(percentile(walls, 50), 1)} ms`);

    // More than counted: autocannon stops with requests in flight, which the server still completes.
    const written = (await countBookings()) - before;
    console.info(
      `\nbookings written by this run: ${written} (${made} counted: 2xx answers seen and raw commits)`,
    );
    console.info(machineText());

    await pool.end();
    pool = null;
    const exit = await server.stop();
    server = null;
    if (exit.code !== 0) console.warn(`server exited with ${JSON.stringify(exit)}`);
  } finally {
    await pool?.end().catch(() => undefined);
    await server?.stop().catch(() => undefined);
    const pid = await postmasterPidOf(dataDir);
    if (pid !== null && isAlive(pid)) process.kill(pid, 'SIGQUIT');
    if (!args['keep-data']) await rm(dataDir, { recursive: true, force: true });
  }
  printMissed(missed);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
