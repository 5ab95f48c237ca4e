/**
 * API speed: autocannon on loopback against the server running as a child process on a
 * fresh temp data directory with production settings (durable embedded PostgreSQL: fsync and synchronous
 * commit on; the demo tenant; the production log level unless --log-level), each figure printed beside the
 * same work done by raw `pg` queries in the same run (bench/api/raw-sale.ts).
 *
 *   npm run bench:api                       10 s per run, 50 connections
 *   npm run bench:api -- --duration=3       shorter runs
 *   npm run bench:api -- --connections=20 --log-level=warn --starts=5 --echo
 *   npm run bench:api -- --cpu-prof=/tmp/prof      V8 CPU profile of the server (written when it stops)
 *
 * Runs: (a) create-sale (3 items, 1 cash payment, a new Idempotency-Key and uuid per request) vs the raw
 * transaction with 50 concurrent clients; (b) get-sale by id vs the raw selects; then the start of
 * `npm start` on the existing data directory to the first answer of /api/health.
 * Targets: create-sale >= 0.5x raw, p99 <= 4x p50, start < 3 s. Missed targets are printed, not thrown.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import type { AutocannonRequest } from 'autocannon';
import pg from 'pg';
import { IDEMPOTENCY_KEY_HEADER } from '../../src/contracts/envelope';
import {
  demoSaleBody,
  demoSaleShape,
  login,
  postSale,
  newSaleIntent,
} from '../../tests/support/server/sale-client';
import {
  databaseUrlOf,
  freePort,
  isAlive,
  postmasterPidOf,
  REPO_ROOT,
  spawnServer,
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
import type { LoadFigures } from '../support/api-load';
import { loadSaleTemplate, prepareRawSale } from './raw-sale';
import type { RawSale } from './raw-sale';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    warmup: { type: 'string', default: '2' },
    'log-level': { type: 'string' },
    starts: { type: 'string', default: '3' },
    'keep-data': { type: 'boolean', default: false },
    echo: { type: 'boolean', default: false },
    'cpu-prof': { type: 'string' },
    /** Extra raw runs with fewer clients, e.g. 10 (the server's pool size). */
    'raw-clients': { type: 'string', default: '' },
  },
});
const DURATION_S = Number(args.duration);
const CONNECTIONS = Number(args.connections);
const WARMUP_S = Number(args.warmup);
const STARTS = Number(args.starts);
const EXTRA_RAW_CLIENTS = (args['raw-clients'] ?? '')
  .split(',')
  .filter((c) => c.trim() !== '')
  .map(Number);

/**
 * The client `npm start` serves: a copy of dist/client (or a one-line page when there is no build) whose
 * index.html is newer than every client source, so start.ts finds the build current and the figure is the
 * start of the server, not of a Vite build of whatever the client sources are at the moment.
 */
async function clientForStarts(dataDir: string): Promise<string> {
  const dir = path.join(dataDir, 'client');
  const built = path.join(REPO_ROOT, 'dist', 'client');
  const index = path.join(dir, 'index.html');
  if (existsSync(path.join(built, 'index.html'))) {
    await cp(built, dir, { recursive: true });
  } else {
    await mkdir(dir, { recursive: true });
    await writeFile(index, '<!doctype html><title>Salon POS</title>\n');
  }
  const now = new Date();
  await utimes(index, now, now);
  return dir;
}

