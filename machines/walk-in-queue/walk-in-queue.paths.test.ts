import { fromCallback } from 'xstate';
import { doneEvent, errorEvent } from '../../tests/support/machine-coverage';
import { describeMachinePaths } from '../../tests/support/machine-paths';
import { offline, serverDown } from '../../tests/support/machines/api-failures';
import { QUEUE } from './walk-in-queue.fixtures';
import { walkInQueueMachine } from './walk-in-queue.machine';
import type { WalkInQueueEvent } from './walk-in-queue.types';

const events = [
  { type: 'reload' },
  { type: 'retry' },
  { type: 'live.changed' },
  { type: 'connection.online' },
] satisfies WalkInQueueEvent[];

describeMachinePaths(walkInQueueMachine, {
  events: [
    ...events,
    doneEvent('loadQueue', QUEUE),
    errorEvent('loadQueue', offline),
    errorEvent('loadQueue', serverDown),
    doneEvent('reloadQueue', QUEUE),
    errorEvent('reloadQueue', offline),
    errorEvent('reloadQueue', serverDown),
  ],
  facts: (s) => s.context.view !== null,
  compareContext: false,
  // The live channel is the app's; in the replays it stays quiet.
  actors: { watchLive: fromCallback(() => {}) },
});
