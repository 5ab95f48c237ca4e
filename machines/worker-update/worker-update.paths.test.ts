/**
 * Path tests of the worker update lifecycle (docs/architecture.md#statecharts, ADR 003). Delayed events are
 * sent, not clocked (tests/support/machines/timed-path-replay.ts): the banner's 30 s and the 5-minute flag
 * sweep run side by side. Five starts: a plain browser, a stale and a fresh in-progress flag, an embedded web
 * view, no worker support; each initialised as is, with a worker already waiting, after a version change, or
 * both.
 */
import { doneEvent, errorEvent } from '../../tests/support/machine-coverage';
import { describeMachinePaths } from '../../tests/support/machine-paths';
import { replayTimedPath } from '../../tests/support/machines/timed-path-replay';
import { workerUpdateMachine } from './worker-update.machine';
import type { WorkerUpdateContext, WorkerUpdateEvent } from './worker-update.types';

const machine = workerUpdateMachine.provide({
  actions: {
    persistUpdateFlag: () => {},
    clearUpdateFlags: () => {},
    sendSkipWaiting: () => {},
    reloadPage: () => {},
  },
});

const userEvents: WorkerUpdateEvent[] = [
  { type: 'update.found' },
  { type: 'update.waiting' },
  { type: 'update.failed', message: 'redundant' },
  { type: 'worker.activated' },
  { type: 'version.changed', version: '2.0.0' },
  { type: 'update.now' },
  { type: 'update.later' },
  { type: 'update.apply' },
  { type: 'update.check' },
  { type: 'update.refresh' },
  { type: 'update.close' },
  { type: 'flags.clear' },
];

const actorEvents = [
  doneEvent('initialise', { version: '1.0.0' }),
  // Started with a newer worker waiting (Later, then a reload), and after the update (the version changed).
  doneEvent('initialise', { version: '1.0.0', updateWaiting: true }),
  doneEvent('initialise', { version: '2.0.0', versionChanged: true }),
  doneEvent('initialise', { version: '2.0.0', versionChanged: true, updateWaiting: true }),
  errorEvent('initialise', new Error('Service Worker not ready after 10 seconds')),
  doneEvent('checkForUpdate'),
  errorEvent('checkForUpdate', new Error('Failed to fetch')),
];

const now = () => 1_000_000;
describeMachinePaths(machine, {
  events: [...userEvents, ...actorEvents],
  facts: ({ context }: { context: WorkerUpdateContext }) => context.updateFlagSetAt,
  minimal: true,
  replay: replayTimedPath,
  starts: [
    { name: 'a browser with service workers', input: { now } },
    { name: 'a stale in-progress flag', input: { now, updateFlagSetAt: 0 } },
    { name: 'a fresh in-progress flag', input: { now, updateFlagSetAt: 900_000 } },
    { name: 'an embedded web view', input: { now, embedded: true } },
    { name: 'no service worker support', input: { now, supported: false } },
  ],
});
