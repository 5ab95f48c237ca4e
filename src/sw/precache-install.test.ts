import { describe, expect, it } from 'vitest';
import { eachLimited, PRECACHE_CONCURRENCY } from './precache-install';

/** A task whose end the test decides, so "in flight" is observable. */
function gate() {
  let open!: () => void;
  let fail!: (error: Error) => void;
  const done = new Promise<void>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  return { done, open, fail };
}

const turn = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('eachLimited', () => {
  it('keeps at most the limit in flight, starts items in order and runs every one', async () => {
    const gates = Array.from({ length: 20 }, gate);
    const started: number[] = [];
    let running = 0;
    let most = 0;
    const all = eachLimited(
      gates.map((_, i) => i),
      PRECACHE_CONCURRENCY,
      async (i) => {
        started.push(i);
        running += 1;
        most = Math.max(most, running);
        await gates[i]!.done;
        running -= 1;
      },
    );
    await turn();
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    // Finishing one starts exactly the next.
    gates[2]!.open();
    await turn();
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6]);
    for (const g of gates) g.open();
    await all;
    expect(started).toEqual(gates.map((_, i) => i));
    expect(most).toBe(PRECACHE_CONCURRENCY);
  });

  it('stops starting new items after a failure and throws it once the running ones have settled', async () => {
    const gates = Array.from({ length: 10 }, gate);
    const started: number[] = [];
    const settled: number[] = [];
    const all = eachLimited(
      gates.map((_, i) => i),
      3,
      async (i) => {
        started.push(i);
        try {
          await gates[i]!.done;
        } finally {
          settled.push(i);
        }
      },
    );
    let outcome: unknown = 'pending';
    all.then(
      () => (outcome = 'resolved'),
      (error: unknown) => (outcome = error),
    );
    await turn();
    const broken = new Error('404 for /assets/gone.js');
    gates[1]!.fail(broken);
    await turn();
    // Still waiting for 0 and 2, and nothing new has started.
    expect(outcome).toBe('pending');
    expect(started).toEqual([0, 1, 2]);
    gates[0]!.open();
    gates[2]!.open();
    await turn();
    expect(outcome).toBe(broken);
    expect(settled.sort()).toEqual([0, 1, 2]);
  });

  it('handles no items and a limit larger than the list', async () => {
    await expect(eachLimited([], 6, () => Promise.reject(new Error('never')))).resolves.toBeUndefined();
    const seen: string[] = [];
    await eachLimited(['a', 'b'], 50, async (x) => void seen.push(x));
    expect(seen).toEqual(['a', 'b']);
  });
});
