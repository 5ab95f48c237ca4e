/**
 * Tap on an item to the updated total on /pos/sales with a 20,000-item catalog, against the same with 100
 * items in the same run (target: p75 over 50 taps ≤ 50 ms, and ≤ 1.5× the small catalog's).
 *
 * The real app as the e2e setup starts it (bench/support/app-server.ts: the client built into a temp folder,
 * the server on a fresh database), two tenants seeded through the DB layer (bench/inp/seed-catalog.ts),
 * each cashier logged in through POST /api/login with the auth record put in localStorage before the app
 * starts (src/client/lib/storage.ts keys). Debian's Chromium under Playwright, one context per tenant, a
 * 10-inch tablet in landscape (1280×800, touch): pick a technician, then tap 50 different item tiles,
 * alternating between the two catalogs in blocks of 5 so machine noise falls on both alike.
 *
 * Each tap is measured twice (bench/inp/tap-probe.ts): the Event Timing interaction latency (durationThreshold
 * 16, entries with an interactionId: what INP reports) and the pointerdown to the first frame painted after the
 * grand total changed. Taps under the 16 ms threshold have no Event Timing entry and count as 16 ms.
 *
 *   npm run bench:inp
 *   npm run bench:inp -- --cpu-throttle=4          a slower device (CDP CPU throttling)
 *   npm run bench:inp -- --trace=/tmp/inp-trace.json   a Chrome performance trace of the last big-catalog block
 *   npm run bench:inp -- --cpu-profile=/tmp/inp.cpuprofile   a CPU profile of the big catalog's taps, and
 *                                                    where its time went (source-mapped, bench/support/cpu-profile.ts)
 *   npm run bench:inp -- --client-dir=/tmp/salon-bench-bundle --taps=20 --big=20000 --small=100
 *
 * Selectors are by role and accessible name (the employee buttons and item tiles by the seeded names, the
 * totals region and its "Total" term by the English strings of locales/en/common.json), with the screen's
 * data-testid as the fallback while a string is missing.
 */
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { createDb, createPool } from '../src/server/db/client';
import { seedCatalogTenant } from './inp/seed-catalog';
import type { SeededCatalog } from './inp/seed-catalog';
import { installProbe, interactionLatency, waitForTotalPaint } from './inp/tap-probe';
import { buildClient, loginThroughApi, startBenchApp } from './support/app-server';
import { printProfileReport } from './support/cpu-profile';
import type { CpuProfile } from './support/cpu-profile';
import { REPO_ROOT } from './support/manifest';

const { values: args } = parseArgs({
  options: {
    big: { type: 'string', default: '20000' },
    small: { type: 'string', default: '100' },
    taps: { type: 'string', default: '50' },
    block: { type: 'string', default: '5' },
    'cpu-throttle': { type: 'string', default: '1' },
    'client-dir': { type: 'string' },
    trace: { type: 'string' },
    'cpu-profile': { type: 'string' },
    headed: { type: 'boolean', default: false },
    echo: { type: 'boolean', default: false },
  },
});

const TARGET_P75_MS = 50;
const TARGET_RATIO = 1.5;
const UNDER_THRESHOLD_MS = 16;
const SETTLE_MS = 150;
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';

// ---- strings of the screen (English) ----------------------------------------------------------------------

const COMMON = JSON.parse(readFileSync(path.join(REPO_ROOT, 'locales/en/common.json'), 'utf8')) as Record<
  string,
  unknown
>;
function text(key: string): string | null {
  let node: unknown = COMMON;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return null;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : null;
}
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// ---- one tenant's page ------------------------------------------------------------------------------------

interface Side {
  label: string;
  seed: SeededCatalog;
  context: BrowserContext;
  page: Page;
  tiles: Locator[];
  /** CSS for the in-page probe: the totals region, and the total's value inside it. */
  totalsSelector: string;
  totalSelector: string | null;
  eventTiming: number[];
  underThreshold: number;
  tapToPaint: number[];
  loadMs: number;
}

