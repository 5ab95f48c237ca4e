import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { aDashboard } from './dashboard.fixtures';
import { DASHBOARD_REFRESH_MS } from './dashboard.constants';
import { dashboardMachine } from './dashboard.machine';
import { selectStatus, selectSummary } from './dashboard.selectors';
import type { DashboardData, DashboardQueryInput } from './dashboard.types';

function start(answer: (query: DashboardQueryInput, signal: AbortSignal) => Promise<DashboardData>) {
  const queries: DashboardQueryInput[] = [];
  const actor = createActor(
    dashboardMachine.provide({
      actors: {
        fetchDashboard: fromPromise(
          ({ input, signal }: { input: DashboardQueryInput; signal: AbortSignal }) => {
            queries.push(input);
            return answer(input, signal);
          },
        ),
      },
    }),
    { input: {} },
  ).start();
  return { actor, queries, settled: () => waitFor(actor, (s) => !s.hasTag('busy')) };
}

describe('dashboard chart', () => {
  it('loads today first; a period picked while it loads aborts the first load, whose answer never shows', async () => {
    const aborted: string[] = [];
    const { actor, queries, settled } = start(
      (query, signal) =>
        new Promise((resolve) => {
          signal.addEventListener('abort', () => aborted.push(query.period));
          // The first (today) answers late; by then the week's load has replaced it.
          setTimeout(
            () => resolve(aDashboard(query.period === 'today' ? 9 : 4)),
            query.period === 'today' ? 30 : 0,
          );
        }),
    );
    actor.send({ type: 'period.set', period: 'this_week' });
    await settled();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(queries.map((q) => q.period)).toEqual(['today', 'this_week']);
    expect(aborted).toEqual(['today']);
    expect(selectSummary(actor.getSnapshot())?.current.sales_count).toBe(4);
  });

  it('keeps the figures shown while a refresh loads, and refreshes on its own while shown', async () => {
    vi.useFakeTimers();
    try {
      let sales = 3;
      const { actor, queries } = start(async () => aDashboard(sales));
      await vi.advanceTimersByTimeAsync(0);
      expect(selectStatus(actor.getSnapshot())).toBe('ready');
      sales = 0;
      actor.send({ type: 'refresh' });
      expect(selectStatus(actor.getSnapshot())).toBe('loading');
      expect(selectSummary(actor.getSnapshot())?.current.sales_count).toBe(3);
      await vi.advanceTimersByTimeAsync(0);
      expect(selectStatus(actor.getSnapshot())).toBe('empty');
      await vi.advanceTimersByTimeAsync(DASHBOARD_REFRESH_MS);
      expect(queries).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });
});
