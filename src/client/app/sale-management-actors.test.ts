import { describe, expect, it } from 'vitest';
import { ERROR_CODE } from '../../contracts/error-codes';
import { createActor, createMachine, toPromise } from 'xstate';
import { aDetail } from '../../../tests/support/machines/sale-list';
import type { SubmitActionInput } from '../../../machines/sale-management/sale-management.types';
import { ACTION_MODE, SALE_STATUS } from '../../domain/constants';
import { createApiClient } from '../lib/api/client';
import { createLoadingStore } from '../lib/api/loading';
import { createNoticeChannel } from '../lib/api/notices';
import { createPinApprovalStore } from '../lib/api/pin-approval';
import { createFakeFetch, envelope, failure, json } from '../../../tests/support/client/fake-fetch';
import { offlineQueuedResponse } from '../lib/offline-queue/offline-fetch';
import type { FakeHandler } from '../../../tests/support/client/fake-fetch';
import type {
  QueuedActionStatus,
  QueuedActionStatusEvent,
} from '../../../machines/sale-list/sale-list.types';
import { createQueueWatcher, createSaleManagementActors, toActionError } from './sale-management-actors';
import type { QueueLookup } from './sale-management-actors';

const MANAGER = {
  role: 'manager',
  name: 'Maria Lopez',
  user_id: 3,
  approval: 'appr-3',
  approval_expires_at: '2999-01-01T00:00:00.000Z',
};

function harness(handler: FakeHandler) {
  const f = createFakeFetch(handler);
  const client = createApiClient({
    fetch: f.fetch,
    getToken: () => 'tok-1',
    loading: createLoadingStore(),
    notices: createNoticeChannel(),
  });
  const approvals = createPinApprovalStore();
  const actors = createSaleManagementActors({ client, approvals });
  const submit = (input: Partial<SubmitActionInput>) =>
    toPromise(
      createActor(actors.submitAction, {
        input: {
          mode: ACTION_MODE.VOID,
          saleId: 42,
          form: null,
          approvedBy: null,
          intentId: 'intent-9',
          ...input,
        },
      }).start(),
    );
  const checkPin = (pin: string) =>
    toPromise(createActor(actors.checkManagerPin, { input: { pin } }).start());
  return { requests: f.requests, approvals, actors, submit, checkPin };
}

const route = (r: { method: string; url: string }) => `${r.method} ${new URL(r.url, 'http://x').pathname}`;

