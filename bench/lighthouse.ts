/**
 * Lighthouse 12 desktop on /login and /pos/sales (target: performance ≥ 95, accessibility 100),
 * against the real app: the client built into a temp folder, the server on a fresh database with the demo
 * tenant (bench/support/app-server.ts). Chromium is Debian's (CHROME_PATH, default /usr/bin/chromium),
 * launched by chrome-launcher with --headless=new --no-sandbox, a fresh profile per run so every load is cold.
 *
 * /pos/sales needs a session: the bench logs in as the demo cashier through POST /api/login and writes the
 * auth record and initial settings into the profile's localStorage (the keys of src/client/lib/storage.ts)
 * from a same-origin page that loads no JS (/api/health), then audits with disableStorageReset so Lighthouse
 * keeps them. Nothing else is cached: the load is still cold.
 *
 * Reference (docs/architecture.md#how-the-work-is-judged): the same audit of a static page (one heading, no
 * JS) served by this process on loopback, in the same run; metrics print as app/reference ratios beside the
 * absolute figures. Scores are the issue's absolute targets. Each page runs --runs times (default 3); the
 * median by performance score is shown. Missed targets are printed, not thrown.
 *
 *   npm run bench:lighthouse
 *   npm run bench:lighthouse -- --runs=5 --client-dir=/tmp/salon-bench-bundle   (reuse a build)
 *   npm run bench:lighthouse -- --pages=/pos/sales --json=/tmp/lh                 (full reports as JSON)
 */
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import type { Result as LighthouseResult } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { DEMO_PASSWORD } from '../src/server/seed/demo-data';
import { buildClient, loginThroughApi, startBenchApp } from './support/app-server';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    pages: { type: 'string', default: '/login,/pos/sales' },
    'client-dir': { type: 'string' },
    user: { type: 'string', default: 'cashier' },
    json: { type: 'string' },
    echo: { type: 'boolean', default: false },
  },
});

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu'];
const TARGET_PERFORMANCE = 95;
const TARGET_ACCESSIBILITY = 100;
const METRICS = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'SI'],
] as const;

const REFERENCE_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Reference</title>
<meta name="description" content="Reference page of the Lighthouse benchmark"></head>
<body><main><h1>Reference page</h1><p>One heading, one paragraph, no script.</p></main></body></html>`;

function startReferenceServer(): Promise<{ server: Server; url: string }> {
  return new Promise((resolve) => {
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
      res.end(REFERENCE_HTML);
    });
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({
        server,
        url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`,
      });
    });
  });
}

interface Storage {
  origin: string;
  items: Record<string, string>;
}

interface Audit {
  score: number | null;
  scoreDisplayMode: string;
  title: string;
  displayValue?: string;
  numericValue?: number;
}

interface RunFigures {
  performance: number;
  accessibility: number;
  metrics: Record<string, number>;
  scriptBytes: number;
  scriptTransfer: number;
  failing: string[];
  lhr: LighthouseResult;
}

/** One cold audit in its own Chromium; `storage` is written into localStorage first. */
async function audit(url: string, storage: Storage | null): Promise<RunFigures> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const page = await browser.newPage();
    if (storage) {
      await page.goto(`${storage.origin}/api/health`);
      await page.evaluate((items: Record<string, string>) => {
        for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
      }, storage.items);
    }
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        logLevel: 'error',
        output: 'json',
        onlyCategories: ['performance', 'accessibility'],
        disableStorageReset: storage !== null,
      },
      desktopConfig,
      page,
    );
    await browser.disconnect();
    if (!result) throw new Error(`lighthouse returned nothing for ${url}`);
    return figuresOf(result.lhr);
  } finally {
    chrome.kill();
  }
}

function figuresOf(lhr: LighthouseResult): RunFigures {
  const audits = lhr.audits as Record<string, Audit>;
  const metrics: Record<string, number> = {};
  for (const [id, label] of METRICS) metrics[label] = audits[id]?.numericValue ?? NaN;
  const requests = ((audits['network-requests'] as unknown as { details?: { items?: NetworkItem[] } }).details
    ?.items ?? []) as NetworkItem[];
  const scripts = requests.filter((r) => r.resourceType === 'Script');
  const failing: string[] = [];
  for (const categoryId of ['performance', 'accessibility']) {
    for (const ref of lhr.categories[categoryId]?.auditRefs ?? []) {
      const a = audits[ref.id];
      if (!a || a.score === null || a.score >= 0.9) continue;
      if (['notApplicable', 'manual', 'informative'].includes(a.scoreDisplayMode)) continue;
      if (ref.group === 'metrics') continue;
      failing.push(
        `${categoryId}: ${ref.id} (${a.score}) ${a.title}${a.displayValue ? ` — ${a.displayValue}` : ''}`,
      );
    }
  }
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    metrics,
    scriptBytes: scripts.reduce((sum, r) => sum + (r.resourceSize ?? 0), 0),
    scriptTransfer: scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
    failing,
    lhr,
  };
}

