import { SALE_STATUS } from '../../src/domain/constants';
import { doneEvent, errorEvent } from '../../tests/support/machine-coverage';
import { describeMachinePaths } from '../../tests/support/machine-paths';
import { saleListMachine } from './sale-list.machine';
import { aBundle, aPage } from '../../tests/support/machines/sale-list';
import type { ActionsSnapshotView, SaleListEvent, SaleListInput } from './sale-list.types';

const input: SaleListInput = { timeZone: 'America/New_York' };

const managed = {
  id: 7,
  status: SALE_STATUS.SALE,
  statusBeforeTrash: null,
  orderAt: '2026-01-10T15:00:00.000Z',
  hasRefund: false,
};

/** What the action chart's snapshots look like to the list: finished (sale kept or cleared), or idle. */
const actionsSnapshot = (view: ActionsSnapshotView) => ({ type: 'xstate.snapshot.actions', snapshot: view });
const finished = actionsSnapshot({
  value: { open: 'done' },
  context: { mode: 'tip', intentId: 'i-1', sale: managed, result: {} },
});
const cleared = actionsSnapshot({
  value: { open: 'done' },
  context: { mode: 'clearTrashOne', intentId: 'i-2', sale: null, result: { sale: null } },
});
const savedAll = actionsSnapshot({
  value: { open: 'done' },
  context: { mode: 'saveAllChanges', intentId: 'save-1', sale: null, result: {} },
});
const invoiceShown = actionsSnapshot({
  value: { open: 'done' },
  context: { mode: 'invoice', intentId: 'i-3', sale: managed, result: {} },
});
// Actions the offline request queue took (the chart's `queued` step), and the queue watcher's reports.
const queuedTip = actionsSnapshot({
  value: { open: 'queued' },
  context: { mode: 'tip', intentId: 'q-1', sale: managed, result: { queued: { requestId: '31' } } },
});
const queuedVoid = actionsSnapshot({
  value: { open: 'queued' },
  context: { mode: 'void', intentId: 'q-2', sale: managed, result: { queued: { requestId: '32' } } },
});
const queueReports = [
  { type: 'queued.status', requestId: '31', status: 'failed' },
  { type: 'queued.status', requestId: '31', status: 'gone' },
  { type: 'queued.status', requestId: '32', status: 'gone' },
] satisfies SaleListEvent[];
const idleOutOfSync = actionsSnapshot({
  value: 'idle',
  context: { mode: 'none', intentId: null, sale: { ...managed, status: SALE_STATUS.VOID }, result: null },
});

const events = [
  { type: 'filters.apply', filters: { dateFrom: null, dateTo: null, status: SALE_STATUS.TRASH, search: '' } },
  { type: 'page.go', page: 3 },
  { type: 'list.retry' },
  { type: 'list.reload' },
  { type: 'sale.select', id: 7 },
  { type: 'detail.close' },
  { type: 'detail.retry' },
  { type: 'sale.changed', gone: true },
  { type: 'sale.changed', gone: false },
  { type: 'changes.start' },
  { type: 'changes.discard' },
  {
    type: 'change.orderAt',
    saleId: 7,
    ticketNo: 7,
    orderAt: '2026-01-10T14:00:00.000Z',
    original: managed.orderAt,
  },
  { type: 'change.orderAt', saleId: 7, ticketNo: 7, orderAt: null, original: managed.orderAt },
  { type: 'change.tip', saleId: 7, ticketNo: 7, userId: 5, amount: 500, original: 0 },
  { type: 'changes.save', now: new Date('2026-01-10T16:00:00.000Z'), intentId: 'save-1' },
] satisfies SaleListEvent[];

const actorEvents = [
  doneEvent('loadSales', aPage([1], 40)),
  doneEvent('loadSales', aPage([])),
  // Page 3 of what is now 20 sales: empty, so the chart goes back to page 2.
  doneEvent('loadSales', { items: [], total: 20, page: 3, per_page: 15 }),
  errorEvent('loadSales', { status: 0, message: 'Unable to connect to server.' }),
  doneEvent('loadSaleDetail', aBundle(7)),
  errorEvent('loadSaleDetail', { status: 404, message: 'Sale not found.' }),
  finished,
  cleared,
  savedAll,
  invoiceShown,
  idleOutOfSync,
];

describeMachinePaths(saleListMachine, {
  input,
  minimal: true,
  // Replays compare states, not contexts (the unit tests check the contexts).
  compareContext: false,
  starts: [
    {
      name: 'the list, the open sale and its actions',
      events: [...events, ...actorEvents],
      // A coarse graph key: the states and the context facts the guards read (paging, the open sale, the action
      // already reloaded for, the pending changes and their save key). Filters, errors and loaded rows would
      // multiply the graph without a new transition, so snapshots that differ only there share a node.
      // `minimal` then keeps only the paths that add a state or a transition.
      serializeState: (snapshot) =>
        JSON.stringify({
          value: snapshot.value,
          page: snapshot.context.page,
          total: snapshot.context.total,
          detail: snapshot.context.detail?.sale.id,
          settled: snapshot.context.settledIntentId,
          pending: snapshot.context.pending,
          saveIntent: snapshot.context.saveIntentId,
        }),
    },
    {
      // The `queue` region (actions the offline queue took), explored on its own with the few events that matter
      // to it: the product with every event above is a graph too big to walk in a test run.
      name: 'the queue region',
      events: [
        { type: 'sale.select', id: 7 },
        doneEvent('loadSales', aPage([7])),
        doneEvent('loadSaleDetail', aBundle(7)),
        queuedTip,
        queuedVoid,
        ...queueReports,
      ],
      serializeState: (snapshot) =>
        JSON.stringify({
          value: snapshot.value,
          settled: snapshot.context.settledIntentId,
          queued: snapshot.context.queuedActions,
          watched: snapshot.context.watchedIds,
        }),
    },
  ],
});
