import { doneEvent, errorEvent } from '../../tests/support/machine-coverage';
import { describeMachinePaths } from '../../tests/support/machine-paths';
import { offline, serverDown } from '../../tests/support/machines/api-failures';
import { aHistoryPage } from './row-history.fixtures';
import { rowHistoryMachine } from './row-history.machine';
import type { RowHistoryEvent } from './row-history.types';

const events = [
  { type: 'page.go', page: 2 },
  { type: 'page.go', page: 9 },
  { type: 'filter.change', field: 'kind', value: 'reload' },
  { type: 'retry' },
  { type: 'connection.online' },
] satisfies RowHistoryEvent[];

const actorEvents = [
  doneEvent('fetchHistory', aHistoryPage(1, 3)),
  doneEvent('fetchHistory', aHistoryPage(2, 3)),
  doneEvent('fetchHistory', { items: [], total: 0, page: 1, per_page: 2 }),
  errorEvent('fetchHistory', offline),
  errorEvent('fetchHistory', serverDown),
];

describeMachinePaths(rowHistoryMachine, {
  input: { rowId: 3, perPage: 2 },
  events: [...events, ...actorEvents],
  minimal: true,
});
