/**
 * Timing a pure function in-process, for the domain benches (bench/domain): the median of many samples after a
 * warm-up, so the JIT has settled and one slow sample (a GC, the shared machine) does not move the figure. Each
 * bench prints its figure beside a reference timed the same way in the same run (docs/testing.md).
 */

const WARMUP_MS = 1500;
const SAMPLES = 400;

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/**
 * Median ms per call, over SAMPLES samples of `batch` calls each, after a warm-up of WARMUP_MS. `run` returns a
 * number that is summed into `sink`, so the engine cannot drop the call as dead code.
 */
export function measure(run: () => number, batch: number): { ms: number; sink: number } {
  let sink = 0;
  const warmEnd = performance.now() + WARMUP_MS;
  while (performance.now() < warmEnd) sink += run();
  const samples: number[] = [];
  for (let s = 0; s < SAMPLES; s++) {
    const start = performance.now();
    for (let b = 0; b < batch; b++) sink += run();
    samples.push((performance.now() - start) / batch);
  }
  return { ms: median(samples), sink };
}
