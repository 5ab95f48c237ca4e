/**
 * Offline queue speed: enqueue latency p50/p99 of our queue; the time to drain 1,000 queued
 * sales with flush.ts and 0 duplicates, as a ratio to posting the same number of sales online (target ≤ 1.5)
 * and to replaying them with Workbox's own `workbox-background-sync` Queue (target < 1), in one run.
 *
 * The real server as the other browser benches start it (bench/support/app-server.ts: a child process on a
 * fresh temp data directory, embedded PostgreSQL with fsync on, the demo tenant, log level warn), with the
 * bench page (bench/offline/index.html, built by bench/offline/build-page.ts) as its CLIENT_DIR, so page and
 * API share one origin. Debian's Chromium under Playwright opens it; the work runs on the page's main thread
 * (default: the app's sync scheduler flushes from the page) or in a dedicated worker (--context=worker).
 *
 * Each sale is the demo sale of tests/support/server/sale-client.ts (2 services + 1 product, cash) with its
 * own client uuid, Idempotency-Key and order_at, sent with the headers of the app's API client (accept,
 * authorization, content-type, idempotency-key). A round, per participant 1,000 new sales:
 * 1. fill: our queue through createOfflineFetch while "offline" (the enqueue latencies) and Workbox's Queue
 *    through pushRequest, one request at a time, alternating between the two;
 * 2. drain, taking turns 10 requests at a time (bench/offline/phases.ts says how and why): ours by flushQueue
 *    with the app's settings (batch 10, one request at a time), online one POST at a time as a till posts a
 *    completed sale (answer read), Workbox by its own replayRequests() (one at a time, its only way).
 * Each participant's time is the sum of its turns; who goes first rotates. --slice=0 runs each participant
 * whole, one after another (rotated by round) instead.
 *
 * Checked per round: every request answered 201, every Idempotency-Key sent once, no Idempotent-Replayed
 * answer, every queue empty afterwards; in the database exactly one new sale per uuid sent, and no other.
 *
 *   npm run bench:offline
 *   npm run bench:offline -- --rounds=5 --sales=1000 --context=worker
 *   npm run bench:offline -- --variants=pipelined,50x1,10x2,online-cancel   more participants in the rounds:
 *       ours drained by the proposal bench/offline/drain-pipelined.ts; ours with batch size x concurrency;
 *       online with each answer's body cancelled (as replay.ts does)
 *   npm run bench:offline -- --client-dir=/tmp/salon-bench-offline-page   (reuse the built page)
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import pg from 'pg';
import { OFFLINE_QUEUE } from '../src/domain/constants';
import { demoSaleBody, demoSaleShape, login } from '../tests/support/server/sale-client';
import type { DemoSaleShape } from '../tests/support/server/sale-client';
import { buildBenchPage } from './offline/build-page';
import type {
  DrainOptions,
  FillResult,
  OfflineBench,
  Participant,
  RunResult,
  SaleRequest,
  SetupInfo,
} from './offline/protocol';
import { startBenchApp } from './support/app-server';

const { values: args } = parseArgs({
  options: {
    sales: { type: 'string', default: '1000' },
    rounds: { type: 'string', default: '3' },
    warmup: { type: 'string', default: '50' },
    slice: { type: 'string', default: String(OFFLINE_QUEUE.BATCH_SIZE) },
    context: { type: 'string', default: 'page' },
    variants: { type: 'string', default: '' },
    'client-dir': { type: 'string' },
    headed: { type: 'boolean', default: false },
    echo: { type: 'boolean', default: false },
  },
});

const SALES = Number(args.sales);
const ROUNDS = Math.max(1, Number(args.rounds));
const WARMUP = Number(args.warmup);
const SLICE_ASKED = Number(args.slice) > 0 ? Number(args.slice) : Number.MAX_SAFE_INTEGER;
const CONTEXT = args.context === 'worker' ? 'worker' : 'page';
/** flush.ts defaults (OFFLINE_QUEUE.BATCH_SIZE, one request at a time), as the app calls it. */
const APP_DRAIN: DrainOptions = { batchSize: OFFLINE_QUEUE.BATCH_SIZE, concurrency: 1 };
const TARGET_DRAIN_ONLINE = 1.5;
const TARGET_OURS_WORKBOX = 1;
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';

const OURS: Participant = { id: 'ours (flush.ts)', kind: 'ours', drain: APP_DRAIN };
const ONLINE: Participant = { id: 'online', kind: 'online', body: 'json' };
const WORKBOX: Participant = { id: 'Workbox Queue', kind: 'workbox' };

