/**
 * Path tests of the worker tools (docs/architecture.md#statecharts, ADR 003): every state reached and every
 * transition taken, each path replayed on a real actor; once without and once with an operation to run at
 * start.
 */
import { doneEvent, errorEvent } from '../../tests/support/machine-coverage';
import { describeMachinePaths } from '../../tests/support/machine-paths';
import { workerToolsMachine } from './worker-tools.machine';
import type { WorkerToolsEvent } from './worker-tools.types';

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

describeMachinePaths(workerToolsMachine, {
  events: [...events, ...actorEvents],
  starts: [
    { name: 'the status panel (nothing at start)', input: {} },
    { name: 'the caching tab (stats at start)', input: { initial: { operation: 'cacheStats' } } },
    { name: 'the sync tab (failed requests at start)', input: { initial: { operation: 'listFailed' } } },
  ],
});
