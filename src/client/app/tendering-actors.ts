/**
 * The tendering panel's real side effects, provided here and nowhere else (docs/architecture.md: app/ is the
 * one place that gives machines their real actors). The payment request (machines/payment-request) gets the
 * MoMo, VNPAY and VietQR calls of lib/api/payments-api.ts and the app's PIN check for the VietQR
 * confirmation; the gift card check (machines/gift-card-check) gets GET /api/pos/giftcards/:id.
 *
 * The offline card watch (docs/offline.md) tells the sale machine, while the panel is up, whether
 * the till is online, the store's offline card limits and the offline card payments the request queue still
 * holds unsynced; the machine takes a card payment as an offline one within those limits.
 *
 * The panel reads these through its own context (features/sale/tendering/tendering-actors-context.tsx); the
 * sale area provides this object there by a loader, so it stays in the payment panel's chunk; a test or a
 * model-based UI run provides fakes with <tenderingActors.Provider value={…}>.
 */
import { fromCallback, fromPromise } from 'xstate';
import type { EventObject } from 'xstate';
import { giftCardCheckMachine } from '../../../machines/gift-card-check/gift-card-check.machine';
import type { GiftCard, LookupGiftCardInput } from '../../../machines/gift-card-check/gift-card-check.types';
import { paymentRequestMachine } from '../../../machines/payment-request/payment-request.machine';
import type {
  CheckPaymentRequestInput,
  ConfirmPaymentRequestInput,
  CreatedPaymentRequest,
  CreatePaymentRequestInput,
  PaymentRequestInfo,
} from '../../../machines/payment-request/payment-request.types';
import type { PaymentRequestView } from '../../contracts/payments';
import type { StoreSettingsView } from '../../contracts/auth';
import type { OfflineCardLimits } from '../../domain/offline-card';
import type { ApiClient } from '../lib/api/client';
import { getGiftcard } from '../lib/api/giftcards-api';
import { newIdempotencyKey } from '../lib/api/idempotency-key';
import {
  confirmVietqrRequest,
  createMomoRequest,
  createVietqrRequest,
  createVnpayRequest,
  getMomoStatus,
  getVnpayStatus,
} from '../lib/api/payments-api';
import { readUnsyncedOfflineCards } from '../lib/offline-queue/offline-cards';
import type { UnsyncedOfflineCards } from '../lib/offline-queue/offline-cards';
import { defaultRequestQueue } from '../lib/offline-queue/request-queue';
import { readInitialSettings } from '../lib/storage';
import type {
  OfflineCardWatchInput,
  OfflineCardWatchLogic,
  TenderingActors,
} from '../features/sale/tendering/tendering-actors-context';
import { appPinCheckMachine } from './auth';

interface Options {
  signal?: AbortSignal;
  client?: ApiClient;
}

function info(request: PaymentRequestView): PaymentRequestInfo {
  return { id: request.id, provider: request.provider, status: request.status, amount: request.amount };
}

/** MoMo's live answer carries its pay page (payUrl); without a live endpoint there is none. */
function momoPayUrl(response: Record<string, unknown> | null): string | null {
  const url = response?.payUrl;
  return typeof url === 'string' && /^https?:\/\//.test(url) ? url : null;
}

/** POST …/create of the provider, as the machine's CreatedPaymentRequest. */
export async function createPaymentRequest(
  input: CreatePaymentRequestInput,
  { signal, client }: Options = {},
): Promise<CreatedPaymentRequest> {
  const body = { amount: input.amount, ...(input.saleUuid ? { sale_uuid: input.saleUuid } : {}) };
  const call = { idempotencyKey: input.idempotencyKey, signal, ...(client ? { client } : {}) };
  switch (input.provider) {
    case 'momo': {
      const created = await createMomoRequest(body, call);
      return { request: info(created.request), payUrl: momoPayUrl(created.response) };
    }
    case 'vnpay': {
      const created = await createVnpayRequest(body, call);
      return { request: info(created.request), payUrl: created.payment_url };
    }
    case 'vietqr': {
      const created = await createVietqrRequest(body, call);
      return {
        request: info(created.request),
        qrPayload: created.qr_payload,
        accountName: created.account_name,
      };
    }
  }
}

/** The request's status as the server knows it (the providers' callbacks update it there). */
export async function checkPaymentRequest(
  input: CheckPaymentRequestInput,
  { signal, client }: Options = {},
): Promise<PaymentRequestInfo> {
  const call = { signal, ...(client ? { client } : {}) };
  switch (input.provider) {
    case 'momo':
      return info((await getMomoStatus(input.id, call)).request);
    case 'vnpay':
      return info((await getVnpayStatus(input.id, call)).request);
    case 'vietqr':
      // A bank transfer sends no callback: a VietQR request is confirmed, never polled.
      throw new Error('A VietQR request has no status to poll; it is confirmed with a manager PIN.');
  }
}

export async function confirmPaymentRequest(
  input: ConfirmPaymentRequestInput,
  { signal, client }: Options = {},
): Promise<PaymentRequestInfo> {
  const call = { idempotencyKey: input.idempotencyKey, signal, ...(client ? { client } : {}) };
  return info((await confirmVietqrRequest(input.id, input.approval, call)).request);
}

/** The payment request chart with the real calls and the app's PIN check (POST /api/role-by-code). */
export const appPaymentRequestMachine = paymentRequestMachine.provide({
  actors: {
    createRequest: fromPromise<CreatedPaymentRequest, CreatePaymentRequestInput>(({ input, signal }) =>
      createPaymentRequest(input, { signal }),
    ),
    checkRequest: fromPromise<PaymentRequestInfo, CheckPaymentRequestInput>(({ input, signal }) =>
      checkPaymentRequest(input, { signal }),
    ),
    confirmRequest: fromPromise<PaymentRequestInfo, ConfirmPaymentRequestInput>(({ input, signal }) =>
      confirmPaymentRequest(input, { signal }),
    ),
    approval: appPinCheckMachine,
  },
});