function parseVariant(text: string): Participant {
  const t = text.trim();
  if (t === 'pipelined')
    return { id: 'ours, pipelined', kind: 'ours', drain: { ...APP_DRAIN, pipelined: true } };
  if (t === 'online-cancel') return { id: 'online, body cancel', kind: 'online', body: 'cancel' };
  const size = /^(\d+)x(\d+)$/.exec(t);
  if (size) {
    const drain = { batchSize: Number(size[1]), concurrency: Number(size[2]) };
    return { id: `ours, batch ${drain.batchSize}×${drain.concurrency}`, kind: 'ours', drain };
  }
  throw new Error(`unknown variant "${t}" (pipelined, 50x1, 10x2, online-cancel)`);
}

interface Figures {
  participant: Participant;
  run: RunResult;
  fill: FillResult | null;
  problems: string[];
}

// ---- numbers ----------------------------------------------------------------------------------------------

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
/** The middle value; the mean of the two middle ones for an even count. */
function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
const ms = (v: number, digits = 2) => `${v.toFixed(digits)} ms`;
const seconds = (v: number) => `${(v / 1000).toFixed(2)} s`;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

// ---- sales and the server's side --------------------------------------------------------------------------

function newSales(shape: DemoSaleShape, n: number): { requests: SaleRequest[]; uuids: string[] } {
  const requests: SaleRequest[] = [];
  const uuids: string[] = [];
  for (let i = 0; i < n; i++) {
    const uuid = randomUUID();
    uuids.push(uuid);
    // order_at as the app sends it for a sale completed offline (it happened before it reached the server).
    const body = { ...demoSaleBody(shape, uuid), order_at: new Date().toISOString() };
    requests.push({ key: randomUUID(), body: JSON.stringify(body) });
  }
  return { requests, uuids };
}

async function salesCount(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ n: number }>('select count(*)::int as n from sales');
  return rows[0]!.n;
}

/** What is wrong with one participant's `n` sales (empty when all is well). */
async function problemsOf(pool: pg.Pool, n: number, uuids: readonly string[], run: RunResult) {
  const { rows } = await pool.query<{ n: number; distinct: number }>(
    'select count(*)::int as n, count(distinct uuid)::int as distinct from sales where uuid = any($1::uuid[])',
    [uuids],
  );
  const t = run.tally;
  const problems: string[] = [];
  if (rows[0]!.n !== n || rows[0]!.distinct !== n)
    problems.push(`${rows[0]!.n} sales / ${rows[0]!.distinct} uuids of ${n} on the server`);
  if (t.requests !== n || t.distinctKeys !== n || t.maxSendsPerKey !== 1)
    problems.push(`${t.requests} requests, ${t.distinctKeys} keys, a key sent up to ${t.maxSendsPerKey}×`);
  if (t.statuses['201'] !== n) problems.push(`answers ${JSON.stringify(t.statuses)}`);
  if (t.replayed > 0) problems.push(`${t.replayed} idempotent replays`);
  if (run.left !== 0) problems.push(`${run.left} left in the queue`);
  return problems;
}

// ---- one round --------------------------------------------------------------------------------------------

interface Bench {
  page: Page;
  pool: pg.Pool;
  shape: DemoSaleShape;
  participants: Participant[];
  slice: number;
}

function call<T>(page: Page, method: keyof OfflineBench, ...params: unknown[]): Promise<T> {
  return page.evaluate(
    ({ method, params }) =>
      (window.__offlineBench![method] as (...p: unknown[]) => Promise<unknown>)(...params),
    { method, params },
  ) as Promise<T>;
}

async function runRound(bench: Bench, n: number, offset: number): Promise<Figures[]> {
  const { page, pool, shape, participants, slice } = bench;
  const sales = new Map(participants.map((p) => [p.id, newSales(shape, n)]));
  const requestsOf = (kinds: Participant['kind'][]) =>
    Object.fromEntries(
      participants.filter((p) => kinds.includes(p.kind)).map((p) => [p.id, sales.get(p.id)!.requests]),
    );
  const fills = await call<Record<string, FillResult>>(page, 'fill', requestsOf(['ours', 'workbox']));
  for (const [id, fill] of Object.entries(fills))
    if (fill.size !== n) throw new Error(`${id}: ${fill.size} queued of ${n}`);
  const before = await salesCount(pool);
  const runs = await call<Record<string, RunResult>>(page, 'round', requestsOf(['online']), {
    slice,
    offset,
  });
  const delta = (await salesCount(pool)) - before;
  const figures: Figures[] = [];
  for (const participant of participants) {
    const run = runs[participant.id]!;
    const problems = await problemsOf(pool, n, sales.get(participant.id)!.uuids, run);
    figures.push({ participant, run, fill: fills[participant.id] ?? null, problems });
  }
  if (delta !== n * participants.length)
    figures[0]!.problems.push(`${delta} new sales on the server for ${n * participants.length} sent`);
  return figures;
}

