import { expect, it } from 'vitest';
import { fromPromise, setup } from 'xstate';
import { doneEvent, errorEvent } from '../../support/machine-coverage';
import { describeMachinePaths } from '../../support/machine-paths';

// A chart that starts two ways: one start alone leaves a state and its transitions out, the two together
// reach everything.
const machine = setup({
  types: { input: {} as { ready: boolean }, context: {} as { ready: boolean }, events: {} as { type: 'go' } },
  actors: { load: fromPromise<number>(async () => 1) },
  guards: { isReady: ({ context }) => context.ready },
}).createMachine({
  id: 'demo',
  context: ({ input }) => ({ ready: input.ready }),
  initial: 'start',
  states: {
    start: { always: [{ guard: 'isReady', target: 'loading' }, { target: 'waiting' }] },
    waiting: { on: { go: 'loading' } },
    loading: { invoke: { id: 'load', src: 'load', onDone: 'done', onError: 'waiting' } },
    done: { type: 'final' },
  },
});

const explored = describeMachinePaths(machine, {
  events: [doneEvent('load', 1), errorEvent('load', new Error('offline'))],
  starts: [
    { name: 'ready at start', input: { ready: true } },
    { name: 'waiting for go', input: { ready: false } },
  ],
});

it('explores each start on its own and merges their coverage', () => {
  expect(explored.starts.map((start) => start.name)).toEqual(['ready at start', 'waiting for go']);
  const [ready, waiting] = explored.starts;
  expect(ready?.coverage.transitions.missing).toContain('demo.start: always → demo.waiting');
  expect(waiting?.coverage.transitions.missing).toContain('demo.start: always [isReady] → demo.loading');
  expect(explored.coverage.states.missing).toEqual([]);
  expect(explored.coverage.transitions.missing).toEqual([]);
  expect(explored.starts.every((start) => start.paths.length > 0)).toBe(true);
});