async function openSale(browser: Browser, appUrl: string, label: string, seed: SeededCatalog): Promise<Side> {
  const record = await loginThroughApi(appUrl, {
    tenant: seed.tenantCode,
    username: seed.username,
    password: seed.password,
    workstation_id: seed.workstationId,
  });
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    hasTouch: true,
    locale: 'en-US',
    timezoneId: 'America/New_York',
  });
  // tsx (esbuild keepNames) wraps functions in __name(); the page has none.
  await context.addInitScript('globalThis.__name = globalThis.__name || ((f) => f);');
  await context.addInitScript(
    ({ auth, settings }) => {
      if (!localStorage.getItem('auth')) {
        localStorage.setItem('auth', auth);
        localStorage.setItem('initial_settings', settings);
      }
    },
    { auth: JSON.stringify(record), settings: JSON.stringify(record.initial_settings) },
  );
  await context.addInitScript(installProbe);
  const page = await context.newPage();
  const throttle = Number(args['cpu-throttle']);
  if (throttle > 1) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  }

  const started = performance.now();
  await page.goto(`${appUrl}/pos/sales`);
  const grid = page.getByRole('tabpanel');
  const first = new RegExp(
    `^(${['Manicure', 'Pedicure', 'Polish', 'Gel Polish'].map(escape).join('|')}) \\d+`,
  );
  await grid.getByRole('button', { name: first }).first().waitFor({ timeout: 60_000 });
  const loadMs = performance.now() - started;

  // Which tiles: the first visible ones with a seeded name (never the gift card tile, which opens a dialog).
  const names = (await grid.getByRole('button').allInnerTexts())
    .map((t) => t.split('\n')[0]!.trim())
    .filter((n) => /^[A-Za-z ]+ \d+$/.test(n));
  const taps = Number(args.taps);
  if (names.length === 0) throw new Error(`${label}: no item tiles`);
  const tiles = Array.from({ length: taps }, (_, i) =>
    grid.getByRole('button', { name: new RegExp(`^${escape(names[i % names.length]!)}\\b`) }).first(),
  );

  const totalsTitle = text('sale.totals.title');
  const totalLabel = text('sale.totals.total');
  let totalsSelector = '[data-testid="totals-panel"]';
  let totalSelector: string | null = '[data-testid="total-total-value"]';
  if (totalsTitle && totalLabel) {
    const region = page.getByRole('region', { name: totalsTitle, exact: true });
    await region
      .getByRole('term')
      .filter({ hasText: new RegExp(`^${escape(totalLabel)}$`) })
      .waitFor();
    totalsSelector = `section[aria-label="${totalsTitle}"]`;
    totalSelector = null;
  } else {
    console.warn(`  ${label}: sale.totals.* strings missing in locales/en; totals found by data-testid`);
  }

  // A technician first (the employee bar's buttons, named after the person).
  const employeesTitle = text('sale.employees.title');
  const employees = employeesTitle
    ? page.getByRole('region', { name: employeesTitle, exact: true })
    : page.getByTestId('employee-bar');
  await employees.getByRole('button', { name: new RegExp(`^${escape(seed.technicians[0]!)}`) }).tap();
  await page.waitForTimeout(SETTLE_MS);

  const side: Side = {
    label,
    seed,
    context,
    page,
    tiles,
    totalsSelector,
    totalSelector,
    eventTiming: [],
    underThreshold: 0,
    tapToPaint: [],
    loadMs,
  };
  if (!totalSelector) side.totalSelector = await totalValueSelector(page, totalsSelector, totalLabel!);
  return side;
}

/** Marks the <dd> after the "Total" term so the probe reads only the grand total. */
async function totalValueSelector(page: Page, totalsSelector: string, totalLabel: string): Promise<string> {
  const found = await page.evaluate(
    ({ totalsSelector, totalLabel }) => {
      const root = document.querySelector(totalsSelector);
      const term = Array.from(root?.querySelectorAll('dt') ?? []).find(
        (dt) => dt.textContent?.trim() === totalLabel,
      );
      const value = term?.nextElementSibling;
      if (!value) return false;
      value.setAttribute('data-bench-total', '');
      return true;
    },
    { totalsSelector, totalLabel },
  );
  if (!found) throw new Error(`no "${totalLabel}" term in ${totalsSelector}`);
  return '[data-bench-total]';
}

async function readTotal(side: Side): Promise<string> {
  return side.page.evaluate(
    ({ totalsSelector, totalSelector }) => {
      const root = document.querySelector(totalsSelector);
      return (totalSelector ? root?.querySelector(totalSelector) : root)?.textContent ?? '';
    },
    { totalsSelector: side.totalsSelector, totalSelector: side.totalSelector },
  );
}

async function tapOnce(side: Side, index: number): Promise<void> {
  const tile = side.tiles[index]!;
  await tile.scrollIntoViewIfNeeded();
  const before = await readTotal(side);
  const painted = side.page.evaluate(waitForTotalPaint, {
    totalsSelector: side.totalsSelector,
    totalSelector: side.totalSelector,
    before,
    timeoutMs: 10_000,
  });
  await tile.tap();
  const result = await painted;
  side.tapToPaint.push(result.tapToPaint);
  await side.page.waitForTimeout(SETTLE_MS);
  const latency = await side.page.evaluate(interactionLatency, result.pointerDown);
  if (latency === null) {
    side.underThreshold++;
    side.eventTiming.push(UNDER_THRESHOLD_MS);
  } else {
    side.eventTiming.push(latency);
  }
}

// ---- figures ----------------------------------------------------------------------------------------------

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

