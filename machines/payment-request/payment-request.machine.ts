/**
 * One external payment request: MoMo or VNPAY (the customer pays in the wallet; we poll the server until the
 * provider's callback marks the request paid) or VietQR (the customer scans a bank QR; a bank transfer sends
 * no callback, so a manager confirms it arrived). server: routes/payments, payments/payment-requests/.
 *
 *   idle ─request.start─▶ creating ─▶ pending (waiting ⇄ checking, every pollInterval) ─▶ approved
 *                            │            │  ├─ provider failed ─▶ failed ─request.retry─▶ creating (new key)
 *                            │            │  ├─ provider expired / requestTimeout ─▶ expired ─request.retry─▶ …
 *                            │            │  └─ request.cancel ─▶ cancelling (one last look) ─▶ cancelled | approved
 *                            │            └─ VietQR: awaitingTransfer ─transfer.confirm─▶ approving (PIN pad)
 *                            │                         ▲                                   └─▶ confirming ─▶ approved
 *                            │                         └──────── confirm failed / approval.cancel ──────┘
 *                            └─ error ─▶ createFailed ─request.retry─▶ creating (same key)
 *   approved: the payment is handed to the sale (deliverPayment); request.reset ─▶ idle for the next one.
 *
 * Why it is shaped so:
 * - The money moves outside the till, so the one thing never to do is to forget a request the customer may
 *   still pay. Cancel therefore asks the server once more (cancelling) before letting go: a request paid in the
 *   meantime ends approved, not cancelled. (The server has no cancel route: an abandoned request stays
 *   pending there and is never claimed by a sale.)
 * - A failed status check is not a failed payment: polling goes on and the screen says the status is unknown.
 * - The idempotency key of a create is kept when that create is retried (the answer may have been lost: the
 *   server replays it) and replaced for a new request after a failure or expiry
 *   (docs/api.md#writes-and-idempotency).
 * - The VietQR approval is a child pinCheck (machines/pin-check): the same pad and answers as every manager
 *   approval; its output goes straight into the confirm call and is never stored here.
 * - Delivering the payment is a named action the screen provides (it sends payment.set to the sale), so this
 *   chart stays unaware of the sale machine; approved keeps the payment so the screen can show it.
 */
import { assertEvent, assign, setup } from 'xstate';
import { requiredActor } from '../support/required-actor';
import { pinCheckMachine } from '../pin-check/pin-check.machine';
import type { PinApproval } from '../pin-check/pin-check.types';
import { PROVIDER_PAYMENT_TYPE } from './payment-request.types';
import type {
  CheckPaymentRequestInput,
  ConfirmPaymentRequestInput,
  CreatedPaymentRequest,
  CreatePaymentRequestInput,
  PaymentRequestContext,
  PaymentRequestError,
  PaymentRequestErrorCode,
  PaymentRequestEvent,
  PaymentRequestInfo,
  PaymentRequestInput,
} from './payment-request.types';
import type { Payment } from '../../src/domain/order.types';

/** How often a pending request is checked. */
export const POLL_INTERVAL_MS = 3_000;
/** How long a request may stay pending: VNPAY's pay URL expires after 15 minutes (VNPAY_EXPIRY_MINUTES). */
export const REQUEST_TIMEOUT_MS = 15 * 60_000;

/** An actor's failure as a request error with the given code, keeping the server's message. */
export function toRequestError(code: PaymentRequestErrorCode, error: unknown): PaymentRequestError {
  const message =
    typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string'
      ? error.message
      : undefined;
  return message === undefined ? { code } : { code, message };
}

/** The sale payment of a paid request: the server claims it by processor_reference (its id). */
export function paymentOf(request: PaymentRequestInfo): Payment {
  const id = String(request.id);
  return {
    payment_type: PROVIDER_PAYMENT_TYPE[request.provider],
    payment_amount: request.amount,
    // reference too: two wallet payments of one type are two payments (order-editing keys by type+reference).
    payment_info: { reference: id, processor_reference: id },
  };
}

function defaultCreateId(): string {
  return globalThis.crypto.randomUUID();
}

