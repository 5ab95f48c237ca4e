/**
 * Offline queue speed (issue 5 "Speed"): enqueue latency p50/p99 of our queue; the time to drain 1,000 queued
 * sales with flush.ts and 0 duplicates, as a ratio to posting the same 1,000 sales online (target ≤ 1.5) and
 * to replaying them with Workbox's own `workbox-background-sync` Queue (target < 1), in one run.
 *
 * The real server as the other browser benches start it (bench/support/app-server.ts: a child process on a
 * fresh temp data directory, embedded PostgreSQL with fsync on, the demo tenant, log level warn), but its
 * CLIENT_DIR is the bench page (bench/offline/index.html, built by bench/offline/build-page.ts), so the page
 * and the API share one origin. Debian's Chromium under Playwright opens it; the page runs the phases
 * (bench/offline/phases.ts) on its main thread, or in a dedicated worker with --context=worker.
 *
 * Each sale is the demo sale of src/server/durability/sale-client.ts (2 services + 1 product, cash), with its
 * own client uuid, Idempotency-Key and order_at, bodies made here, sent as the app's API client sends them
 * (accept, authorization, content-type, idempotency-key). Per round and kind, 1,000 new sales:
 * - ours:    queued one by one through createOfflineFetch while "offline" (the enqueue latencies), then
 *            drainQueue with the app's settings (batch 10, one request at a time: flush.ts defaults, as the
 *            sync scheduler and the service worker call it); the drain is timed, not the filling;
 * - online:  one POST per sale, one at a time as a till does (a sale is posted when it is completed), each
 *            answer read;
 * - workbox: Queue.pushRequest per sale, then Queue.replayRequests() timed (it sends one at a time).
 * All three in the same JS context (page by default: the app's own sync scheduler flushes from the page;
 * Workbox's Queue runs there too once given a `registration` without Background Sync), so the figures
 * differ only by the queue code. Each round runs the kinds in a rotated order (3 rounds: each kind once
 * first, second and last), so a slower machine or a bigger sales table falls on all three alike; ratios are
 * of the medians over rounds, and per round.
 *
 * Checked per run: every request answered 201, every Idempotency-Key sent once, no Idempotent-Replayed
 * answer, the queue empty afterwards, and in the database exactly `sales` new rows, one per uuid sent.
 *
 *   npm run bench:offline
 *   npm run bench:offline -- --rounds=5 --sales=1000 --context=worker
 *   npm run bench:offline -- --variants=50x1,10x2,pipelined,online-cancel   more runs in the same rounds:
 *       ours with batch size x concurrency; ours drained by the proposal bench/offline/drain-pipelined.ts;
 *       online with each answer's body cancelled (as replay.ts does) or left unread (as Workbox does)
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
import { demoSaleBody, demoSaleShape, login } from '../src/server/durability/sale-client';
import type { DemoSaleShape } from '../src/server/durability/sale-client';
import { OFFLINE_QUEUE } from '../src/domain/constants';
import { buildBenchPage } from './offline/build-page';
import type {
  BodyHandling,
  DrainOptions,
  FillResult,
  OfflineBench,
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
const CONTEXT = args.context === 'worker' ? 'worker' : 'page';
/** flush.ts defaults (OFFLINE_QUEUE.BATCH_SIZE, one request at a time), as the app calls it. */
const APP_DRAIN: DrainOptions = { batchSize: OFFLINE_QUEUE.BATCH_SIZE, concurrency: 1 };
/** A till posts a sale when it is completed: one at a time. */
const ONLINE_CONCURRENCY = 1;
const TARGET_DRAIN_ONLINE = 1.5;
const TARGET_OURS_WORKBOX = 1;
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';

type Kind = 'ours' | 'online' | 'workbox';

/** One thing timed per round. */
interface Variant {
  label: string;
  kind: Kind;
  drain?: DrainOptions;
  body?: BodyHandling;
}

const OURS: Variant = { label: 'ours (flush.ts)', kind: 'ours', drain: APP_DRAIN };
const ONLINE: Variant = { label: 'online', kind: 'online', body: 'json' };
const WORKBOX: Variant = { label: 'Workbox Queue', kind: 'workbox' };

function parseVariant(text: string): Variant {
  const t = text.trim();
  if (t === 'pipelined')
    return { label: 'ours pipelined', kind: 'ours', drain: { ...APP_DRAIN, pipelined: true } };
  if (t === 'online-cancel') return { label: 'online, body cancel', kind: 'online', body: 'cancel' };
  if (t === 'online-leave') return { label: 'online, body left', kind: 'online', body: 'leave' };
  const size = /^(\d+)x(\d+)$/.exec(t);
  if (size) {
    const drain = { batchSize: Number(size[1]), concurrency: Number(size[2]) };
    return { label: `ours batch ${drain.batchSize}×${drain.concurrency}`, kind: 'ours', drain };
  }
  throw new Error(`unknown variant "${t}" (50x1, pipelined, online-cancel, online-leave)`);
}

