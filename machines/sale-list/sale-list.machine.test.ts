import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { ACTION_MODE, SALE_STATUS } from '../../src/domain/constants';
import { saleManagementMachine } from '../sale-management/sale-management.machine';
import { selectModalStep, selectOfferedModes } from '../sale-management/sale-management.selectors';
import type {
  CheckManagerPinInput,
  ManagerApproval,
  SubmitActionInput,
  SubmitActionOutput,
} from '../sale-management/sale-management.types';
import { saleListMachine } from './sale-list.machine';
import {
  selectActionsRef,
  selectCanSaveChanges,
  selectDetail,
  selectDetailError,
  selectDetailStatus,
  selectFilters,
  selectHasInvalidChange,
  selectIsEditingChanges,
  selectItems,
  selectListError,
  selectListStatus,
  selectPaging,
  selectPendingChanges,
  selectPendingCount,
  selectQueuedActions,
  selectQueuedActionsOf,
} from './sale-list.selectors';
import { aBundle, aPage, ORDER_AT } from '../../tests/support/machines/sale-list';
import type {
  LoadSaleDetailInput,
  LoadSalesInput,
  QueuedActionStatusEvent,
  SaleDetailBundle,
  SalePage,
  WatchQueuedActionsInput,
} from './sale-list.types';

interface Pending<TInput, TOutput> {
  input: TInput;
  resolve: (output: TOutput) => void;
  reject: (error: unknown) => void;
}

const SAME_DAY = new Date('2026-01-10T16:00:00.000Z');

