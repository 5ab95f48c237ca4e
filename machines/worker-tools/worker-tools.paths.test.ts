/**
 * Path tests of the worker tools (design.md §3, ADR 003): every state reached and every transition taken, each
 * path replayed on a real actor; once without and once with an operation to run at start.
 */
import { describe, expect, it } from 'vitest';
import {
  doneEvent,
  errorEvent,
  exploreMachine,
  mergeCoverage,
  printCoverage,
  replayPath,
} from '../../tests/support/machine-coverage';
import { workerToolsMachine } from './worker-tools.machine';
import type { WorkerToolsEvent, WorkerToolsInput } from './worker-tools.types';

const events = [
  { type: 'tools.run', operation: 'cacheInfo' },
  { type: 'tools.run', operation: 'forceReload' },
  { type: 'tools.run', operation: 'removeFailed' },
  { type: 'tools.confirm' },
  { type: 'tools.cancel' },
  { type: 'error.dismiss' },
] satisfies WorkerToolsEvent[];
const actorEvents = [
  doneEvent('runOperation', { operation: 'cacheInfo', caches: [{ name: 'static', entries: 2, size: 10 }] }),
  doneEvent('runOperation', { operation: 'listFailed', failed: [] }),
  errorEvent('runOperation', new Error('Cache info operation timeout')),
];

const inputs: Array<[string, WorkerToolsInput]> = [
  ['the status panel (nothing at start)', {}],
  ['the caching tab (stats at start)', { initial: { operation: 'cacheStats' } }],
  ['the sync tab (failed requests at start)', { initial: { operation: 'listFailed' } }],
];
const explorations = inputs.map(([name, input]) => ({
  name,
  input,
  ...exploreMachine(workerToolsMachine, { input, events: [...events, ...actorEvents] }),
}));

describe('workerTools paths', () => {
  it('reach every state and take every transition', () => {
    const coverage = mergeCoverage(...explorations.map((e) => e.coverage));
    printCoverage(workerToolsMachine, coverage);
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });

  for (const { name, input, paths } of explorations) {
    describe(name, () => {
      it.each(paths.map((path) => [path.description, path] as const))('replays %s', async (_, path) => {
        await replayPath(workerToolsMachine, path, { input });
      });
    });
  }
});
