import { doneEvent, errorEvent } from '../../tests/support/machine-coverage';
import { describeMachinePaths } from '../../tests/support/machine-paths';
import { offline, serverDown } from '../../tests/support/machines/api-failures';
import { aMovementPage } from './stock-history.fixtures';
import { stockHistoryMachine } from './stock-history.machine';
import type { StockHistoryEvent } from './stock-history.types';

const events = [
  { type: 'page.go', page: 2 },
  { type: 'page.go', page: 9 },
  { type: 'retry' },
  { type: 'connection.online' },
] satisfies StockHistoryEvent[];

const actorEvents = [
  doneEvent('fetchMovements', aMovementPage(1, 3)),
  doneEvent('fetchMovements', aMovementPage(2, 3)),
  doneEvent('fetchMovements', { items: [], total: 0, page: 1, per_page: 2 }),
  errorEvent('fetchMovements', offline),
  errorEvent('fetchMovements', serverDown),
];

describeMachinePaths(stockHistoryMachine, {
  input: { productId: 3, perPage: 2 },
  events: [...events, ...actorEvents],
  minimal: true,
});
