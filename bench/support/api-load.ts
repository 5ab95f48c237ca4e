/**
 * The load and the figures of the HTTP benchmarks (bench/api/*.bench.ts): autocannon's answer turned into
 * req/s, p50 and p99; the same work sent by raw `pg` clients in closed loops; the server process's CPU; the
 * API/raw pair printed with its ratio and the targets it misses (printed, not thrown: docs/testing.md).
 */
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import type { AutocannonResult } from 'autocannon';
import type pg from 'pg';

export interface LoadFigures {
  rps: number;
  p50: number;
  p99: number;
  count: number;
  errors: number;
}

export function fromAutocannon(result: AutocannonResult, label: string): LoadFigures {
  const errors = result.errors + result.non2xx;
  if (errors > 0) {
    console.warn(
      `  ${label}: ${result.errors} errors, ${result.non2xx} non-2xx ${JSON.stringify(result.statusCodeStats)}`,
    );
  }
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    count: result.requests.total,
    errors,
  };
}

const CLOCK_TICKS = 100;

/** CPU seconds (user + system) the process has used so far; Linux only, else NaN. */
function cpuSeconds(pid: number | undefined): number {
  if (pid === undefined || process.platform !== 'linux') return NaN;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of proc(5), here 11 and 12 (after pid, comm and state).
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return NaN;
  }
}

/** Runs `work` and says how busy the server's Node process was meanwhile, in % of one core. */
export async function withServerCpu<T>(
  pid: number | undefined,
  work: () => Promise<T>,
): Promise<[T, number]> {
  const cpu0 = cpuSeconds(pid);
  const t0 = performance.now();
  const result = await work();
  return [result, ((cpuSeconds(pid) - cpu0) / ((performance.now() - t0) / 1000)) * 100];
}

/** Nearest rank (rounded up) of already sorted values, p in 0-100. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** `clients` loops, each on its own connection, running `work` back to back for `seconds`. */
export async function closedLoop(
  pool: pg.Pool,
  clients: number,
  seconds: number,
  work: (client: pg.PoolClient, i: number) => Promise<unknown>,
): Promise<LoadFigures> {
  const latencies: number[] = [];
  let errors = 0;
  let n = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      const client = await pool.connect();
      try {
        while (performance.now() < end) {
          const t0 = performance.now();
          try {
            await work(client, n++);
            latencies.push(performance.now() - t0);
          } catch (error) {
            if (errors++ === 0) console.warn('  raw error:', error instanceof Error ? error.message : error);
          }
        }
      } finally {
        client.release();
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    count: latencies.length,
    errors,
  };
}

export const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '-');

/** Prints the pair; returns the targets it misses (API p99 <= 4x p50 always, the ratio when given). */
export function printPair(title: string, api: LoadFigures, raw: LoadFigures, minRatio?: number): string[] {
  const ratio = api.rps / raw.rps;
  const spreadApi = api.p99 / api.p50;
  const spreadRaw = raw.p99 / raw.p50;
  console.info(`\n${title}`);
  console.info('                 req/s      p50 ms    p99 ms   p99/p50   requests   errors');
  for (const [name, f, spread] of [
    ['API (HTTP)', api, spreadApi],
    ['raw pg', raw, spreadRaw],
  ] as const) {
    console.info(
      `  ${name.padEnd(12)} ${fmt(f.rps).padStart(8)} ${fmt(f.p50, 2).padStart(10)} ${fmt(f.p99, 2).padStart(9)} ` +
        `${fmt(spread, 2).padStart(9)} ${String(f.count).padStart(10)} ${String(f.errors).padStart(8)}`,
    );
  }
  console.info(
    `  API / raw: ${fmt(ratio, 2)}x requests per second${minRatio !== undefined ? ` (target >= ${minRatio}x)` : ''}`,
  );
  const missed: string[] = [];
  if (minRatio !== undefined && !(ratio >= minRatio)) {
    missed.push(`${title}: API/raw ${fmt(ratio, 2)}x < ${minRatio}x`);
  }
  if (!(spreadApi <= 4)) missed.push(`${title}: API p99/p50 ${fmt(spreadApi, 2)} > 4`);
  return missed;
}

/** The figures depend on what else the machine is doing: the line that says how busy it was. */
export function machineText(): string {
  return `machine: ${cpus().length} CPUs, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}, node ${process.version}`;
}

export function printMissed(missed: readonly string[]): void {
  console.info(missed.length === 0 ? '\nAll targets met.' : `\nMissed targets:\n  ${missed.join('\n  ')}`);
}