function printRun(f: Figures, n: number): void {
  const r = f.run;
  const parallel = (f.participant.drain?.concurrency ?? 1) > 1;
  const detail = Object.entries(r.detail)
    .map(([k, v]) => `${k} ${(v / n).toFixed(2)}`)
    .join(', ');
  console.info(
    `  ${f.participant.id.padEnd(22)} ${seconds(r.ms).padStart(8)} ${ms(r.ms / n).padStart(9)}/sale | ` +
      `in fetch ${ms(r.tally.fetchMs / n)}${parallel ? ' (summed over senders)' : `, outside ${ms((r.ms - r.tally.fetchMs) / n)}`}` +
      `${detail ? ` (IndexedDB: ${detail})` : ''} | ${f.problems.length === 0 ? 'ok' : `PROBLEM: ${f.problems.join('; ')}`}`,
  );
}

// ---- main -------------------------------------------------------------------------------------------------

async function openPage(browser: Browser, url: string): Promise<Page> {
  const context = await browser.newContext();
  // tsx (esbuild keepNames) wraps functions in __name(); the page has none.
  await context.addInitScript('globalThis.__name = globalThis.__name || ((f) => f);');
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
  await page.goto(`${url}/${CONTEXT === 'worker' ? '?context=worker' : ''}`);
  await page.locator('body[data-ready="true"]').waitFor({ timeout: 30_000 });
  return page;
}

function summary(all: readonly Figures[], participants: readonly Participant[]): boolean {
  const of = (p: Participant) => all.filter((f) => f.participant === p);
  const medianMs = (p: Participant) => median(of(p).map((f) => f.run.ms));
  const enqueues = (p: Participant) => of(p).map((f) => f.fill?.enqueueMs ?? []);
  const ours = enqueues(OURS).flat();
  const calls = of(OURS).flatMap((f) => f.fill?.callMs ?? []);
  const wb = enqueues(WORKBOX).flat();
  const line = (values: number[]) =>
    `p50 ${ms(percentile(values, 50))}  p99 ${ms(percentile(values, 99))}  max ${ms(Math.max(...values))}`;
  const edge = (runs: number[][]) =>
    `first 100 of each fill p99 ${ms(
      percentile(
        runs.flatMap((r) => r.slice(0, 100)),
        99,
      ),
    )}, ` +
    `last 100 p99 ${ms(
      percentile(
        runs.flatMap((r) => r.slice(-100)),
        99,
      ),
    )}`;

  console.info(
    `\nenqueue latency, ${ours.length} enqueues (${ROUNDS} × ${SALES}, one at a time, into an empty queue):`,
  );
  console.info(`  our RequestQueue.enqueue    ${line(ours)} (${edge(enqueues(OURS))})`);
  console.info(`  app's offline fetch → 202   ${line(calls)}`);
  console.info(`  Workbox Queue.pushRequest   ${line(wb)}`);

  const ratio = (a: Participant, b: Participant) => medianMs(a) / medianMs(b);
  const perRound = (a: Participant, b: Participant) =>
    of(a)
      .map((f, i) => (f.run.ms / of(b)[i]!.run.ms).toFixed(2))
      .join(', ');
  const perSale = (p: Participant, pick: (f: Figures) => number) =>
    ms(median(of(p).map((f) => pick(f) / SALES)));
  console.info(
    `\nmedians over ${ROUNDS} rounds of ${SALES} sales each (per sale: in fetch | outside fetch):`,
  );
  for (const p of participants) {
    console.info(
      `  ${p.id.padEnd(22)} ${seconds(medianMs(p)).padStart(8)}  ${perSale(p, (f) => f.run.tally.fetchMs)} | ` +
        `${perSale(p, (f) => f.run.ms - f.run.tally.fetchMs)}` +
        `${p === ONLINE ? '' : `   / online ${ratio(p, ONLINE).toFixed(2)}x (rounds ${perRound(p, ONLINE)})`}`,
    );
  }
  const drainOnline = ratio(OURS, ONLINE);
  const oursWorkbox = ratio(OURS, WORKBOX);
  console.info(
    `\n  drain / online  ${drainOnline.toFixed(2)}x  rounds ${perRound(OURS, ONLINE)} (target ≤ ${TARGET_DRAIN_ONLINE}: ` +
      `${drainOnline <= TARGET_DRAIN_ONLINE ? 'met' : 'MISSED'})`,
  );
  console.info(
    `  ours / Workbox  ${oursWorkbox.toFixed(2)}x  rounds ${perRound(OURS, WORKBOX)} (target < ${TARGET_OURS_WORKBOX}: ` +
      `${oursWorkbox < TARGET_OURS_WORKBOX ? 'met' : 'MISSED'})`,
  );
  const bad = all.filter((f) => f.problems.length > 0);
  console.info(
    `  duplicates and losses: ${bad.length === 0 ? `none (${all.length} drains or postings: each key sent once, 201 each, one new sale per uuid, nothing else)` : `${bad.length} runs with PROBLEMS`}`,
  );
  return bad.length === 0;
}