function line(side: Side): string {
  const f = (v: number) => `${v.toFixed(0).padStart(4)} ms`;
  return (
    `${side.label.padEnd(14)} Event Timing p50 ${f(percentile(side.eventTiming, 50))} p75 ${f(percentile(side.eventTiming, 75))} ` +
    `max ${f(Math.max(...side.eventTiming))} (${side.underThreshold} under 16 ms) | tap→painted total p50 ` +
    `${f(percentile(side.tapToPaint, 50))} p75 ${f(percentile(side.tapToPaint, 75))} | first load ${f(side.loadMs)}`
  );
}

/** Writes the blocks' profiles (one file per block) and prints where the taps' CPU time went. */
async function main(): Promise<void> {
  const taps = Number(args.taps);
  const block = Math.max(1, Number(args.block));
  let clientDir = args['client-dir'];
  if (!clientDir) {
    clientDir = path.join(tmpdir(), 'salon-bench-inp-client');
    console.info(`client built into ${clientDir} in ${(await buildClient(clientDir)).toFixed(1)} s`);
  }
  const app = await startBenchApp({ clientDir, echo: args.echo });
  let browser: Browser | null = null;
  try {
    const pool = createPool(await app.databaseUrl(), { max: 2, applicationName: 'salon-bench-seed' });
    let big: SeededCatalog;
    let small: SeededCatalog;
    try {
      const db = createDb(pool);
      const t0 = performance.now();
      big = await seedCatalogTenant(db, { code: 'BENCHBIG', items: Number(args.big) });
      small = await seedCatalogTenant(db, { code: 'BENCHSMALL', items: Number(args.small) });
      console.info(
        `seeded ${big.items} + ${small.items} items in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
      );
    } finally {
      await pool.end();
    }

    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: !args.headed,
      args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-background-networking', '--no-first-run'],
    });
    const sides = [
      await openSale(browser, app.url, `${big.items} items`, big),
      await openSale(browser, app.url, `${small.items} items`, small),
    ];
    const throttle = Number(args['cpu-throttle']);
    const profiles: CpuProfile[] = [];
    console.info(
      `app at ${app.url}; ${taps} taps per catalog in blocks of ${block}; CPU throttling ${throttle}x`,
    );

    const profiler = args['cpu-profile'] ? await sides[0]!.context.newCDPSession(sides[0]!.page) : null;
    if (profiler) {
      await profiler.send('Profiler.enable');
      await profiler.send('Profiler.setSamplingInterval', { interval: 200 });
    }
    for (let start = 0; start < taps; start += block) {
      for (const side of sides) {
        await side.page.bringToFront();
        const tracing = args.trace && side === sides[0] && start + block >= taps;
        if (tracing) await browser.startTracing(side.page, { path: args.trace, screenshots: false });
        if (profiler && side === sides[0]) await profiler.send('Profiler.start');
        for (let i = start; i < Math.min(taps, start + block); i++) await tapOnce(side, i);
        if (profiler && side === sides[0])
          profiles.push((await profiler.send('Profiler.stop')).profile as CpuProfile);
        if (tracing) await browser.stopTracing();
      }
    }

    const [b, s] = sides as [Side, Side];
    console.info('');
    for (const side of sides) console.info(line(side));
    // The ticket grows by a line per tap: a cost that grows with it shows here, whatever the catalog.
    const tenth = Math.max(1, Math.floor(taps / 5));
    for (const side of sides) {
      const early = percentile(side.eventTiming.slice(0, tenth), 75);
      const late = percentile(side.eventTiming.slice(-tenth), 75);
      console.info(
        `${side.label.padEnd(14)} Event Timing p75 of taps 1-${tenth}: ${early.toFixed(0)} ms, of the last ${tenth}: ${late.toFixed(0)} ms`,
      );
    }
    const bigP75 = percentile(b.eventTiming, 75);
    const smallP75 = percentile(s.eventTiming, 75);
    const ratio = bigP75 / smallP75;
    const paintRatio = percentile(b.tapToPaint, 75) / percentile(s.tapToPaint, 75);
    console.info(
      `\nEvent Timing p75 with ${b.seed.items} items: ${bigP75.toFixed(0)} ms (target ≤ ${TARGET_P75_MS}: ` +
        `${bigP75 <= TARGET_P75_MS ? 'met' : 'MISSED'}); ratio to ${s.seed.items} items ${ratio.toFixed(2)}x ` +
        `(target ≤ ${TARGET_RATIO}: ${ratio <= TARGET_RATIO ? 'met' : 'MISSED'})`,
    );
    console.info(`tap→painted total p75 ratio ${paintRatio.toFixed(2)}x`);
    if (args['cpu-profile'] && profiles.length > 0)
      printProfileReport(profiles, args['cpu-profile'], clientDir, `${b.label} taps`);
    if (args.trace)
      console.info(
        `trace of the last ${b.label} block in ${args.trace} (open in chrome://tracing or DevTools)`,
      );
    for (const side of sides) await side.context.close();
  } finally {
    await browser?.close();
    await app.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
});
