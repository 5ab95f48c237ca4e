/**
 * The figures the in-process benches print (bench/back-office/*.bench.ts): request times sampled in rounds
 * with a warm-up, their p50 and p99, the ratio of the app to its raw-SQL reference against a target, the live
 * heap, and the machine's load average (the benches run on a shared machine: a p99 means little without it).
 */
import { loadavg } from 'node:os';

/** The nearest-rank percentile of already sorted times (p in 0-100). */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

export interface Figures {
  p50: number;
  p99: number;
}

export function figures(times: readonly number[]): Figures {
  const sorted = [...times].sort((x, y) => x - y);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
}

export const ms = (value: number): string => `${value.toFixed(2)} ms`;

/** "p50 12.30 ms  p99 45.60 ms" */
export const figuresText = ({ p50, p99 }: Figures): string => `p50 ${ms(p50)}  p99 ${ms(p99)}`;

/**
 * Times each step of a round in turn, `warmup + requests` rounds, and keeps the times of the rounds after the
 * warm-up. Steps of one round run one after the other (never at once), so the app and its raw reference meet
 * the same machine load, interleaved through the run.
 */
export async function sampleRounds<K extends string>(
  { warmup, requests }: { warmup: number; requests: number },
  steps: Record<K, (round: number) => Promise<unknown>>,
): Promise<Record<K, number[]>> {
  const names = Object.keys(steps) as K[];
  const times = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<K, number[]>;
  for (let round = 0; round < warmup + requests; round += 1) {
    for (const name of names) {
      const started = performance.now();
      await steps[name](round);
      if (round >= warmup) times[name].push(performance.now() - started);
    }
  }
  return times;
}

/** "ratio p50 1.10x (target <= 1.5x) OK": the app's p50 over its raw reference's. */
export function ratioText(app: Figures, raw: Figures, target: number): string {
  const ratio = app.p50 / raw.p50;
  return `ratio p50 ${ratio.toFixed(2)}x (target <= ${target}x) ${ratio <= target ? 'OK' : 'MISSED'}`;
}

/** "load average 1.52 3.10 4.00 (1, 5, 15 min)", as uptime prints it. */
export function loadText(): string {
  return `load average ${loadavg()
    .map((load) => load.toFixed(2))
    .join(' ')} (1, 5, 15 min)`;
}

/**
 * Live heap: a full collection, then heapUsed (run with --expose-gc; without it the figure includes garbage
 * not yet collected).
 */
export function liveHeap(): number {
  global.gc?.();
  return process.memoryUsage().heapUsed;
}

/**
 * Samples the live heap every `everyMs` while `work` runs and answers its peak growth over the start, in MB.
 * Each sample forces a full collection, which slows the work: time it in another run.
 */
export async function peakHeapGrowthMb<T>(
  work: () => Promise<T>,
  everyMs: number,
): Promise<{ result: T; growthMb: number }> {
  const baseline = liveHeap();
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, liveHeap());
  }, everyMs);
  try {
    const result = await work();
    peak = Math.max(peak, liveHeap());
    return { result, growthMb: (peak - baseline) / 1e6 };
  } finally {
    clearInterval(sampler);
  }
}
