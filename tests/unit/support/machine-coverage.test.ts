import { describe, expect, it } from 'vitest';
import { assign, fromPromise, setup } from 'xstate';
import type { MachinePath } from '../../support/machine-coverage';
import {
  doneEvent,
  errorEvent,
  exploreMachine,
  formatCoverage,
  listTransitions,
  measureCoverage,
  replayPath,
} from '../../support/machine-coverage';

// A small chart with every kind of transition the helper must see: guarded branches, an eventless choice, an
// invoked promise actor (done and error), a delayed retry, a nested compound state and a final state.
const fetchMachine = setup({
  types: {
    context: {} as { cached: boolean; value: string | null; error: string | null },
    events: {} as { type: 'load' } | { type: 'cache.toggle' } | { type: 'finish' },
    input: {} as { cached: boolean },
  },
  guards: {
    isCached: ({ context }) => context.cached,
  },
  actors: {
    fetchValue: fromPromise<string>(async () => 'real'),
  },
  actions: {
    storeValue: assign({ value: (_, value: string) => value }),
    storeError: assign({ error: (_, message: string) => message }),
    toggleCache: assign({ cached: ({ context }) => !context.cached }),
  },
  delays: { retryDelay: 500 },
}).createMachine({
  id: 'fetch',
  initial: 'idle',
  context: ({ input }) => ({ cached: input.cached, value: null, error: null }),
  states: {
    idle: {
      on: {
        load: 'choosing',
        'cache.toggle': { actions: 'toggleCache' },
      },
    },
    choosing: {
      always: [{ guard: 'isCached', target: 'done' }, { target: 'working' }],
    },
    working: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'fetchValue',
            src: 'fetchValue',
            onDone: {
              target: '#fetch.done',
              actions: { type: 'storeValue', params: ({ event }) => event.output },
            },
            onError: {
              target: 'waiting',
              actions: { type: 'storeError', params: ({ event }) => String((event.error as Error).message) },
            },
          },
        },
        waiting: { after: { retryDelay: 'loading' } },
      },
    },
    done: { on: { finish: 'closed' } },
    closed: { type: 'final' },
  },
});

const events = [doneEvent('fetchValue', 'fresh'), errorEvent('fetchValue', new Error('offline'))];

describe('machine coverage', () => {
  it('counts every state node, nested and final, and every guarded, eventless, delayed and invoke transition', () => {
    const { coverage } = exploreMachine(fetchMachine, { events, input: { cached: false } });
    // idle, choosing, working, working.loading, working.waiting, done, closed
    expect(coverage.states).toEqual({ covered: 7, total: 7, missing: [] });
    // load, cache.toggle, 2 always branches, done, error, after, finish
    expect(coverage.transitions).toEqual({ covered: 8, total: 8, missing: [] });
    expect(formatCoverage('fetch', coverage)).toBe('fetch: states 7/7 (100%), transitions 8/8 (100%)');
  });

  it('names guarded branches separately, eventless ones as always and delayed ones by their after event', () => {
    const keys = [...listTransitions(fetchMachine).values()];
    expect(keys).toContain('fetch.choosing: always [isCached] → fetch.done');
    expect(keys).toContain('fetch.choosing: always → fetch.working');
    expect(keys).toContain(
      'fetch.working.waiting: xstate.after.retryDelay.fetch.working.waiting → fetch.working.loading',
    );
    expect(keys).toContain('fetch.idle: cache.toggle → (stay)');
  });

  it('reports what a set of paths misses', () => {
    const coverage = measureCoverage(fetchMachine, [], { cached: false });
    expect(coverage.states.missing).toEqual([
      'fetch.choosing',
      'fetch.closed',
      'fetch.done',
      'fetch.working',
      'fetch.working.loading',
      'fetch.working.waiting',
    ]);
    expect(coverage.transitions.covered).toBe(0);
  });

  it('replays every path on a real actor, settling fake actors and firing timers as the path says', async () => {
    const { paths } = exploreMachine(fetchMachine, { events, input: { cached: false } });
    expect(paths.some((p) => p.steps.some((s) => s.event.type.startsWith('xstate.after.')))).toBe(true);
    for (const path of paths) await replayPath(fetchMachine, path, { input: { cached: false } });
  });

  it('keeps the same coverage with fewer paths when asked for a minimal set', () => {
    const full = exploreMachine(fetchMachine, { events, input: { cached: false } });
    const minimal = exploreMachine(fetchMachine, { events, input: { cached: false }, minimal: true });
    expect(minimal.paths.length).toBeLessThan(full.paths.length);
    expect(minimal.coverage).toEqual(full.coverage);
  });

  it('fails a replay whose actor does not end where the path says', async () => {
    const { paths } = exploreMachine(fetchMachine, { events, input: { cached: false } });
    // A real actor that always fails cannot follow a path through a successful fetch.
    const failing = fromPromise<string>(async () => Promise.reject(new Error('down')));
    const viaFetch = paths.find((p) => p.steps.some((s) => s.event.type === 'xstate.done.actor.fetchValue'));
    expect(viaFetch).toBeDefined();
    await expect(
      replayPath(fetchMachine, viaFetch as MachinePath, {
        input: { cached: false },
        actors: { fetchValue: failing },
      }),
    ).rejects.toThrow(/expected/);
  });
});
