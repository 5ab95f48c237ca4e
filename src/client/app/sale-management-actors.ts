/**
 * The sale management screen's real side effects, provided here and nowhere else (docs/architecture.md: app/
 * is the one place that gives machines their real actors):
 *
 * - the list chart (machines/sale-list): loadSales (GET /api/pos/sales) and loadSaleDetail (the sale, what is
 *   still refundable and the store's employees, in parallel);
 * - its child, the action-mode chart (machines/sale-management): checkManagerPin (POST /api/role-by-code) and
 *   submitAction, which maps each ACTION_MODE to its endpoint (lib/api/sale-management-api.ts); the invoice
 *   mode's "submit" is the read GET /api/pos/sales/:id/invoice, whose answer the chart shows. A write the offline
 *   request queue took answers `{ queued: { requestId } }` (docs/offline.md), never the server's data;
 * - the list's queue watcher (watchQueuedActions): where each queued action stands in the offline queue.
 *
 * Every write carries the chart's intent id as its Idempotency-Key (made when the mode opened, kept across
 * retries). The modes that need a manager's PIN (src/domain/sale-status.ts MANAGER_PIN_MODES) send the approval
 * the PIN check just earned: checkManagerPin keeps it in the session's approval store (lib/api/pin-approval.ts,
 * memory only, 5 minutes, ADR 006) when its owner may approve, and submitAction reads it from there. A server
 * refusal reaches the dialog as `{ code, message }`: the sale-status i18n key when the server's text is one of the
 * domain's (so it reads in the cashier's language), else the generic key with the server's own message.
 */
import { fromCallback, fromPromise } from 'xstate';
import { pinFailure } from '../../../machines/pin-check/pin-check.rules';
import { saleListMachine } from '../../../machines/sale-list/sale-list.machine';
import { managedSaleOf } from '../../../machines/sale-list/sale-list.rules';
import type {
  LoadSaleDetailInput,
  LoadSalesInput,
  QueuedActionStatus,
  QueuedActionStatusEvent,
  SaleDetailBundle,
  SalePage,
  WatchQueuedActionsInput,
} from '../../../machines/sale-list/sale-list.types';
import { saleManagementMachine } from '../../../machines/sale-management/sale-management.machine';
import type {
  ActionError,
  CheckManagerPinInput,
  CheckManagerPinOutput,
  SubmitActionInput,
  SubmitActionOutput,
} from '../../../machines/sale-management/sale-management.types';
import { SALE_MANAGEMENT_ERROR } from '../../../machines/sale-management/sale-management.types';
import { isErrorCode } from '../../contracts/error-codes';
import type { SaleDetail } from '../../contracts/sales';
import { ACTION_MODE } from '../../domain/constants';
import { canApproveWithPin } from '../../domain/permissions';
import { needsManagerPin } from '../../domain/sale-status';
import {
  readEmployeeForm,
  readOrderDateForm,
  readRefundForm,
  readStatusForm,
  readTipForm,
} from '../features/sale-management/action-forms';
import { api } from '../lib/api/api';
import { isApiError } from '../lib/api/api-error';
import { checkPin } from '../lib/api/auth-api';
import type { ApiClient } from '../lib/api/client';
import { errorMessageKey } from '../lib/api/error-messages';
import { pinApprovals } from '../lib/api/pin-approval';
import type { PinApprovalStore } from '../lib/api/pin-approval';
import * as salesApi from '../lib/api/sale-management-api';
import type { Queued } from '../lib/api/sale-management-api';
import { isOfflineQueueError } from '../lib/offline-queue/errors';
import { isOfflineQueued, loadDefaultQueue } from '../lib/offline-queue/offline-fetch';
import type { RequestQueue } from '../lib/offline-queue/request-queue';

export interface SaleManagementDeps {
  client?: ApiClient;
  approvals?: PinApprovalStore;
  /** Where queued actions are looked up (default: the app's offline queue, loaded on first need). */
  queue?: () => Promise<QueueLookup>;
  /** How often the watcher looks again (default QUEUE_POLL_MS). */
  queuePollMs?: number;
}