interface Figures {
  variant: Variant;
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
const median = (values: readonly number[]) => percentile(values, 50);
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

/** What is wrong with a run of `n` sales (empty when all is well). */
async function problemsOf(
  pool: pg.Pool,
  n: number,
  uuids: readonly string[],
  before: number,
  run: RunResult,
): Promise<string[]> {
  const { rows } = await pool.query<{ n: number; distinct: number }>(
    'select count(*)::int as n, count(distinct uuid)::int as distinct from sales where uuid = any($1::uuid[])',
    [uuids],
  );
  const delta = (await salesCount(pool)) - before;
  const t = run.tally;
  const problems: string[] = [];
  if (delta !== n) problems.push(`${delta} new sales on the server`);
  if (rows[0]!.n !== n || rows[0]!.distinct !== n)
    problems.push(`${rows[0]!.n} rows / ${rows[0]!.distinct} uuids of ${n} found`);
  if (t.requests !== n || t.distinctKeys !== n || t.maxSendsPerKey !== 1)
    problems.push(`${t.requests} requests, ${t.distinctKeys} keys, a key sent up to ${t.maxSendsPerKey}×`);
  if (t.statuses['201'] !== n) problems.push(`answers ${JSON.stringify(t.statuses)}`);
  if (t.replayed > 0) problems.push(`${t.replayed} idempotent replays`);
  if (run.left !== 0) problems.push(`${run.left} left in the queue`);
  return problems;
}

// ---- one run ----------------------------------------------------------------------------------------------

interface Bench {
  page: Page;
  pool: pg.Pool;
  shape: DemoSaleShape;
}

function call<T>(page: Page, method: keyof OfflineBench, ...params: unknown[]): Promise<T> {
  return page.evaluate(
    ({ method, params }) =>
      (window.__offlineBench![method] as (...p: unknown[]) => Promise<unknown>)(...params),
    { method, params },
  ) as Promise<T>;
}

/** Fills the queue first (not timed in `run`) for the queue kinds; then times the drain, posting or replay. */
async function runVariant({ page, pool, shape }: Bench, variant: Variant, n: number): Promise<Figures> {
  const { requests, uuids } = newSales(shape, n);
  let fill: FillResult | null = null;
  if (variant.kind === 'ours') fill = await call<FillResult>(page, 'fillOurs', requests);
  if (variant.kind === 'workbox') fill = await call<FillResult>(page, 'fillWorkbox', requests);
  if (fill && fill.size !== n) throw new Error(`${variant.label}: ${fill.size} queued of ${n}`);
  const before = await salesCount(pool);
  let run: RunResult;
  if (variant.kind === 'ours') run = await call<RunResult>(page, 'drainOurs', variant.drain ?? APP_DRAIN);
  else if (variant.kind === 'workbox') run = await call<RunResult>(page, 'replayWorkbox');
  else
    run = await call<RunResult>(page, 'postOnline', requests, {
      concurrency: ONLINE_CONCURRENCY,
      body: variant.body ?? 'json',
    });
  return { variant, run, fill, problems: await problemsOf(pool, n, uuids, before, run) };
}

function printRun(f: Figures, n: number): void {
  const r = f.run;
  const outside = (r.ms - r.tally.fetchMs) / n;
  const detail = Object.entries(r.detail)
    .map(([k, v]) => `${k} ${(v / n).toFixed(2)}`)
    .join(', ');
  console.info(
    `  ${f.variant.label.padEnd(22)} ${seconds(r.ms).padStart(8)} ${ms(r.ms / n).padStart(9)}/sale | ` +
      `in fetch ${ms(r.tally.fetchMs / n)}, outside ${ms(outside)}${detail ? ` (${detail})` : ''} | ` +
      `${f.problems.length === 0 ? 'ok' : `PROBLEM: ${f.problems.join('; ')}`}`,
  );
}

// ---- main -------------------------------------------------------------------------------------------------

async function openPage(browser: Browser, url: string, token: string): Promise<[Page, SetupInfo]> {
  const context = await browser.newContext();
  // tsx (esbuild keepNames) wraps functions in __name(); the page has none.
  await context.addInitScript('globalThis.__name = globalThis.__name || ((f) => f);');
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
  await page.goto(`${url}/${CONTEXT === 'worker' ? '?context=worker' : ''}`);
  await page.locator('body[data-ready="true"]').waitFor({ timeout: 30_000 });
  const info = await call<SetupInfo>(page, 'setup', { token });
  return [page, info];
}

function summary(all: readonly Figures[], variants: readonly Variant[]): boolean {
  const of = (v: Variant) => all.filter((f) => f.variant === v);
  const medianMs = (v: Variant) => median(of(v).map((f) => f.run.ms));
  const enqueues = (v: Variant) => of(v).map((f) => f.fill?.enqueueMs ?? []);
  const ours = enqueues(OURS).flat();
  const calls = of(OURS).flatMap((f) => f.fill?.callMs ?? []);
  const wb = enqueues(WORKBOX).flat();
  const line = (values: number[]) =>
    `p50 ${ms(percentile(values, 50))}  p99 ${ms(percentile(values, 99))}  max ${ms(Math.max(...values))}`;
  const edge = (runs: number[][], p: number) =>
    `first 100 p${p} ${ms(
      percentile(
        runs.flatMap((r) => r.slice(0, 100)),
        p,
      ),
    )}, ` +
    `last 100 p${p} ${ms(
      percentile(
        runs.flatMap((r) => r.slice(-100)),
        p,
      ),
    )}`;

  console.info(
    `\nenqueue latency, ${ours.length} enqueues (${ROUNDS} × ${SALES}, one at a time, into an empty queue):`,
  );
  console.info(`  our RequestQueue.enqueue    ${line(ours)} (${edge(enqueues(OURS), 99)})`);
  console.info(`  app's offline fetch → 202   ${line(calls)}`);
  console.info(`  Workbox Queue.pushRequest   ${line(wb)}`);

  const online = medianMs(ONLINE);
  const perRound = (a: Variant, b: Variant) =>
    of(a)
      .map((f, i) => (f.run.ms / of(b)[i]!.run.ms).toFixed(2))
      .join(', ');
  const perSale = (v: Variant, pick: (f: Figures) => number) => ms(median(of(v).map((f) => pick(f) / SALES)));
  console.info(`\nmedians over ${ROUNDS} rounds of ${SALES} sales (per sale: in fetch | outside fetch):`);
  for (const v of variants) {
    console.info(
      `  ${v.label.padEnd(22)} ${seconds(medianMs(v)).padStart(8)}  ` +
        `${perSale(v, (f) => f.run.tally.fetchMs)} | ${perSale(v, (f) => f.run.ms - f.run.tally.fetchMs)}` +
        `${v === ONLINE ? '' : `  / online ${(medianMs(v) / online).toFixed(2)}x (per round ${perRound(v, ONLINE)})`}`,
    );
  }
  const drainOnline = medianMs(OURS) / online;
  const oursWorkbox = medianMs(OURS) / medianMs(WORKBOX);
  console.info(
    `\n  drain / online  ${drainOnline.toFixed(2)}x  (target ≤ ${TARGET_DRAIN_ONLINE}: ` +
      `${drainOnline <= TARGET_DRAIN_ONLINE ? 'met' : 'MISSED'})`,
  );
  console.info(
    `  ours / Workbox  ${oursWorkbox.toFixed(2)}x  per round ${perRound(OURS, WORKBOX)} (target < ${TARGET_OURS_WORKBOX}: ` +
      `${oursWorkbox < TARGET_OURS_WORKBOX ? 'met' : 'MISSED'})`,
  );
  const bad = all.filter((f) => f.problems.length > 0);
  console.info(
    `  duplicates and losses: ${bad.length === 0 ? `none (${all.length} runs: each key sent once, 201 each, +${SALES} sales each on the server)` : `${bad.length} runs with PROBLEMS`}`,
  );
  return bad.length === 0;
}

async function main(): Promise<void> {
  const variants = [
    OURS,
    ONLINE,
    WORKBOX,
    ...(args.variants ?? '').split(',').filter(Boolean).map(parseVariant),
  ];
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
    const [page, info] = await openPage(browser, app.url, token);
    console.info(
      `server ${app.url} (fresh embedded DB, demo tenant, log level warn); ` +
        `${info.userAgent.replace(/^.*?(Chrome\/\S+).*$/, '$1')}, phases in the ${info.context}` +
        `${info.locks ? ' (Web Locks on)' : ''}; ${SALES} sales per run, ${ROUNDS} rounds; our drain: batch ` +
        `${APP_DRAIN.batchSize}, ${APP_DRAIN.concurrency} at a time; online: ${ONLINE_CONCURRENCY} at a time`,
    );
    const bench: Bench = { page, pool, shape };

    if (WARMUP > 0) {
      for (const v of variants) {
        const f = await runVariant(bench, v, WARMUP);
        if (f.problems.length) console.warn(`  warm-up ${v.label}: ${f.problems.join('; ')}`);
      }
      console.info(`warm-up: ${WARMUP} sales through each`);
    }

    const all: Figures[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // Rotated: each variant runs first, in the middle and last alike over the rounds.
      const order = variants.map((_, i) => variants[(i + round) % variants.length]!);
      console.info(`\nround ${round + 1}, load average ${load()}`);
      for (const v of order) {
        const f = await runVariant(bench, v, SALES);
        all.push(f);
        printRun(f, SALES);
      }
    }
    if (!summary(all, variants)) process.exitCode = 1;
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