describe('sale management actors', () => {
  it("keeps a manager's approval and sends it, with the intent id as the key, on the void", async () => {
    const h = harness((request) =>
      request.url.endsWith('/role-by-code')
        ? envelope(MANAGER)
        : envelope(aDetail(42, { status: SALE_STATUS.VOID })),
    );
    expect(await h.checkPin('3333')).toEqual({ role: 'manager', name: 'Maria Lopez' });
    expect(h.approvals.getSnapshot()?.approval).toBe('appr-3');

    const output = await h.submit({ approvedBy: { role: 'manager', name: 'Maria Lopez' } });
    expect(route(h.requests[1]!)).toBe('POST /api/pos/sales/42/void');
    expect(h.requests[1]?.headers.get('idempotency-key')).toBe('intent-9');
    expect(h.requests[1]?.headers.get('x-pin-approval')).toBe('appr-3');
    expect(output.sale).toMatchObject({ id: 42, status: SALE_STATUS.VOID });
  });

  it("does not keep a cashier's approval, and turns a wrong PIN into the pad's error", async () => {
    const h = harness((request) =>
      JSON.parse(String(request.body)).code === '4444'
        ? envelope({ ...MANAGER, role: 'staff', name: 'Jenny Kim', approval: 'appr-4' })
        : json(
            {
              success: false,
              data: null,
              code: ERROR_CODE.WRONG_PIN,
              message: 'The PIN is not correct. 9 tries left before PIN entry is locked.',
              details: { tries_left: 9 },
            },
            422,
          ),
    );
    expect(await h.checkPin('4444')).toEqual({ role: 'staff', name: 'Jenny Kim' });
    expect(h.approvals.getSnapshot()).toBeNull();
    await expect(h.checkPin('9999')).rejects.toEqual({
      code: 'pin.errors.wrong',
      message: 'The PIN is not correct. 9 tries left before PIN entry is locked.',
      remaining: 9,
    });
  });

  it('refuses to send a PIN-gated action without a live approval', async () => {
    const h = harness(() => envelope({}));
    await expect(h.submit({ approvedBy: { role: 'manager', name: 'M' } })).rejects.toMatchObject({
      code: 'sale_management.errors.approval_expired',
    });
    expect(h.requests).toHaveLength(0);
  });

  it('refunds the chosen lines and maps every mode to its endpoint', async () => {
    const h = harness((request) =>
      request.url.endsWith('/refund')
        ? envelope({ sale: aDetail(42, { has_refund: true }), refund: { id: 1 } })
        : request.url.includes('clear-trashed')
          ? envelope({ ids: [42], count: 1 })
          : request.url.endsWith('save-all-changes')
            ? envelope({ items: [aDetail(42)] })
            : envelope(aDetail(42)),
    );
    h.approvals.set(MANAGER);
    const approvedBy = { role: 'manager' as const, name: 'Maria Lopez' };
    const refund = await h.submit({
      mode: ACTION_MODE.REFUND,
      form: { lines: [{ sale_line_id: 70, quantity: 1 }] },
      approvedBy,
    });
    expect(refund.sale?.hasRefund).toBe(true);
    expect(JSON.parse(String(h.requests[0]?.body))).toEqual({ lines: [{ sale_line_id: 70, quantity: 1 }] });

    await h.submit({ mode: ACTION_MODE.REMOVE, approvedBy });
    await h.submit({ mode: ACTION_MODE.RESTORE });
    expect(await h.submit({ mode: ACTION_MODE.CLEAR_TRASH_ONE, approvedBy })).toEqual({ sale: null });
    expect(await h.submit({ mode: ACTION_MODE.CLEAR_TRASH_ALL, saleId: null, approvedBy })).toEqual({});
    await h.submit({ mode: ACTION_MODE.TIP, form: { tips: [{ user_id: 5, tip_amount: 500 }] } });
    await h.submit({ mode: ACTION_MODE.CHANGE_ORDER_DATE, form: { order_at: '2026-01-10T15:00:00.000Z' } });
    await h.submit({ mode: ACTION_MODE.CHANGE_EMPLOYEE, form: { from_employee_id: 5, to_employee_id: 6 } });
    await h.submit({ mode: ACTION_MODE.EDIT, form: { status: SALE_STATUS.SALE } });
    await h.submit({ mode: ACTION_MODE.SAVE_ALL_CHANGES, form: { changes: [{ id: 42, status: 1 }] } });
    expect(h.requests.map(route)).toEqual([
      'POST /api/pos/sales/42/refund',
      'DELETE /api/pos/sales/42',
      'POST /api/pos/sales/42/restore',
      'DELETE /api/pos/sales/clear-trashed/42',
      'DELETE /api/pos/sales/clear-trashed/all',
      'POST /api/pos/sales/42/tip',
      'POST /api/pos/sales/42/order-at',
      'POST /api/pos/sales/42/employee',
      'POST /api/pos/sales/42/status',
      'POST /api/pos/sales/save-all-changes',
    ]);
    expect(h.requests.every((r) => r.headers.get('idempotency-key') === 'intent-9')).toBe(true);
  });

  it('saves all changes with no sale open, and follows the open sale when it is among them', async () => {
    const h = harness(() => envelope({ items: [aDetail(42, { has_refund: false }), aDetail(43)] }));
    const changes = [{ id: 42, order_at: '2026-01-10T15:00:00.000Z' }];
    expect(await h.submit({ mode: ACTION_MODE.SAVE_ALL_CHANGES, saleId: null, form: { changes } })).toEqual(
      {},
    );
    const mine = await h.submit({ mode: ACTION_MODE.SAVE_ALL_CHANGES, saleId: 43, form: { changes } });
    expect(mine.sale?.id).toBe(43);
    expect(JSON.parse(String(h.requests[0]?.body))).toEqual({ changes });
    expect(h.requests.every((r) => r.headers.get('idempotency-key') === 'intent-9')).toBe(true);
    await expect(
      h.submit({ mode: ACTION_MODE.SAVE_ALL_CHANGES, saleId: null, form: { changes: [] } }),
    ).rejects.toMatchObject({ code: 'sale_management.errors.incomplete' });
  });

  it('an action the offline queue took resolves as queued, never as a changed sale', async () => {
    const receipt = { offline: true as const, message: 'Request saved offline.', requestId: '31' };
    const h = harness((request) =>
      request.url.endsWith('/role-by-code') ? envelope(MANAGER) : offlineQueuedResponse(receipt),
    );
    await h.checkPin('3333');
    const approvedBy = { role: 'manager' as const, name: 'Maria Lopez' };
    const queued = { queued: { requestId: '31' } };
    expect(
      await h.submit({
        mode: ACTION_MODE.REFUND,
        form: { lines: [{ sale_line_id: 1, quantity: 1 }] },
        approvedBy,
      }),
    ).toEqual(queued);
    expect(await h.submit({ approvedBy })).toEqual(queued);
    expect(await h.submit({ mode: ACTION_MODE.REMOVE, approvedBy })).toEqual(queued);
    expect(await h.submit({ mode: ACTION_MODE.RESTORE })).toEqual(queued);
    expect(await h.submit({ mode: ACTION_MODE.CLEAR_TRASH_ONE, approvedBy })).toEqual(queued);
    expect(await h.submit({ mode: ACTION_MODE.CLEAR_TRASH_ALL, saleId: null, approvedBy })).toEqual(queued);
    expect(
      await h.submit({ mode: ACTION_MODE.TIP, form: { tips: [{ user_id: 5, tip_amount: 500 }] } }),
    ).toEqual(queued);
    expect(
      await h.submit({ mode: ACTION_MODE.CHANGE_ORDER_DATE, form: { order_at: '2026-01-10T15:00:00.000Z' } }),
    ).toEqual(queued);
    expect(
      await h.submit({ mode: ACTION_MODE.CHANGE_EMPLOYEE, form: { from_employee_id: 5, to_employee_id: 6 } }),
    ).toEqual(queued);
    expect(await h.submit({ mode: ACTION_MODE.EDIT, form: { status: SALE_STATUS.SALE } })).toEqual(queued);
    expect(
      await h.submit({ mode: ACTION_MODE.SAVE_ALL_CHANGES, form: { changes: [{ id: 42, status: 1 }] } }),
    ).toEqual(queued);
  });

  it('loads the invoice for the invoice mode, a read with no key', async () => {
    const invoice = { sale: aDetail(42), store: { name: 'Demo' }, printed_payments: [] };
    const h = harness(() => envelope(invoice));
    expect(await h.submit({ mode: ACTION_MODE.INVOICE })).toEqual({ invoice });
    expect(route(h.requests[0]!)).toBe('GET /api/pos/sales/42/invoice');
    expect(h.requests[0]?.headers.has('idempotency-key')).toBe(false);
  });

  it('sends nothing for a half-filled form or a mode the screen does not submit', async () => {
    const h = harness(() => envelope({}));
    await expect(h.submit({ mode: ACTION_MODE.TIP, form: { tips: [] } })).rejects.toMatchObject({
      code: 'sale_management.errors.incomplete',
    });
    await expect(h.submit({ mode: ACTION_MODE.PAYROLL })).rejects.toMatchObject({
      code: 'sale_management.errors.unsupported',
    });
    expect(h.requests).toHaveLength(0);
  });

  it("shows a server refusal in the cashier's language by its code, else as sent", async () => {
    const text = 'A sale can be voided only on the business day it was made; refund it instead.';
    const h = harness(() =>
      json({ success: false, data: null, code: ERROR_CODE.SALE_VOID_AFTER_BUSINESS_DAY, message: text }, 409),
    );
    h.approvals.set(MANAGER);
    await expect(h.submit({ approvedBy: { role: 'manager', name: 'M' } })).rejects.toEqual({
      code: 'sale_status.void_after_business_day',
      message: text,
    });
    // The same English without a code is not matched: it is shown as sent.
    const uncoded = harness(() => failure(409, text));
    uncoded.approvals.set(MANAGER);
    await expect(uncoded.submit({ approvedBy: { role: 'manager', name: 'M' } })).rejects.toEqual({
      code: 'sale_management.action_failed',
      message: text,
    });
    expect(toActionError({ message: 'Payment processor is down.' })).toEqual({
      code: 'sale_management.action_failed',
      message: 'Payment processor is down.',
    });
    expect(toActionError(null)).toEqual({
      code: 'sale_management.action_failed',
      message: 'The action did not go through. Try again.',
    });
  });

  it('opens a sale with its refund info and employees, even when the employees cannot be read', async () => {
    const h = harness((request) =>
      request.url.includes('/employees')
        ? failure(403, 'No access.')
        : request.url.endsWith('/refund')
          ? envelope({ sale_id: 42, lines: [] })
          : envelope(aDetail(42)),
    );
    const bundle = await toPromise(createActor(h.actors.loadSaleDetail, { input: { id: 42 } }).start());
    expect(bundle.sale.id).toBe(42);
    expect(bundle.refund).toEqual({ sale_id: 42, lines: [] });
    expect(bundle.employees).toEqual([]);
  });
});

