/**
 * The order report list and the open sale (docs/sales.md#sale-management /pos/report/order,
 * docs/sales.md#sale-management "Sales management"): two parallel regions, `list` (a page of sales for the
 * filters: loading → ready | empty | failed, retry) and `detail` (closed → loading → open | failed, retry),
 * plus the action-mode chart (machines/sale-management) invoked as the child `actions` for the whole life of
 * the screen.
 *
 * Why parallel: the table and the open sale load and fail independently; paging the table must not close the
 * sale being refunded. Why the action chart is a child: it decides which modes the open sale allows, and the list
 * must follow what an action did. The list tells it the open sale's status facts (`sale.loaded`), and watches its
 * snapshots (onSnapshot): when an action reaches `done`, the list and the open sale reload once (or the sale
 * closes when the action cleared it for good). Side effects are actors provided from outside: loadSales,
 * loadSaleDetail and saleActions (the action chart with its real PIN check and submit).
 *
 * A third region, `changes`, is the edit mode of "save all changes" (docs/sales.md#sale-management): order
 * times typed in the list and tips typed in the open sale pile up as pending changes (sale-list.changes.ts)
 * across pages and sales, and are handed to the action chart's save-all-changes mode (confirm, submit,
 * failure and retry are its own) in one request; when it is done the edit mode ends clean. Discard forgets
 * them.
 *
 * A fourth region, `queue`, follows the actions the app's offline request queue took instead of the server
 * (docs/offline.md; the action chart's `queued` step). Such an action changed nothing yet, so nothing reloads
 * (offline a reload would only fail, and the loaded sale is the truth until then); the list records it and
 * the screen shows its sales as waiting for it. While any wait, `watching` runs the watcher actor (provided
 * by the app: it reads the queue) with every id (eventless arrows start, restart and stop it: no internal
 * event that anyone could send); each report updates the record: failed (the queue gave up,
 * it can be retried from the offline queue panel), waiting again, or gone (sent, or removed by hand) — then the
 * record goes and the list and the open sale reload, so the screen shows what the server now says.
 */
import { and, assertEvent, assign, enqueueActions, not, sendTo, setup } from 'xstate';
import { isPageInRange, isPastLastPage, pageCount, pageLoadedTransitions } from '../support/paging';
import { requiredActor, requiredCallback } from '../support/required-actor';
import { failTo } from '../support/transitions';
import { ACTION_MODE, ITEMS_PER_PAGE } from '../../src/domain/constants';
import { saleManagementMachine } from '../sale-management/sale-management.machine';
import { canSaveChanges, setOrderAtChange, setTipChange, toSaleChanges } from './sale-list.changes';
import {
  finishedIntentOf,
  finishedModeOf,
  isActionsOutOfSync,
  isSaleGoneAfter,
  isSaleGoneAfterQueued,
  managedSaleOf,
  normaliseFilters,
  queuedActionOf,
  toListError,
} from './sale-list.rules';
import { SALE_LIST_ERROR } from './sale-list.types';
import type {
  LoadSaleDetailInput,
  LoadSalesInput,
  QueuedActionStatusEvent,
  SaleDetailBundle,
  SaleListContext,
  SaleListEvent,
  SaleListInput,
  SalePage,
  WatchQueuedActionsInput,
} from './sale-list.types';

