/**
 * Path tests of app startup (docs/architecture.md#statecharts, ADR 003): every state reached and every
 * transition taken, each path replayed on a real actor. Its timers never run side by side, so
 * machine-coverage's clocked replay fits.
 */
import { doneEvent, errorEvent } from '../../tests/support/machine-coverage';
import { describeMachinePaths } from '../../tests/support/machine-paths';
import { appStartupMachine } from './app-startup.machine';

const machine = appStartupMachine.provide({
  actions: { clearVersionedLocalData: () => {}, reloadPage: () => {} },
});

const events = [
  { type: 'startup.retry' },
  doneEvent('initWorker'),
  errorEvent('initWorker', new TypeError('Failed to fetch')),
  doneEvent('checkVersion', { version: '2.0.0', changed: true }),
  doneEvent('checkVersion', { version: '1.0.0', changed: false }),
  errorEvent('checkVersion', new Error('VERSION_CHECK_ERROR')),
];

describeMachinePaths(machine, {
  events,
  starts: [
    { name: 'a browser with service workers', input: {} },
    { name: 'an embedded web view', input: { embedded: true } },
    { name: 'no service worker support', input: { supported: false } },
  ],
});
