/**
 * The tendering panel's real side effects, provided here and nowhere else (design.md §2: app/ is the one place
 * that gives machines their real actors). The payment request (machines/payment-request) gets the MoMo, VNPAY
 * and VietQR calls of lib/api/payments-api.ts and the app's PIN check for the VietQR confirmation; the gift card
 * check (machines/gift-card-check) gets GET /api/pos/giftcards/:id.
 *
 * The panel reads these through its own context (features/sale/tendering/tendering-actors-context.tsx), whose
 * default is this object, so the sale area needs no wiring; a test or a model-based UI run provides fakes with
 * <TenderingActorsProvider value={…}>.
 */
import { fromPromise } from 'xstate';
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

export interface TenderingActors {
  paymentRequest: typeof paymentRequestMachine;
  giftCardCheck: typeof giftCardCheckMachine;
  /** Idempotency keys of payment requests: works on plain http:// tills too (idempotency-key.ts). */
  createId: () => string;
}

export const appTenderingActors: TenderingActors = {
  paymentRequest: appPaymentRequestMachine,
  giftCardCheck: appGiftCardCheckMachine,
  createId: newIdempotencyKey,
};