describe('queue watcher', () => {
  /** A fake queue: statuses by id, and the page's change events. */
  function fakeQueue(initial: Record<string, QueuedActionStatus>) {
    const statuses = new Map(Object.entries(initial));
    const listeners = new Set<() => void>();
    const lookup: QueueLookup = {
      status: async (id) => statuses.get(id) ?? 'gone',
      subscribe: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
    return {
      lookup,
      listeners,
      set: (id: string, status: QueuedActionStatus | null) => {
        if (status === null) statuses.delete(id);
        else statuses.set(id, status);
        listeners.forEach((listener) => listener());
      },
    };
  }

  function watch(queue: ReturnType<typeof fakeQueue>, requestIds: string[]) {
    const reports: Array<Omit<QueuedActionStatusEvent, 'type'>> = [];
    const parent = createActor(
      createMachine({
        types: {} as { events: QueuedActionStatusEvent },
        invoke: { src: createQueueWatcher(async () => queue.lookup, 60_000), input: { requestIds } },
        on: {
          'queued.status': {
            actions: ({ event }) => reports.push({ requestId: event.requestId, status: event.status }),
          },
        },
      }),
    ).start();
    return { parent, reports };
  }

  const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('reports only news: a request that fails, is retried, then leaves the queue', async () => {
    const queue = fakeQueue({ '31': 'waiting', '32': 'waiting' });
    const { parent, reports } = watch(queue, ['31', '32']);
    await tick();
    expect(reports).toEqual([]);
    queue.set('31', 'failed');
    await tick();
    queue.set('31', 'waiting');
    await tick();
    queue.set('31', null);
    await tick();
    queue.set('32', 'waiting');
    await tick();
    expect(reports).toEqual([
      { requestId: '31', status: 'failed' },
      { requestId: '31', status: 'waiting' },
      { requestId: '31', status: 'gone' },
    ]);
    parent.stop();
    expect(queue.listeners.size).toBe(0);
  });

  it('says at once when a request already left the queue (sent by the service worker meanwhile)', async () => {
    const queue = fakeQueue({});
    const { reports } = watch(queue, ['40']);
    await tick();
    expect(reports).toEqual([{ requestId: '40', status: 'gone' }]);
  });
});
