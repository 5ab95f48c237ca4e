import { doneEvent, errorEvent } from '../../tests/support/machine-coverage';
import { describeMachinePaths } from '../../tests/support/machine-paths';
import { offline, serverDown } from '../../tests/support/machines/api-failures';
import { finderMachine } from './finder.machine';
import type { FinderEvent } from './finder.types';

const events = [
  { type: 'query.change', query: 'gel' },
  { type: 'query.change', query: '  ' },
  { type: 'retry' },
  { type: 'connection.online' },
  { type: 'xstate.after.findDelay.finder.debouncing' },
] satisfies (FinderEvent | { type: string })[];

const actorEvents = [
  doneEvent('find', [{ id: 1, name: 'Brow Gel' }]),
  doneEvent('find', []),
  errorEvent('find', offline),
  errorEvent('find', serverDown),
];

describeMachinePaths(finderMachine, {
  events: [...events, ...actorEvents],
  minimal: true,
});