/** Fake actors that record each call and wait for the test to settle them. */
function harness() {
  const pages: Array<Pending<LoadSalesInput, SalePage>> = [];
  const details: Array<Pending<LoadSaleDetailInput, SaleDetailBundle>> = [];
  const submissions: Array<Pending<SubmitActionInput, SubmitActionOutput>> = [];
  /** Each watcher started: the ids it watches, its way to report, and whether it was stopped. */
  const watchers: Array<{
    requestIds: readonly string[];
    report: (event: QueuedActionStatusEvent) => void;
    stopped: boolean;
  }> = [];
  const machine = saleListMachine.provide({
    actors: {
      watchQueuedActions: fromCallback<QueuedActionStatusEvent, WatchQueuedActionsInput>(
        ({ input, sendBack }) => {
          const watcher = { requestIds: input.requestIds, report: sendBack, stopped: false };
          watchers.push(watcher);
          return () => {
            watcher.stopped = true;
          };
        },
      ),
      loadSales: fromPromise<SalePage, LoadSalesInput>(
        ({ input }) => new Promise((resolve, reject) => pages.push({ input, resolve, reject })),
      ),
      loadSaleDetail: fromPromise<SaleDetailBundle, LoadSaleDetailInput>(
        ({ input }) => new Promise((resolve, reject) => details.push({ input, resolve, reject })),
      ),
      saleActions: saleManagementMachine.provide({
        actors: {
          // Every PIN belongs to a manager here: the PIN step has its own tests (sale-management).
          checkManagerPin: fromPromise<ManagerApproval, CheckManagerPinInput>(async () => ({
            role: 'manager',
            name: 'Mia',
          })),
          submitAction: fromPromise<SubmitActionOutput, SubmitActionInput>(
            ({ input }) => new Promise((resolve, reject) => submissions.push({ input, resolve, reject })),
          ),
        },
      }),
    },
  });
  const actor = createActor(machine, { input: { timeZone: 'America/New_York' } }).start();
  const actions = () => selectActionsRef(actor.getSnapshot())!;
  return { actor, pages, details, submissions, actions, watchers };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('sale list', () => {
  it('loads the first page of every sale on start and shows it', async () => {
    const { actor, pages } = harness();
    expect(selectListStatus(actor.getSnapshot())).toBe('loading');
    expect(pages[0]?.input).toEqual({
      page: 1,
      perPage: 15,
      filters: { dateFrom: null, dateTo: null, status: null, search: '' },
    });
    pages[0]?.resolve(aPage([3, 2, 1], 40));
    await settle();
    expect(selectListStatus(actor.getSnapshot())).toBe('ready');
    expect(selectItems(actor.getSnapshot()).map((s) => s.id)).toEqual([3, 2, 1]);
    expect(selectPaging(actor.getSnapshot())).toEqual({
      page: 1,
      pageCount: 3,
      canGoBack: false,
      canGoForward: true,
    });
  });

  it('says so when no sale matches, and shows a failed load with a retry', async () => {
    const { actor, pages } = harness();
    pages[0]?.resolve(aPage([]));
    await settle();
    expect(selectListStatus(actor.getSnapshot())).toBe('empty');

    actor.send({ type: 'list.reload' });
    pages[1]?.reject(new Error('Unable to connect to server.'));
    await settle();
    expect(selectListStatus(actor.getSnapshot())).toBe('failed');
    expect(selectListError(actor.getSnapshot())).toEqual({
      code: 'sale_management.errors.load_failed',
      message: 'Unable to connect to server.',
    });

    actor.send({ type: 'list.retry' });
    expect(pages).toHaveLength(3);
    pages[2]?.resolve(aPage([1]));
    await settle();
    expect(selectListStatus(actor.getSnapshot())).toBe('ready');
    expect(selectListError(actor.getSnapshot())).toBeNull();
  });

  it('applies filters from the first page, with the search trimmed and a reversed range turned round', async () => {
    const { actor, pages } = harness();
    pages[0]?.resolve(aPage([1], 40));
    await settle();
    actor.send({ type: 'page.go', page: 2 });
    pages[1]?.resolve(aPage([16], 40, 2));
    await settle();
    actor.send({
      type: 'filters.apply',
      filters: { dateFrom: '2026-01-31', dateTo: '2026-01-01', status: SALE_STATUS.TRASH, search: ' 42 ' },
    });
    expect(pages[2]?.input).toEqual({
      page: 1,
      perPage: 15,
      filters: { dateFrom: '2026-01-01', dateTo: '2026-01-31', status: SALE_STATUS.TRASH, search: '42' },
    });
    expect(selectFilters(actor.getSnapshot()).search).toBe('42');
  });

  it('goes only to pages that exist', async () => {
    const { actor, pages } = harness();
    pages[0]?.resolve(aPage([1], 20));
    await settle();
    actor.send({ type: 'page.go', page: 0 });
    actor.send({ type: 'page.go', page: 3 });
    actor.send({ type: 'page.go', page: 1 });
    expect(pages).toHaveLength(1);
    actor.send({ type: 'page.go', page: 2 });
    expect(pages[1]?.input.page).toBe(2);
  });

  it('goes back to the last page when the page asked for is past it', async () => {
    const { actor, pages } = harness();
    pages[0]?.resolve(aPage([1], 40));
    await settle();
    actor.send({ type: 'page.go', page: 3 });
    pages[1]?.resolve({ items: [], total: 20, page: 3, per_page: 15 });
    await settle();
    expect(pages[2]?.input.page).toBe(2);
    pages[2]?.resolve(aPage([16], 20, 2));
    await settle();
    expect(selectListStatus(actor.getSnapshot())).toBe('ready');
  });

  it('opens a sale and lets the action chart offer only what its status allows', async () => {
    const { actor, pages, details, actions } = harness();
    pages[0]?.resolve(aPage([7]));
    await settle();
    expect(selectOfferedModes(actions().getSnapshot(), SAME_DAY)).not.toContain(ACTION_MODE.REFUND);

    actor.send({ type: 'sale.select', id: 7 });
    expect(selectDetailStatus(actor.getSnapshot())).toBe('loading');
    expect(details[0]?.input).toEqual({ id: 7 });
    details[0]?.resolve(aBundle(7));
    await settle();
    expect(selectDetailStatus(actor.getSnapshot())).toBe('open');
    expect(selectDetail(actor.getSnapshot())?.sale.id).toBe(7);
    expect(actions().getSnapshot().context.sale).toEqual({
      id: 7,
      status: SALE_STATUS.SALE,
      statusBeforeTrash: null,
      orderAt: ORDER_AT,
      hasRefund: false,
    });
    expect(selectOfferedModes(actions().getSnapshot(), SAME_DAY)).toEqual(
      expect.arrayContaining([ACTION_MODE.REFUND, ACTION_MODE.VOID]),
    );

    actor.send({ type: 'detail.close' });
    expect(selectDetailStatus(actor.getSnapshot())).toBe('closed');
    expect(actions().getSnapshot().context.sale).toBeNull();
  });

  it('shows a sale that failed to load, retries it, and can close it', async () => {
    const { actor, details } = harness();
    actor.send({ type: 'sale.select', id: 9 });
    details[0]?.reject({ status: 404, message: 'Sale not found.' });
    await settle();
    expect(selectDetailStatus(actor.getSnapshot())).toBe('failed');
    expect(selectDetailError(actor.getSnapshot())).toEqual({
      code: 'sale_management.errors.detail_failed',
      message: 'Sale not found.',
    });
    actor.send({ type: 'detail.retry' });
    expect(details[1]?.input).toEqual({ id: 9 });
    details[1]?.reject('offline');
    await settle();
    expect(selectDetailError(actor.getSnapshot())?.message).toBe('This sale could not be loaded.');
    actor.send({ type: 'detail.close' });
    expect(selectDetailStatus(actor.getSnapshot())).toBe('closed');
  });

  it('reloads the list and the open sale once when an action finishes', async () => {
    const { actor, pages, details, submissions, actions } = harness();
    pages[0]?.resolve(aPage([7]));
    actor.send({ type: 'sale.select', id: 7 });
    details[0]?.resolve(aBundle(7));
    await settle();

    actions().send({ type: 'mode.open', mode: ACTION_MODE.RESTORE, now: SAME_DAY, intentId: 'i-1' });
    expect(actions().getSnapshot().value).toBe('idle'); // a sale in status Sale cannot be restored
    actions().send({ type: 'mode.open', mode: ACTION_MODE.TIP, now: SAME_DAY, intentId: 'i-1' });
    actions().send({ type: 'form.change', values: { tips: [{ user_id: 5, tip_amount: 500 }] } });
    actions().send({ type: 'form.submit' });
    expect(submissions[0]?.input.saleId).toBe(7);
    submissions[0]?.resolve({ message: 'Tips updated.' });
    await settle();

    expect(actions().getSnapshot().value).toEqual({ open: 'done' });
    expect(pages).toHaveLength(2);
    expect(details).toHaveLength(2);
    expect(selectDetailStatus(actor.getSnapshot())).toBe('loading');
    expect(actor.getSnapshot().context.settledIntentId).toBe('i-1');

    details[1]?.resolve(aBundle(7, { has_refund: true }));
    await settle();
    // The chart is still showing "done" and takes no sale then; once back to idle it is told again.
    actions().send({ type: 'mode.close' });
    await settle();
    expect(actions().getSnapshot().context.sale?.hasRefund).toBe(true);
    expect(pages).toHaveLength(2);
  });

  it('closes the sale when the action cleared it for good', async () => {
    const { actor, pages, details, actions } = harness();
    pages[0]?.resolve(aPage([7]));
    actor.send({ type: 'sale.select', id: 7 });
    details[0]?.resolve(aBundle(7, { status: SALE_STATUS.TRASH, status_before_trash: SALE_STATUS.SALE }));
    await settle();
    actor.send({ type: 'sale.changed', gone: true });
    expect(selectDetailStatus(actor.getSnapshot())).toBe('closed');
    expect(selectListStatus(actor.getSnapshot())).toBe('loading');
    expect(actions().getSnapshot().context.sale).toBeNull();
  });

  it('does not reload after the invoice: showing it changed nothing', async () => {
    const { actor, pages, details, submissions, actions } = harness();
    pages[0]?.resolve(aPage([7]));
    actor.send({ type: 'sale.select', id: 7 });
    details[0]?.resolve(aBundle(7));
    await settle();
    actions().send({ type: 'mode.open', mode: ACTION_MODE.INVOICE, now: SAME_DAY, intentId: 'i-3' });
    submissions[0]?.resolve({ invoice: {} as never });
    await settle();
    expect(actions().getSnapshot().value).toEqual({ open: 'done' });
    expect(pages).toHaveLength(1);
    expect(details).toHaveLength(1);
    expect(actor.getSnapshot().context.settledIntentId).toBeNull();
  });

  it('collects changes in edit mode and saves them all through the action chart, then leaves edit mode', async () => {
    const { actor, pages, submissions, actions } = harness();
    pages[0]?.resolve(aPage([7, 8]));
    await settle();
    actor.send({
      type: 'change.orderAt',
      saleId: 7,
      ticketNo: 7,
      orderAt: '2026-01-10T14:00:00.000Z',
      original: ORDER_AT,
    });
    expect(selectPendingCount(actor.getSnapshot())).toBe(0); // not editing yet

    actor.send({ type: 'changes.start' });
    expect(selectIsEditingChanges(actor.getSnapshot())).toBe(true);
    expect(selectCanSaveChanges(actor.getSnapshot())).toBe(false);
    actor.send({
      type: 'change.orderAt',
      saleId: 7,
      ticketNo: 7,
      orderAt: '2026-01-10T14:00:00.000Z',
      original: ORDER_AT,
    });
    actor.send({ type: 'change.tip', saleId: 8, ticketNo: 8, userId: 5, amount: null, original: 0 });
    expect(selectPendingCount(actor.getSnapshot())).toBe(2);
    expect(selectHasInvalidChange(actor.getSnapshot())).toBe(true);
    expect(selectCanSaveChanges(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'change.tip', saleId: 8, ticketNo: 8, userId: 5, amount: 700, original: 0 });
    expect(selectCanSaveChanges(actor.getSnapshot())).toBe(true);

    actor.send({ type: 'changes.save', now: SAME_DAY, intentId: 'save-1' });
    expect(selectModalStep(actions().getSnapshot())).toBe('confirming');
    actions().send({ type: 'action.confirm' });
    expect(submissions[0]?.input).toEqual({
      mode: ACTION_MODE.SAVE_ALL_CHANGES,
      saleId: null,
      form: {
        changes: [
          { id: 7, order_at: '2026-01-10T14:00:00.000Z' },
          { id: 8, tips: [{ user_id: 5, tip_amount: 700 }] },
        ],
        tickets: [7, 8],
      },
      approvedBy: null,
      intentId: 'save-1',
    });
    submissions[0]?.resolve({});
    await settle();
    expect(selectIsEditingChanges(actor.getSnapshot())).toBe(false);
    expect(selectPendingChanges(actor.getSnapshot())).toEqual([]);
    expect(pages).toHaveLength(2);
  });

  it('saves the same changes again under the same key after a failure, and under a new one once they change', async () => {
    const { actor, pages, submissions, actions } = harness();
    pages[0]?.resolve(aPage([7]));
    await settle();
    actor.send({ type: 'changes.start' });
    actor.send({ type: 'change.tip', saleId: 7, ticketNo: 7, userId: 5, amount: 500, original: 0 });
    actor.send({ type: 'changes.save', now: SAME_DAY, intentId: 'save-1' });
    actions().send({ type: 'action.confirm' });
    submissions[0]?.reject({ code: 'sale_management.action_failed', message: 'Offline' });
    await settle();
    actions().send({ type: 'mode.close' });
    expect(selectPendingCount(actor.getSnapshot())).toBe(1);

    actor.send({ type: 'changes.save', now: SAME_DAY, intentId: 'save-2' });
    actions().send({ type: 'action.confirm' });
    expect(submissions[1]?.input.intentId).toBe('save-1');
    submissions[1]?.reject({ code: 'sale_management.action_failed', message: 'Offline' });
    await settle();
    actions().send({ type: 'mode.close' });

    actor.send({ type: 'change.tip', saleId: 7, ticketNo: 7, userId: 5, amount: 600, original: 0 });
    actor.send({ type: 'changes.save', now: SAME_DAY, intentId: 'save-3' });
    actions().send({ type: 'action.confirm' });
    expect(submissions[2]?.input.intentId).toBe('save-3');
  });

  it('forgets the pending changes on discard', async () => {
    const { actor, pages } = harness();
    pages[0]?.resolve(aPage([7]));
    await settle();
    actor.send({ type: 'changes.start' });
    actor.send({ type: 'change.tip', saleId: 7, ticketNo: 7, userId: 5, amount: 500, original: 0 });
    actor.send({ type: 'changes.discard' });
    expect(selectIsEditingChanges(actor.getSnapshot())).toBe(false);
    expect(selectPendingChanges(actor.getSnapshot())).toEqual([]);
  });

  it('a tip change the offline queue took marks the sale as waiting for it, reloads nothing, and follows the queue', async () => {
    const { actor, pages, details, submissions, actions, watchers } = harness();
    pages[0]?.resolve(aPage([7, 8]));
    actor.send({ type: 'sale.select', id: 7 });
    details[0]?.resolve(aBundle(7));
    await settle();
    actions().send({ type: 'mode.open', mode: ACTION_MODE.TIP, now: SAME_DAY, intentId: 'i-1' });
    actions().send({ type: 'form.change', values: { tips: [{ user_id: 5, tip_amount: 500 }] } });
    actions().send({ type: 'form.submit' });
    submissions[0]?.resolve({ queued: { requestId: '31' } });
    await settle();

    expect(selectModalStep(actions().getSnapshot())).toBe('queued');
    // Nothing changed on the server yet, and offline a reload would only fail: the sale stays as loaded.
    expect(pages).toHaveLength(1);
    expect(details).toHaveLength(1);
    expect(selectDetail(actor.getSnapshot())?.sale.id).toBe(7);
    const waiting = { requestId: '31', intentId: 'i-1', mode: ACTION_MODE.TIP, saleIds: [7], failed: false };
    expect(selectQueuedActions(actor.getSnapshot())).toEqual([waiting]);
    expect(selectQueuedActionsOf(actor.getSnapshot(), 7)).toEqual([waiting]);
    expect(selectQueuedActionsOf(actor.getSnapshot(), 8)).toEqual([]);
    expect(watchers.map((w) => w.requestIds)).toEqual([['31']]);

    // The queue gave up after its retries: still not on the server, now marked failed.
    watchers[0]?.report({ type: 'queued.status', requestId: '31', status: 'failed' });
    expect(selectQueuedActionsOf(actor.getSnapshot(), 7)).toEqual([{ ...waiting, failed: true }]);
    // Retried from the offline queue panel, then sent: the list and the open sale are read again.
    watchers[0]?.report({ type: 'queued.status', requestId: '31', status: 'waiting' });
    expect(selectQueuedActionsOf(actor.getSnapshot(), 7)).toEqual([waiting]);
    watchers[0]?.report({ type: 'queued.status', requestId: '31', status: 'gone' });
    expect(selectQueuedActions(actor.getSnapshot())).toEqual([]);
    expect(watchers[0]?.stopped).toBe(true);
    expect(pages).toHaveLength(2);
    expect(details).toHaveLength(2);
  });

  it('watches every queued action at once, and one sent reloads while the other keeps its mark', async () => {
    const { actor, pages, details, submissions, actions, watchers } = harness();
    pages[0]?.resolve(aPage([7]));
    actor.send({ type: 'sale.select', id: 7 });
    details[0]?.resolve(aBundle(7));
    await settle();
    for (const [intentId, requestId] of [
      ['i-1', '31'],
      ['i-2', '32'],
    ] as const) {
      actions().send({ type: 'mode.open', mode: ACTION_MODE.TIP, now: SAME_DAY, intentId });
      actions().send({ type: 'form.change', values: { tips: [{ user_id: 5, tip_amount: 500 }] } });
      actions().send({ type: 'form.submit' });
      submissions.at(-1)?.resolve({ queued: { requestId } });
      await settle();
      actions().send({ type: 'mode.close' });
    }
    expect(watchers.map((w) => [w.requestIds, w.stopped])).toEqual([
      [['31'], true],
      [['31', '32'], false],
    ]);
    watchers[1]?.report({ type: 'queued.status', requestId: '31', status: 'gone' });
    expect(selectQueuedActions(actor.getSnapshot()).map((q) => q.requestId)).toEqual(['32']);
    expect(details).toHaveLength(2);
    // A report about an id no longer watched changes nothing.
    watchers[1]?.report({ type: 'queued.status', requestId: '31', status: 'gone' });
    expect(details).toHaveLength(2);
  });

  it('save all changes taken by the queue ends the edit mode and marks each changed sale', async () => {
    const { actor, pages, submissions, actions } = harness();
    pages[0]?.resolve(aPage([7, 8]));
    await settle();
    actor.send({ type: 'changes.start' });
    actor.send({
      type: 'change.orderAt',
      saleId: 7,
      ticketNo: 7,
      orderAt: '2026-01-10T14:00:00.000Z',
      original: ORDER_AT,
    });
    actor.send({ type: 'change.tip', saleId: 8, ticketNo: 8, userId: 5, amount: 700, original: 0 });
    actor.send({ type: 'changes.save', now: SAME_DAY, intentId: 'save-1' });
    actions().send({ type: 'action.confirm' });
    submissions[0]?.resolve({ queued: { requestId: '40' } });
    await settle();
    expect(selectIsEditingChanges(actor.getSnapshot())).toBe(false);
    expect(selectPendingChanges(actor.getSnapshot())).toEqual([]);
    expect(selectQueuedActions(actor.getSnapshot())).toEqual([
      {
        requestId: '40',
        intentId: 'save-1',
        mode: ACTION_MODE.SAVE_ALL_CHANGES,
        saleIds: [7, 8],
        failed: false,
      },
    ]);
    expect(pages).toHaveLength(1);
  });

  it('closes the open sale once a queued clear of it has been sent', async () => {
    const { actor, pages, details, actions, submissions, watchers } = harness();
    pages[0]?.resolve(aPage([7]));
    actor.send({ type: 'sale.select', id: 7 });
    details[0]?.resolve(aBundle(7, { status: SALE_STATUS.TRASH, status_before_trash: SALE_STATUS.SALE }));
    await settle();
    actions().send({ type: 'mode.open', mode: ACTION_MODE.CLEAR_TRASH_ONE, now: SAME_DAY, intentId: 'c-1' });
    actions().send({ type: 'action.confirm' });
    actions().send({ type: 'pin.submit', pin: '3333' });
    await settle();
    submissions[0]?.resolve({ queued: { requestId: '50' } });
    await settle();
    expect(selectDetailStatus(actor.getSnapshot())).toBe('open');
    watchers[0]?.report({ type: 'queued.status', requestId: '50', status: 'gone' });
    expect(selectDetailStatus(actor.getSnapshot())).toBe('closed');
    expect(details).toHaveLength(1);
  });

  it('fails loudly when the app forgot to provide the loaders', async () => {
    const actor = createActor(saleListMachine, { input: { timeZone: 'UTC' } }).start();
    await settle();
    expect(selectListStatus(actor.getSnapshot())).toBe('failed');
    expect(selectListError(actor.getSnapshot())?.message).toContain("the 'loadSales' actor must be provided");
  });
});