async function measureStart(
  options: ServerProcessOptions,
): Promise<{ health: number; ready: number | null }> {
  const server = spawnServer({ ...options, command: 'npm-start' });
  try {
    const health = await server.ready(120_000);
    const said = /ready (\d+) ms after process start/.exec(server.output());
    return { health, ready: said ? Number(said[1]) : null };
  } finally {
    await server.stop(30_000);
    // npm itself dies of the SIGINT (exit by signal); what matters is that the server stopped in order.
    if (!server.output().includes('[salon-pos] stopped')) {
      console.warn(`  npm start did not report an orderly stop:\n${server.output()}`);
    }
  }
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'salon-bench-api-'));
  const options: ServerProcessOptions = {
    dataDir,
    port: await freePort(),
    pgPort: await freePort(),
    echo: args.echo,
    // The production default is info (a log line per request); --log-level to compare.
    env: {
      SEED_DEMO: 'true',
      LOG_LEVEL: args['log-level'] ?? 'info',
    },
    // --cpu-prof=<dir>: the server writes a V8 CPU profile there when it stops (open in Chrome DevTools).
    nodeArgs: args['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(args['cpu-prof'])}`] : [],
  };
  let server: ServerProcess | null = null;
  let pool: pg.Pool | null = null;
  const missed: string[] = [];
  try {
    console.info(
      `API benchmark: ${DURATION_S} s per run, ${CONNECTIONS} connections, loopback, data in ${dataDir}, ` +
        `log level ${options.env!.LOG_LEVEL}`,
    );
    // The figures depend on what else the machine is doing: say how busy it was.
    console.info(machineText());
    server = await startServerProcess(options);
    const url = server.url;
    const token = await login(url);
    const shape = await demoSaleShape(url, token);
    const first = await postSale(url, token, newSaleIntent(shape));
    if (first.status !== 201) throw new Error(`create-sale: ${first.status} ${JSON.stringify(first.json)}`);

    pool = new pg.Pool({ connectionString: await databaseUrlOf(dataDir, options.pgPort), max: CONNECTIONS });
    // An idle connection closed by the server's shutdown must not crash the benchmark.
    pool.on('error', () => undefined);
    const setupClient = await pool.connect();
    let raw: RawSale;
    try {
      raw = await prepareRawSale(setupClient, await loadSaleTemplate(setupClient, first.json.data.id));
    } finally {
      setupClient.release();
    }

    // Create-sale: the body of one sale with a placeholder uuid, filled in per request (cheap for the client).
    const PLACEHOLDER = '00000000-0000-4000-8000-000000000000';
    const bodyTemplate = JSON.stringify(demoSaleBody(shape, PLACEHOLDER));
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    const createRequest: AutocannonRequest = {
      method: 'POST',
      path: '/api/pos/sales',
      setupRequest: (request) => ({
        ...request,
        headers: { ...headers, [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
        body: bodyTemplate.replace(PLACEHOLDER, randomUUID()),
      }),
    };
    const createdIds: number[] = [];
    createRequest.onResponse = (status, body) => {
      if (status === 201 && createdIds.length < 100_000) {
        const id = /"id":(\d+)/.exec(body);
        if (id) createdIds.push(Number(id[1]));
      }
    };
    const cannon = (requests: AutocannonRequest[], duration: number) =>
      autocannon({ url, connections: CONNECTIONS, duration, timeout: 30, requests });

    if (WARMUP_S > 0) {
      console.info(`warm-up: ${WARMUP_S} s of create-sale (JIT, pools, caches)`);
      await cannon([createRequest], WARMUP_S);
      await closedLoop(pool, CONNECTIONS, Math.min(WARMUP_S, 1), (c) => raw.create(c));
    }

    console.info(`(a) create-sale: API ${DURATION_S} s, then raw ${DURATION_S} s`);
    const serverPid = server.child.pid;
    const [createResult, createCpu] = await withServerCpu(serverPid, () =>
      cannon([createRequest], DURATION_S),
    );
    const apiCreate = fromAutocannon(createResult, 'create-sale');
    const rawCreate = await closedLoop(pool, CONNECTIONS, DURATION_S, (c) => raw.create(c));
    const extraRawCreate: [number, LoadFigures][] = [];
    for (const clients of EXTRA_RAW_CLIENTS) {
      extraRawCreate.push([clients, await closedLoop(pool, clients, DURATION_S, (c) => raw.create(c))]);
    }

    const ids = createdIds.length > 0 ? createdIds : [first.json.data.id as number];
    let next = 0;
    const getRequest: AutocannonRequest = {
      method: 'GET',
      setupRequest: (request) => ({
        ...request,
        path: `/api/pos/sales/${ids[next++ % ids.length]}`,
        headers: { authorization: `Bearer ${token}` },
      }),
    };
    console.info(`(b) get-sale: API ${DURATION_S} s, then raw ${DURATION_S} s (${ids.length} sales)`);
    const [getResult, getCpu] = await withServerCpu(serverPid, () => cannon([getRequest], DURATION_S));
    const apiGet = fromAutocannon(getResult, 'get-sale');
    const rawGet = await closedLoop(pool, CONNECTIONS, DURATION_S, (c, i) =>
      raw.get(c, ids[i % ids.length]!),
    );

    missed.push(
      ...printPair('(a) create-sale (3 items, 1 payment, Idempotency-Key)', apiCreate, rawCreate, 0.5),
    );
    console.info(`  server process CPU during the API run: ${fmt(createCpu, 0)} % of one core`);
    for (const [clients, figures] of extraRawCreate) {
      console.info(
        `  raw pg, ${clients} clients: ${fmt(figures.rps)} req/s, p50 ${fmt(figures.p50, 2)} ms, ` +
          `p99 ${fmt(figures.p99, 2)} ms (API / this: ${fmt(apiCreate.rps / figures.rps, 2)}x)`,
      );
    }
    missed.push(...printPair('(b) get-sale by id', apiGet, rawGet));
    console.info(`  server process CPU during the API run: ${fmt(getCpu, 0)} % of one core`);

    await pool.end();
    pool = null;
    const exit = await server.stop();
    server = null;
    if (exit.code !== 0) console.warn(`server exited with ${JSON.stringify(exit)}`);

    // Start of `npm start` on this (existing) data directory and an up-to-date client build. The first start
    // warms the OS caches and tsx's transform cache; it is shown, not counted.
    console.info(`\n(c) npm start on the existing data directory → first 200 of /api/health`);
    const clientDir = await clientForStarts(dataDir);
    const startOptions = { ...options, env: { ...options.env, CLIENT_DIR: clientDir } };
    const starts: number[] = [];
    for (let i = 0; i <= STARTS; i++) {
      const { health, ready } = await measureStart(startOptions);
      console.info(
        `  ${i === 0 ? 'warm-up' : `run ${i}`.padEnd(7)}  ${String(health).padStart(6)} ms to first answer` +
          (ready !== null ? `  (server says ready ${ready} ms after its Node process started)` : ''),
      );
      if (i > 0) starts.push(health);
    }
    starts.sort((a, b) => a - b);
    const median = percentile(starts, 50);
    console.info(`  median ${median} ms (target < 3000 ms)`);
    if (!(median < 3000)) missed.push(`(c) npm start: median ${median} ms >= 3000 ms`);
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