interface NetworkItem {
  url: string;
  resourceType?: string;
  resourceSize?: number;
  transferSize?: number;
}

function median(runs: RunFigures[]): RunFigures {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

const fmt = (label: string, value: number) =>
  label === 'CLS' ? value.toFixed(3) : `${Math.round(value)} ms`;

async function main(): Promise<void> {
  const runs = Math.max(1, Number(args.runs));
  const pages = args.pages
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  let clientDir = args['client-dir'];
  if (!clientDir) {
    clientDir = path.join(tmpdir(), 'salon-bench-lighthouse-client');
    const seconds = await buildClient(clientDir);
    console.info(`client built into ${clientDir} in ${seconds.toFixed(1)} s`);
  }
  const app = await startBenchApp({ clientDir, echo: args.echo });
  const reference = await startReferenceServer();
  const results: Record<string, RunFigures> = {};
  try {
    const record = await loginThroughApi(app.url, { username: args.user, password: DEMO_PASSWORD });
    const session: Storage = {
      origin: app.url,
      items: { auth: JSON.stringify(record), initial_settings: JSON.stringify(record.initial_settings) },
    };
    console.info(`app at ${app.url}; reference page at ${reference.url}; ${runs} run(s) per page\n`);

    const all: [string, string, Storage | null][] = [
      ['reference', reference.url, null],
      ...pages.map((p): [string, string, Storage | null] => [
        p,
        `${app.url}${p}`,
        p === '/login' ? null : session,
      ]),
    ];
    for (const [name, url, storage] of all) {
      const figures: RunFigures[] = [];
      for (let i = 0; i < runs; i++) figures.push(await audit(url, storage));
      results[name] = median(figures);
      const scores = figures.map((f) => `${f.performance}/${f.accessibility}`).join(' ');
      // Lighthouse's own measure of this host's speed during the run (higher is faster): a busy machine
      // shows here first, before it shows in the scores.
      const hosts = figures.map((f) => Math.round(f.lhr.environment.benchmarkIndex)).join(' ');
      console.info(`${name}: performance/accessibility per run ${scores}; host benchmarkIndex ${hosts}`);
      const finalUrl = results[name].lhr.finalDisplayedUrl;
      if (finalUrl && !finalUrl.startsWith(url)) console.warn(`  ! ${name} ended on ${finalUrl}`);
    }
  } finally {
    reference.server.close();
    await app.stop();
  }

  const ref = results.reference!;
  console.info('\nMedian run (by performance score); metric ratios are page / reference page');
  for (const page of pages) {
    const r = results[page]!;
    const perfOk = r.performance >= TARGET_PERFORMANCE;
    const a11yOk = r.accessibility >= TARGET_ACCESSIBILITY;
    console.info(
      `\n${page}: performance ${r.performance} (target ≥ ${TARGET_PERFORMANCE}: ${perfOk ? 'met' : 'MISSED'}), ` +
        `accessibility ${r.accessibility} (target ${TARGET_ACCESSIBILITY}: ${a11yOk ? 'met' : 'MISSED'})`,
    );
    for (const [, label] of METRICS) {
      const value = r.metrics[label]!;
      const base = ref.metrics[label]!;
      const ratio = base > 0 ? `${(value / base).toFixed(2)}x` : 'n/a';
      console.info(
        `  ${label.padEnd(4)} ${fmt(label, value).padStart(9)}  reference ${fmt(label, base).padStart(9)}  ${ratio}`,
      );
    }
    console.info(
      `  JS: ${(r.scriptBytes / 1024).toFixed(1)} KiB decoded, ${(r.scriptTransfer / 1024).toFixed(1)} KiB transferred`,
    );
    if (r.failing.length === 0) console.info('  failing audits: none');
    else for (const line of r.failing) console.info(`  failing ${line}`);
  }

  if (args.json) {
    mkdirSync(args.json, { recursive: true });
    for (const [name, r] of Object.entries(results)) {
      const file = path.join(args.json, `${name.replace(/\W+/g, '_').replace(/^_|_$/g, '') || 'root'}.json`);
      writeFileSync(file, JSON.stringify(r.lhr));
    }
    console.info(`\nreports in ${args.json}`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
});