async function main(): Promise<void> {
  const participants = [
    OURS,
    ONLINE,
    WORKBOX,
    ...(args.variants ?? '').split(',').filter(Boolean).map(parseVariant),
  ];
  // A turn of ours is whole batches: with a batch bigger than the others' turns, its turns would be longer and
  // meet the machine's noise differently (a 50-batch among 10-request turns measured 1.5-1.9x in two rounds
  // of three, 1.03x with equal turns). Every turn is as long as the biggest batch.
  const SLICE = Math.max(SLICE_ASKED, ...participants.map((p) => p.drain?.batchSize ?? 0));
  if (SLICE !== SLICE_ASKED) console.info(`turns of ${SLICE} requests (the biggest batch)`);
  console.info(
    `machine: ${cpus().length} CPUs, load average ${load()} (1, 5, 15 min), node ${process.version}`,
  );
  let clientDir = args['client-dir'];
  if (!clientDir || !existsSync(path.join(clientDir, 'index.html'))) {
    clientDir ??= path.join(tmpdir(), 'salon-bench-offline-page');
    console.info(`bench page built into ${clientDir} in ${(await buildBenchPage(clientDir)).toFixed(1)} s`);
  }
  const app = await startBenchApp({ clientDir, echo: args.echo });
  let browser: Browser | null = null;
  const pool = new pg.Pool({ connectionString: await app.databaseUrl(), max: 2 });
  pool.on('error', () => undefined);
  try {
    const token = await login(app.url);
    const shape = await demoSaleShape(app.url, token);
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: !args.headed,
      args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-background-networking', '--no-first-run'],
    });
    const page = await openPage(browser, app.url);
    const info = await call<SetupInfo>(page, 'setup', { token, participants });
    console.info(
      `server ${app.url} (fresh embedded DB, demo tenant, log level warn); ` +
        `${info.userAgent.replace(/^.*?(Chrome\/\S+).*$/, '$1')}, work in the ${info.context}` +
        `${info.locks ? ' (Web Locks on)' : ''}; ${SALES} sales per participant and round, ${ROUNDS} rounds, ` +
        `${SLICE === Number.MAX_SAFE_INTEGER ? 'each participant whole' : `turns of ${SLICE} requests`}; ` +
        `our drain: batch ${APP_DRAIN.batchSize}, ${APP_DRAIN.concurrency} at a time; online: 1 at a time`,
    );
    const bench: Bench = { page, pool, shape, participants, slice: SLICE };

    if (WARMUP > 0) {
      for (const f of await runRound(bench, WARMUP, 0))
        if (f.problems.length) console.warn(`  warm-up ${f.participant.id}: ${f.problems.join('; ')}`);
      console.info(`warm-up: a round of ${WARMUP} sales`);
    }

    const all: Figures[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      console.info(`\nround ${round + 1}, load average ${load()}`);
      const figures = await runRound(bench, SALES, round);
      for (const f of figures) printRun(f, SALES);
      all.push(...figures);
    }
    if (!summary(all, participants)) process.exitCode = 1;
    console.info(`\nload average at the end ${load()}`);
  } finally {
    await browser?.close();
    await pool.end();
    await app.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
});