/** The gift card check with the real lookup. */
export const appGiftCardCheckMachine = giftCardCheckMachine.provide({
  actors: {
    lookupGiftCard: fromPromise<GiftCard, LookupGiftCardInput>(({ input, signal }) =>
      getGiftcard(input.number, { signal }),
    ),
  },
});

// ---- offline card watch ------------------------------------------------------------------------------------

export interface OfflineCardWatchDeps {
  /** Default navigator.onLine: the source the sync scheduler's network state and the queue use too. */
  isOnline: () => boolean;
  /** Default the window's online / offline events. Returns the unsubscribe. */
  onConnectivity: (listener: (online: boolean) => void) => () => void;
  /** The store's limits; null when this till has no store settings (then none is allowed offline). */
  readLimits: () => OfflineCardLimits | null;
  readUnsynced: () => Promise<UnsyncedOfflineCards>;
  /** Default: this page's queue changes and other tabs' 'queue-changed' broadcasts. Returns the unsubscribe. */
  onQueueChange: (listener: () => void) => () => void;
  /** Read the queue again this often anyway (a change another context made without telling this one). */
  refreshMs: number;
  warn: (message: string, error: unknown) => void;
}

/**
 * pwa-platform.ts QUEUE_CHANNEL, where every tab's platform says 'queue-changed'. Not imported: that module is
 * the lazily loaded PWA platform, and the payment panel must not pull it in (tendering-actors.test.ts holds
 * the two equal).
 */
export const QUEUE_CHANGED_CHANNEL = 'offline-queue';
export const OFFLINE_CARD_REFRESH_MS = 30_000;

export function offlineCardLimitsOf(
  store:
    Pick<StoreSettingsView, 'offline_card_limit_per_ticket' | 'offline_card_limit_total'> | null | undefined,
): OfflineCardLimits | null {
  if (!store) return null;
  return { perTicket: store.offline_card_limit_per_ticket, total: store.offline_card_limit_total };
}

function browserConnectivity(listener: (online: boolean) => void): () => void {
  if (typeof window === 'undefined') return () => {};
  const online = () => listener(true);
  const offline = () => listener(false);
  window.addEventListener('online', online);
  window.addEventListener('offline', offline);
  return () => {
    window.removeEventListener('online', online);
    window.removeEventListener('offline', offline);
  };
}

function queueChanges(listener: () => void): () => void {
  const unsubscribe = defaultRequestQueue().subscribe(() => listener());
  const channel =
    typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(QUEUE_CHANGED_CHANNEL);
  if (channel) {
    channel.onmessage = (event: MessageEvent<{ type?: string } | null>) => {
      if (event.data?.type === 'queue-changed') listener();
    };
  }
  return () => {
    unsubscribe();
    channel?.close();
  };
}

const defaultWatchDeps: OfflineCardWatchDeps = {
  isOnline: () => (typeof navigator === 'undefined' ? true : navigator.onLine),
  onConnectivity: browserConnectivity,
  readLimits: () => offlineCardLimitsOf(readInitialSettings()?.storeSettings),
  readUnsynced: () => readUnsyncedOfflineCards(),
  onQueueChange: queueChanges,
  refreshMs: OFFLINE_CARD_REFRESH_MS,
  warn: (message, error) => console.warn(message, error),
};

/**
 * The watch: reports connectivity at once and on every change, and the limits with the unsynced sum after
 * each read of the queue (at start, on a queue change, on coming back online, every refreshMs). A read that
 * an earlier one overtakes is dropped, so the last report is always the latest read.
 *
 * WHY a queue that cannot be read reports the total limit as used up: the money at risk cannot be counted,
 * and a till whose queue is broken could not keep the offline sale anyway.
 */
export function createOfflineCardWatch(overrides: Partial<OfflineCardWatchDeps> = {}): OfflineCardWatchLogic {
  const deps: OfflineCardWatchDeps = { ...defaultWatchDeps, ...overrides };
  return fromCallback<EventObject, OfflineCardWatchInput>(({ input }) => {
    const { sale } = input;
    let stopped = false;
    let latest = 0;

    const refresh = () => {
      const read = ++latest;
      const limits = deps.readLimits() ?? { perTicket: 0, total: 0 };
      deps.readUnsynced().then(
        (unsynced) => {
          if (stopped || read !== latest) return;
          sale.send({ type: 'offlineCard.status', limits, unsynced: unsynced.total });
        },
        (error: unknown) => {
          if (stopped || read !== latest) return;
          deps.warn('The offline queue could not be read; no card payment is taken offline.', error);
          sale.send({ type: 'offlineCard.status', limits, unsynced: limits.total });
        },
      );
    };

    sale.send({ type: 'connectivity.change', online: deps.isOnline() });
    refresh();
    const stopConnectivity = deps.onConnectivity((online) => {
      sale.send({ type: 'connectivity.change', online });
      refresh();
    });
    const stopQueue = deps.onQueueChange(refresh);
    const timer = setInterval(refresh, deps.refreshMs);
    return () => {
      stopped = true;
      clearInterval(timer);
      stopConnectivity();
      stopQueue();
    };
  });
}

export const appTenderingActors: TenderingActors = {
  paymentRequest: appPaymentRequestMachine,
  giftCardCheck: appGiftCardCheckMachine,
  offlineCardWatch: createOfflineCardWatch(),
  createId: newIdempotencyKey,
};