export const paymentRequestMachine = setup({
  types: {} as {
    context: PaymentRequestContext;
    events: PaymentRequestEvent;
    input: PaymentRequestInput;
    tags: 'busy' | 'inFlight';
  },
  actors: {
    /** POST /api/payments/{momo|vnpay|vietqr}/create with the Idempotency-Key. */
    createRequest: requiredActor<CreatedPaymentRequest, CreatePaymentRequestInput>(
      'paymentRequest',
      'createRequest',
    ),
    /** GET the request's status (MoMo: /api/payments/momo/:id/status). */
    checkRequest: requiredActor<PaymentRequestInfo, CheckPaymentRequestInput>(
      'paymentRequest',
      'checkRequest',
    ),
    /** POST /api/payments/vietqr/:id/confirm with X-Pin-Approval. */
    confirmRequest: requiredActor<PaymentRequestInfo, ConfirmPaymentRequestInput>(
      'paymentRequest',
      'confirmRequest',
    ),
    /** The manager's PIN (POST /api/role-by-code), provided by the app with its real check. */
    approval: pinCheckMachine,
  },
  delays: {
    pollInterval: POLL_INTERVAL_MS,
    requestTimeout: REQUEST_TIMEOUT_MS,
  },
  guards: {
    isValidStart: ({ event }) => {
      assertEvent(event, 'request.start');
      return Number.isSafeInteger(event.amount) && event.amount > 0;
    },
    isQr: ({ context }) => context.provider === 'vietqr',
    isPaid: (_, params: { request: PaymentRequestInfo }) => params.request.status === 'paid',
    isFailed: (_, params: { request: PaymentRequestInfo }) => params.request.status === 'failed',
    isOver: (_, params: { request: PaymentRequestInfo }) =>
      params.request.status === 'expired' || params.request.status === 'cancelled',
  },
  actions: {
    startRequest: assign(({ context, event }) => {
      assertEvent(event, 'request.start');
      return {
        provider: event.provider,
        amount: event.amount,
        saleUuid: event.saleUuid,
        idempotencyKey: context.createId(),
        confirmKey: null,
        request: null,
        payUrl: null,
        qrPayload: null,
        accountName: null,
        statusUnknown: false,
        payment: null,
        error: null,
      };
    }),
    refuseStart: assign({ error: (): PaymentRequestError => ({ code: 'amountNotPositive' }) }),
    /** A new request for the same provider and amount after the last one failed or expired. */
    renewKey: assign(({ context }) => ({
      idempotencyKey: context.createId(),
      request: null,
      payUrl: null,
      qrPayload: null,
      accountName: null,
      statusUnknown: false,
      error: null,
    })),
    clearError: assign({ error: null }),
    storeCreated: assign((_, params: { created: CreatedPaymentRequest }) => ({
      request: params.created.request,
      payUrl: params.created.payUrl ?? null,
      qrPayload: params.created.qrPayload ?? null,
      accountName: params.created.accountName ?? null,
      error: null,
    })),
    storeStatus: assign((_, params: { request: PaymentRequestInfo }) => ({
      request: params.request,
      statusUnknown: false,
    })),
    markStatusUnknown: assign({ statusUnknown: true }),
    newConfirmKey: assign(({ context }) => ({ confirmKey: context.createId(), error: null })),
    setError: assign((_, params: { error: PaymentRequestError }) => ({ error: params.error })),
    storePayment: assign(({ context }, params: { request: PaymentRequestInfo }) => ({
      request: params.request,
      statusUnknown: false,
      error: null,
      payment: paymentOf({ ...params.request, provider: context.provider ?? params.request.provider }),
    })),
    /** Hands the payment to the sale (the screen provides it: SaleActor payment.set). */
    deliverPayment: (_, _params: { payment: Payment | null }) => {},
    forget: assign({
      provider: null,
      amount: 0,
      saleUuid: null,
      idempotencyKey: null,
      confirmKey: null,
      request: null,
      payUrl: null,
      qrPayload: null,
      accountName: null,
      statusUnknown: false,
      payment: null,
      error: null,
    }),
  },
}).createMachine({
  id: 'paymentRequest',
  context: ({ input }) => ({
    provider: null,
    amount: 0,
    saleUuid: null,
    idempotencyKey: null,
    confirmKey: null,
    request: null,
    payUrl: null,
    qrPayload: null,
    accountName: null,
    statusUnknown: false,
    payment: null,
    error: null,
    createId: input.createId ?? defaultCreateId,
  }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'request.start': [
          { guard: 'isValidStart', target: 'creating', actions: 'startRequest' },
          { actions: 'refuseStart' },
        ],
      },
    },
    creating: {
      tags: ['busy', 'inFlight'],
      invoke: {
        id: 'createRequest',
        src: 'createRequest',
        input: ({ context }) => ({
          provider: context.provider ?? 'momo',
          amount: context.amount,
          saleUuid: context.saleUuid,
          idempotencyKey: context.idempotencyKey ?? '',
        }),
        onDone: [
          {
            guard: 'isQr',
            target: 'awaitingTransfer',
            actions: { type: 'storeCreated', params: ({ event }) => ({ created: event.output }) },
          },
          {
            target: 'pending',
            actions: { type: 'storeCreated', params: ({ event }) => ({ created: event.output }) },
          },
        ],
        onError: {
          target: 'createFailed',
          actions: {
            type: 'setError',
            params: ({ event }) => ({ error: toRequestError('requestCreateFailed', event.error) }),
          },
        },
      },
      // The server may have made the request already; nobody was shown where to pay, so nobody can pay it.
      on: { 'request.cancel': { target: 'cancelled' } },
    },
    createFailed: {
      on: {
        'request.retry': { target: 'creating', actions: 'clearError' },
        'request.reset': { target: 'idle', actions: 'forget' },
      },
    },
    pending: {
      tags: ['inFlight'],
      initial: 'waiting',
      after: {
        requestTimeout: {
          target: 'expired',
          actions: { type: 'setError', params: { error: { code: 'requestExpired' } } },
        },
      },
      states: {
        waiting: { after: { pollInterval: { target: 'checking' } } },
        checking: {
          invoke: {
            id: 'checkRequest',
            src: 'checkRequest',
            input: ({ context }) => ({
              provider: context.provider ?? 'momo',
              id: context.request?.id ?? 0,
            }),
            onDone: [
              {
                guard: { type: 'isPaid', params: ({ event }) => ({ request: event.output }) },
                target: '#paymentRequest.approved',
                actions: { type: 'storePayment', params: ({ event }) => ({ request: event.output }) },
              },
              {
                guard: { type: 'isFailed', params: ({ event }) => ({ request: event.output }) },
                target: '#paymentRequest.failed',
                actions: [
                  { type: 'storeStatus', params: ({ event }) => ({ request: event.output }) },
                  { type: 'setError', params: { error: { code: 'requestFailed' } } },
                ],
              },
              {
                guard: { type: 'isOver', params: ({ event }) => ({ request: event.output }) },
                target: '#paymentRequest.expired',
                actions: [
                  { type: 'storeStatus', params: ({ event }) => ({ request: event.output }) },
                  { type: 'setError', params: { error: { code: 'requestExpired' } } },
                ],
              },
              {
                target: 'waiting',
                actions: { type: 'storeStatus', params: ({ event }) => ({ request: event.output }) },
              },
            ],
            onError: { target: 'waiting', actions: 'markStatusUnknown' },
          },
        },
      },
      on: { 'request.cancel': { target: 'cancelling' } },
    },
    /** One last look before letting go: the customer may have paid a second ago. */
    cancelling: {
      tags: ['busy', 'inFlight'],
      invoke: {
        id: 'lastCheck',
        src: 'checkRequest',
        input: ({ context }) => ({ provider: context.provider ?? 'momo', id: context.request?.id ?? 0 }),
        onDone: [
          {
            guard: { type: 'isPaid', params: ({ event }) => ({ request: event.output }) },
            target: 'approved',
            actions: { type: 'storePayment', params: ({ event }) => ({ request: event.output }) },
          },
          {
            target: 'cancelled',
            actions: { type: 'storeStatus', params: ({ event }) => ({ request: event.output }) },
          },
        ],
        onError: { target: 'cancelled', actions: 'markStatusUnknown' },
      },
    },
    /** VietQR: the QR is on screen; the customer transfers; the cashier sees it arrive in the bank app. */
    awaitingTransfer: {
      tags: ['inFlight'],
      on: {
        'transfer.confirm': { target: 'approving', actions: 'newConfirmKey' },
        'request.cancel': { target: 'cancelled' },
      },
    },
    approving: {
      tags: ['inFlight'],
      invoke: {
        id: 'approval',
        src: 'approval',
        input: {},
        onDone: { target: 'confirming' },
      },
      on: { 'approval.cancel': { target: 'awaitingTransfer' } },
    },
    confirming: {
      tags: ['busy', 'inFlight'],
      invoke: {
        id: 'confirmRequest',
        src: 'confirmRequest',
        input: ({ context, event }) => ({
          id: context.request?.id ?? 0,
          // Entered only from approving's onDone: the approval is that event's output, used once, never kept.
          approval: (event as unknown as { output: PinApproval }).output.approval,
          idempotencyKey: context.confirmKey ?? '',
        }),
        onDone: [
          {
            guard: { type: 'isPaid', params: ({ event }) => ({ request: event.output }) },
            target: 'approved',
            actions: { type: 'storePayment', params: ({ event }) => ({ request: event.output }) },
          },
          {
            target: 'awaitingTransfer',
            actions: [
              { type: 'storeStatus', params: ({ event }) => ({ request: event.output }) },
              { type: 'setError', params: { error: { code: 'requestNotPaid' } } },
            ],
          },
        ],
        onError: {
          target: 'awaitingTransfer',
          actions: {
            type: 'setError',
            params: ({ event }) => ({ error: toRequestError('confirmFailed', event.error) }),
          },
        },
      },
    },
    approved: {
      entry: { type: 'deliverPayment', params: ({ context }) => ({ payment: context.payment }) },
      on: { 'request.reset': { target: 'idle', actions: 'forget' } },
    },
    failed: {
      on: {
        'request.retry': { target: 'creating', actions: 'renewKey' },
        'request.reset': { target: 'idle', actions: 'forget' },
      },
    },
    expired: {
      on: {
        'request.retry': { target: 'creating', actions: 'renewKey' },
        'request.reset': { target: 'idle', actions: 'forget' },
      },
    },
    cancelled: {
      on: { 'request.reset': { target: 'idle', actions: 'forget' } },
    },
  },
});
