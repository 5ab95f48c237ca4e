import { doneEvent, errorEvent } from '../../tests/support/machine-coverage';
import { describeMachinePaths } from '../../tests/support/machine-paths';
import { offline, serverDown } from '../../tests/support/machines/api-failures';
import { recordMachine } from './record.machine';
import type { RecordEvent } from './record.types';

const notFound = { status: 404, kind: 'http', code: 'not_found', message: 'Customer not found.' };

const events = [{ type: 'retry' }, { type: 'reload' }, { type: 'connection.online' }] satisfies RecordEvent[];

const actorEvents = [
  doneEvent('load', { id: 7, name: 'Mai Tran' }),
  errorEvent('load', notFound),
  errorEvent('load', offline),
  errorEvent('load', serverDown),
  doneEvent('reload', { id: 7, name: 'Mai Tran' }),
  errorEvent('reload', notFound),
  errorEvent('reload', serverDown),
];

describeMachinePaths(recordMachine, {
  input: { id: 7 },
  events: [...events, ...actorEvents],
  minimal: true,
});