export const saleListMachine = setup({
  types: {
    context: {} as SaleListContext,
    events: {} as SaleListEvent,
    input: {} as SaleListInput,
    tags: {} as 'busy',
  },
  actors: {
    loadSales: requiredActor<SalePage, LoadSalesInput>('saleList', 'loadSales'),
    loadSaleDetail: requiredActor<SaleDetailBundle, LoadSaleDetailInput>('saleList', 'loadSaleDetail'),
    // The chart itself; the app provides it with its real checkManagerPin and submitAction.
    saleActions: saleManagementMachine,
    /** Reports where each queued action stands in the offline queue (see the file comment). */
    watchQueuedActions: requiredCallback<QueuedActionStatusEvent, WatchQueuedActionsInput>(
      'saleList',
      'watchQueuedActions',
    ),
  },
  guards: {
    isPageEmpty: (_, page: SalePage) => page.items.length === 0,
    /** An empty page after the last one (the last sales of the last page were cleared): go back to the last. */
    isPastLastPage: ({ context }, page: SalePage) => isPastLastPage(page, context.page, context.perPage),
    isPageInRange: ({ context, event }) => {
      assertEvent(event, 'page.go');
      return isPageInRange(event.page, context.page, context.total, context.perPage);
    },
    hasActionFinished: ({ context }, params: { snapshot: unknown }) =>
      finishedIntentOf(params.snapshot, context.settledIntentId) !== null,
    isActionsOutOfSync: ({ context }, params: { snapshot: unknown }) =>
      isActionsOutOfSync(params.snapshot, managedSaleOf(context.detail?.sale)),
    isSaleGone: ({ event }) => {
      assertEvent(event, 'sale.changed');
      return event.gone;
    },
    canSaveChanges: ({ context }) => canSaveChanges(context.pending),
    hasActionQueued: ({ context }, params: { snapshot: unknown }) =>
      queuedActionOf(params.snapshot, context.settledIntentId, context.pending, context.queuedActions) !==
      null,
    isWatchedRequest: ({ context, event }) => {
      assertEvent(event, 'queued.status');
      return context.queuedActions.some((action) => action.requestId === event.requestId);
    },
    isGone: ({ event }) => {
      assertEvent(event, 'queued.status');
      return event.status === 'gone';
    },
    hasQueuedActions: ({ context }) => context.queuedActions.length > 0,
    /** An action was queued since the watcher started: it must watch that one too. */
    hasUnwatched: ({ context }) =>
      context.queuedActions.some((action) => !context.watchedIds.includes(action.requestId)),
  },
  actions: {
    applyFilters: assign(({ event }) => {
      assertEvent(event, 'filters.apply');
      return { filters: normaliseFilters(event.filters), page: 1 };
    }),
    goToPage: assign({
      page: ({ event }) => {
        assertEvent(event, 'page.go');
        return event.page;
      },
    }),
    goToLastPage: assign({
      page: ({ context }, page: SalePage) => pageCount(page.total, context.perPage),
    }),
    storePage: assign((_, page: SalePage) => ({
      items: page.items,
      total: page.total,
      listError: null,
    })),
    storeListError: assign({
      listError: (_, params: { error: unknown }) => toListError(params.error, SALE_LIST_ERROR.LOAD_FAILED),
    }),
    selectSale: assign(({ event }) => {
      assertEvent(event, 'sale.select');
      return { selectedId: event.id, detail: null, detailError: null };
    }),
    forgetSale: assign({ selectedId: null, detail: null, detailError: null }),
    storeDetail: assign({ detail: (_, bundle: SaleDetailBundle) => bundle, detailError: null }),
    storeDetailError: assign({
      detailError: (_, params: { error: unknown }) =>
        toListError(params.error, SALE_LIST_ERROR.DETAIL_FAILED),
    }),
    /** The action chart decides which modes the open sale allows from these facts. */
    tellActionsAboutSale: sendTo('actions', ({ context }) => ({
      type: 'sale.loaded' as const,
      sale: managedSaleOf(context.detail?.sale),
    })),
    tellActionsNoSale: sendTo('actions', { type: 'sale.loaded' as const, sale: null }),
    settleAction: enqueueActions(({ context, enqueue }, params: { snapshot: unknown }) => {
      enqueue.assign({ settledIntentId: finishedIntentOf(params.snapshot, context.settledIntentId) });
      if (finishedModeOf(params.snapshot) === ACTION_MODE.SAVE_ALL_CHANGES)
        enqueue.raise({ type: 'changes.saved' });
      enqueue.raise({
        type: 'sale.changed',
        gone: isSaleGoneAfter(params.snapshot, context.detail?.sale.status ?? null),
      });
    }),
    setOrderAt: assign(({ context, event }) => {
      assertEvent(event, 'change.orderAt');
      return { pending: setOrderAtChange(context.pending, event), saveIntentId: null };
    }),
    setTip: assign(({ context, event }) => {
      assertEvent(event, 'change.tip');
      return { pending: setTipChange(context.pending, event), saveIntentId: null };
    }),
    clearChanges: assign({ pending: [], saveIntentId: null }),
    /** Records the queued action once (by its intent, like a finished one), ends the edit mode it saved. */
    recordQueued: enqueueActions(({ context, enqueue }, params: { snapshot: unknown }) => {
      const action = queuedActionOf(
        params.snapshot,
        context.settledIntentId,
        context.pending,
        context.queuedActions,
      );
      if (!action) return;
      enqueue.assign({
        settledIntentId: action.intentId,
        queuedActions: [...context.queuedActions, action],
      });
      if (action.mode === ACTION_MODE.SAVE_ALL_CHANGES) enqueue.raise({ type: 'changes.saved' });
    }),
    watchAll: assign({
      watchedIds: ({ context }) => context.queuedActions.map((action) => action.requestId),
    }),
    markQueued: assign({
      queuedActions: ({ context, event }) => {
        assertEvent(event, 'queued.status');
        return context.queuedActions.map((action) =>
          action.requestId === event.requestId ? { ...action, failed: event.status === 'failed' } : action,
        );
      },
    }),
    /** The action left the queue: forget it and show what the server now says (the sale may be gone). */
    settleQueued: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'queued.status');
      const action = context.queuedActions.find((queued) => queued.requestId === event.requestId);
      if (!action) return;
      enqueue.assign({
        queuedActions: context.queuedActions.filter((queued) => queued.requestId !== event.requestId),
      });
      enqueue.raise({
        type: 'sale.changed',
        gone: isSaleGoneAfterQueued(action, context.selectedId, context.detail?.sale.status ?? null),
      });
    }),
    /**
     * Hands the pending changes to the action chart's "save all changes" (its confirmation, submit, failure and
     * retry), under the key of these changes: the first save's intent id until the changes change.
     */
    saveChanges: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'changes.save');
      const intentId = context.saveIntentId ?? event.intentId;
      enqueue.assign({ saveIntentId: intentId });
      enqueue.sendTo('actions', {
        type: 'mode.open' as const,
        mode: ACTION_MODE.SAVE_ALL_CHANGES,
        now: event.now,
        intentId,
        form: { changes: toSaleChanges(context.pending), tickets: context.pending.map((c) => c.ticketNo) },
      });
    }),
  },
}).createMachine({
  id: 'saleList',
  type: 'parallel',
  context: ({ input }) => ({
    timeZone: input.timeZone,
    filters: normaliseFilters(input.filters ?? {}),
    page: 1,
    perPage: input.perPage ?? ITEMS_PER_PAGE,
    items: [],
    total: 0,
    listError: null,
    selectedId: null,
    detail: null,
    detailError: null,
    settledIntentId: null,
    pending: [],
    saveIntentId: null,
    queuedActions: [],
    watchedIds: [],
  }),
  invoke: {
    id: 'actions',
    src: 'saleActions',
    input: ({ context }) => ({ timeZone: context.timeZone, sale: null }),
    onSnapshot: [
      {
        guard: { type: 'hasActionFinished', params: ({ event }) => ({ snapshot: event.snapshot }) },
        actions: { type: 'settleAction', params: ({ event }) => ({ snapshot: event.snapshot }) },
      },
      {
        guard: { type: 'hasActionQueued', params: ({ event }) => ({ snapshot: event.snapshot }) },
        actions: { type: 'recordQueued', params: ({ event }) => ({ snapshot: event.snapshot }) },
      },
      {
        guard: { type: 'isActionsOutOfSync', params: ({ event }) => ({ snapshot: event.snapshot }) },
        actions: 'tellActionsAboutSale',
      },
    ],
  },
  states: {
    list: {
      initial: 'loading',
      on: {
        // A child target re-enters that child even when it is the current one (a new load replaces the old).
        // No `reenter`: it would exit the region itself and, through the parallel root, the other region too.
        'filters.apply': { target: '.loading', actions: 'applyFilters' },
        'list.reload': '.loading',
        'sale.changed': '.loading',
      },
      states: {
        loading: {
          tags: ['busy'],
          invoke: {
            id: 'loadSales',
            src: 'loadSales',
            input: ({ context }) => ({
              page: context.page,
              perPage: context.perPage,
              filters: context.filters,
            }),
            onDone: pageLoadedTransitions(),
            onError: failTo('failed', 'storeListError'),
          },
        },
        ready: {
          on: { 'page.go': { guard: 'isPageInRange', target: 'loading', actions: 'goToPage' } },
        },
        empty: {},
        failed: {
          on: { 'list.retry': 'loading' },
        },
      },
    },
    detail: {
      initial: 'closed',
      on: {
        'sale.select': { target: '.loading', actions: ['selectSale', 'tellActionsNoSale'] },
      },
      states: {
        closed: {},
        loading: {
          tags: ['busy'],
          invoke: {
            id: 'loadSaleDetail',
            src: 'loadSaleDetail',
            input: ({ context }) => ({ id: context.selectedId ?? 0 }),
            onDone: {
              target: 'open',
              actions: [{ type: 'storeDetail', params: ({ event }) => event.output }, 'tellActionsAboutSale'],
            },
            onError: failTo('failed', 'storeDetailError'),
          },
        },
        open: {
          on: {
            'detail.close': { target: 'closed', actions: ['forgetSale', 'tellActionsNoSale'] },
            'sale.changed': [
              { guard: 'isSaleGone', target: 'closed', actions: ['forgetSale', 'tellActionsNoSale'] },
              { target: 'loading' },
            ],
          },
        },
        failed: {
          on: {
            'detail.retry': 'loading',
            'detail.close': { target: 'closed', actions: 'forgetSale' },
          },
        },
      },
    },
    changes: {
      initial: 'off',
      states: {
        off: {
          on: { 'changes.start': 'editing' },
        },
        editing: {
          on: {
            'change.orderAt': { actions: 'setOrderAt' },
            'change.tip': { actions: 'setTip' },
            'changes.save': { guard: 'canSaveChanges', actions: 'saveChanges' },
            'changes.saved': { target: 'off', actions: 'clearChanges' },
            'changes.discard': { target: 'off', actions: 'clearChanges' },
          },
        },
      },
    },
    queue: {
      initial: 'idle',
      states: {
        idle: {
          always: { guard: 'hasQueuedActions', target: 'watching' },
        },
        watching: {
          entry: 'watchAll',
          invoke: {
            id: 'watchQueuedActions',
            src: 'watchQueuedActions',
            input: ({ context }) => ({ requestIds: context.watchedIds }),
          },
          // A new queued action restarts the watcher with every id; the last one gone stops it.
          always: [
            { guard: not('hasQueuedActions'), target: 'idle' },
            { guard: 'hasUnwatched', target: 'watching', reenter: true },
          ],
          on: {
            'queued.status': [
              { guard: and(['isWatchedRequest', 'isGone']), actions: 'settleQueued' },
              { guard: 'isWatchedRequest', actions: 'markQueued' },
            ],
          },
        },
      },
    },
  },
});