/** What the queue watcher needs of the offline queue. */
export interface QueueLookup {
  status(requestId: string): Promise<QueuedActionStatus>;
  /** Called back on each change THIS page makes to the queue; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

/**
 * WHY a poll besides the queue's own events: those cover only this page's instance; the service worker's
 * background sync and another tab send requests this page never hears of. Reading a few ids from IndexedDB
 * every 5 s costs nothing next to a cashier waiting to see the refund go through.
 */
export const QUEUE_POLL_MS = 5_000;

/** The app's offline queue as the watcher reads it: a request not found there has left it (sent or removed). */
export function queueLookup(queue: RequestQueue): QueueLookup {
  return {
    status: (requestId) =>
      queue.get(requestId).then(
        (request): QueuedActionStatus => (request.status === 'failed' ? 'failed' : 'waiting'),
        (error: unknown) => {
          if (isOfflineQueueError(error, 'not-found')) return 'gone';
          throw error;
        },
      ),
    subscribe: (listener) => queue.subscribe(() => listener()),
  };
}

const defaultQueue = (): Promise<QueueLookup> => loadDefaultQueue().then(queueLookup);

/**
 * The list's queue watcher (machines/sale-list `queue.watching`): reports each watched request's status when it
 * changes — at start, on each change this page makes to the queue, when the browser comes online, and every
 * `pollMs`. An id starts as 'waiting' (it was just queued), so only news is sent. Looks overlap never: a
 * change during a look asks for one more look after it.
 */
export function createQueueWatcher(source: () => Promise<QueueLookup>, pollMs: number = QUEUE_POLL_MS) {
  return fromCallback<QueuedActionStatusEvent, WatchQueuedActionsInput>(({ input, sendBack }) => {
    const known = new Map<string, QueuedActionStatus>(input.requestIds.map((id) => [id, 'waiting']));
    let stopped = false;
    let looking = false;
    let again = false;
    let unsubscribe: () => void = () => undefined;

    async function lookOnce(): Promise<void> {
      const queue = await source();
      for (const requestId of input.requestIds) {
        if (known.get(requestId) === 'gone') continue;
        const status = await queue.status(requestId).catch(() => null);
        if (stopped) return;
        if (status !== null && status !== known.get(requestId)) {
          known.set(requestId, status);
          sendBack({ type: 'queued.status', requestId, status });
        }
      }
    }
    function look(): void {
      if (stopped) return;
      if (looking) {
        again = true;
        return;
      }
      looking = true;
      void lookOnce()
        .catch(() => undefined)
        .finally(() => {
          looking = false;
          if (again) {
            again = false;
            look();
          }
        });
    }

    void source()
      .then((queue) => {
        if (!stopped) unsubscribe = queue.subscribe(look);
      })
      .catch(() => undefined);
    const timer = setInterval(look, pollMs);
    globalThis.addEventListener?.('online', look);
    look();
    return () => {
      stopped = true;
      clearInterval(timer);
      globalThis.removeEventListener?.('online', look);
      unsubscribe();
    };
  });
}

export const SUBMIT_ERROR = {
  APPROVAL_EXPIRED: {
    code: 'sale_management.errors.approval_expired',
    message: 'The manager approval has expired. Close this window and start again.',
  },
  INCOMPLETE: {
    code: 'sale_management.errors.incomplete',
    message: 'Some details are missing. Close this window and start again.',
  },
  UNSUPPORTED: {
    code: 'sale_management.errors.unsupported',
    message: 'This action is not available on this screen.',
  },
} as const satisfies Record<string, ActionError>;

/**
 * A failed call as the dialog shows it (see the file comment): a server refusal by the i18n key of its code
 * (lib/api/error-messages.ts), with the server's text as the fallback; without a code, the server's text.
 */
export function toActionError(error: unknown): ActionError {
  const { message, code } = (typeof error === 'object' && error !== null ? error : {}) as {
    message?: unknown;
    code?: unknown;
  };
  if (typeof message !== 'string' || !message) return { ...SALE_MANAGEMENT_ERROR.ACTION_FAILED };
  return {
    code: isErrorCode(code) ? errorMessageKey(error) : SALE_MANAGEMENT_ERROR.ACTION_FAILED.code,
    message,
  };
}

function fail(error: ActionError): never {
  throw { ...error };
}

const withSale = (sale: SaleDetail): SubmitActionOutput => ({ sale: managedSaleOf(sale) });

/**
 * The action's output from a write's answer: the offline queue's receipt becomes `queued` (the chart shows
 * "saved offline", the list marks the sale as waiting), never the sale data the server has not sent.
 */
function answerOf<T>(answer: Queued<T>, applied: (data: T) => SubmitActionOutput): SubmitActionOutput {
  return isOfflineQueued(answer) ? { queued: { requestId: answer.requestId } } : applied(answer as T);
}

async function submit(
  input: SubmitActionInput,
  signal: AbortSignal,
  client: ApiClient,
  approvals: PinApprovalStore,
): Promise<SubmitActionOutput> {
  const { mode, saleId, form } = input;
  let pinApproval: string | undefined;
  if (needsManagerPin(mode)) {
    pinApproval = approvals.getSnapshot()?.approval;
    if (!pinApproval || input.approvedBy === null) fail(SUBMIT_ERROR.APPROVAL_EXPIRED);
  }
  const options = { signal, client, idempotencyKey: input.intentId, ...(pinApproval ? { pinApproval } : {}) };

  if (mode === ACTION_MODE.CLEAR_TRASH_ALL) {
    return answerOf(await salesApi.clearAllTrashed(options), () => ({}));
  }
  if (mode === ACTION_MODE.SAVE_ALL_CHANGES || mode === ACTION_MODE.SAVE_CHANGE) {
    // Store-wide: the changes name their sales; the open sale (if any) is only followed when it is among them.
    const changes = Array.isArray(form?.changes) ? (form.changes as salesApi.SaleChange[]) : [];
    if (changes.length === 0) fail(SUBMIT_ERROR.INCOMPLETE);
    return answerOf(await salesApi.saveAllChanges(changes, options), ({ items }) => {
      const mine = items.find((sale) => sale.id === saleId);
      return mine ? withSale(mine) : {};
    });
  }
  if (saleId === null) fail(SUBMIT_ERROR.INCOMPLETE);
  const orFail = <T>(value: T | null): T => value ?? fail(SUBMIT_ERROR.INCOMPLETE);

  switch (mode) {
    case ACTION_MODE.REFUND: {
      const { lines } = orFail(readRefundForm(form));
      return answerOf(await salesApi.refundSale(saleId, { lines }, options), ({ sale }) => withSale(sale));
    }
    case ACTION_MODE.VOID:
      return answerOf(await salesApi.voidSale(saleId, {}, options), withSale);
    case ACTION_MODE.REMOVE:
      return answerOf(await salesApi.trashSale(saleId, options), withSale);
    case ACTION_MODE.RESTORE:
      return answerOf(await salesApi.restoreSale(saleId, options), withSale);
    case ACTION_MODE.CLEAR_TRASH_ONE:
      return answerOf(await salesApi.clearTrashedSale(saleId, options), () => ({ sale: null }));
    case ACTION_MODE.TIP:
      return answerOf(await salesApi.changeTips(saleId, orFail(readTipForm(form)).tips, options), withSale);
    case ACTION_MODE.CHANGE_ORDER_DATE:
      return answerOf(
        await salesApi.changeOrderAt(saleId, orFail(readOrderDateForm(form)).order_at, options),
        withSale,
      );
    case ACTION_MODE.CHANGE_EMPLOYEE:
      return answerOf(
        await salesApi.changeEmployee(saleId, orFail(readEmployeeForm(form)), options),
        withSale,
      );
    case ACTION_MODE.EDIT:
      return answerOf(await salesApi.setSaleStatus(saleId, orFail(readStatusForm(form)), options), withSale);
    case ACTION_MODE.INVOICE:
      return { invoice: await salesApi.getSaleInvoice(saleId, { signal, client }) };
    default:
      return fail(SUBMIT_ERROR.UNSUPPORTED);
  }
}

/** The actors of both charts, on the given client and approval store (tests pass fakes). */
export function createSaleManagementActors({
  client = api,
  approvals = pinApprovals,
  queue = defaultQueue,
  queuePollMs = QUEUE_POLL_MS,
}: SaleManagementDeps = {}) {
  return {
    watchQueuedActions: createQueueWatcher(queue, queuePollMs),
    loadSales: fromPromise<SalePage, LoadSalesInput>(({ input, signal }) =>
      salesApi.listSales(input, { signal, client }),
    ),
    loadSaleDetail: fromPromise<SaleDetailBundle, LoadSaleDetailInput>(async ({ input, signal }) => {
      const [sale, refund, employees] = await Promise.all([
        salesApi.getSale(input.id, { signal, client }),
        salesApi.getRefundInfo(input.id, { signal, client }),
        // Only "change employee" needs them: the sale still opens when they cannot be read.
        salesApi.listStoreEmployees({ signal, client }).catch(() => []),
      ]);
      return { sale, refund, employees: employees.map(({ id, name }) => ({ id, name })) };
    }),
    checkManagerPin: fromPromise<CheckManagerPinOutput, CheckManagerPinInput>(async ({ input, signal }) => {
      let answer: Awaited<ReturnType<typeof checkPin>>;
      try {
        answer = await checkPin(input.pin, { signal, client });
      } catch (error) {
        // { code: 'pin.errors.wrong' | 'pin.errors.locked' | 'api.errors.*', message }: the pad's own texts.
        throw pinFailure(error);
      }
      if (canApproveWithPin(answer.role)) approvals.set(answer);
      return { role: answer.role, name: answer.name };
    }),
    submitAction: fromPromise<SubmitActionOutput, SubmitActionInput>(async ({ input, signal }) => {
      try {
        return await submit(input, signal, client, approvals);
      } catch (error) {
        // The submit's own refusals (SUBMIT_ERROR) are already action errors; a call's ApiError is mapped.
        if (!isApiError(error) && typeof error === 'object' && error !== null && 'code' in error) throw error;
        throw toActionError(error);
      }
    }),
  };
}

/** The list chart with its loaders and its action-mode child, all on the app's real calls. */
export function createSaleListLogic(deps: SaleManagementDeps = {}) {
  const { loadSales, loadSaleDetail, checkManagerPin, submitAction, watchQueuedActions } =
    createSaleManagementActors(deps);
  return saleListMachine.provide({
    actors: {
      loadSales,
      loadSaleDetail,
      watchQueuedActions,
      saleActions: saleManagementMachine.provide({ actors: { checkManagerPin, submitAction } }),
    },
  });
}

export const appSaleListMachine = createSaleListLogic();
