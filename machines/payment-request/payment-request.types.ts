/**
 * Context, events, input and actor contracts of one external payment request ("Momo and
 * VnPay through the server's payment requests with a pending state, VietQR showing the QR code to scan").
 * The request is the server's payment_requests row (src/contracts/payments.ts paymentRequestSchema); the
 * payment it ends with is a sale payment whose payment_info.processor_reference is that row's id, which is how
 * the server claims it when the sale is created (services/payments/tenders.ts claimWalletPayment).
 */
import { PAYMENT_TYPE } from '../../src/domain/constants';
import type { PaymentType } from '../../src/domain/constants';
import type { Minor, Payment } from '../../src/domain/order.types';
import type { PaymentRequestView } from '../../src/contracts/payments';
import type { PinApproval } from '../pin-check/pin-check.types';

export type PaymentRequestProvider = PaymentRequestView['provider'];
export type PaymentRequestInfo = Pick<PaymentRequestView, 'id' | 'provider' | 'status' | 'amount'>;

/** Codes mapped to i18n keys (`tendering.errors.<code>`); `message` is the server's English text, if any. */
export type PaymentRequestErrorCode =
  /** request.start with an amount that is not a whole number of minor units above 0 (docs/sales.md#editing-the-order, docs/money.md). */
  | 'amountNotPositive'
  /** POST …/create failed (network, or the store cannot take this wallet: not VND, no keys). */
  | 'requestCreateFailed'
  /** The provider answered that the payment failed (declined, cancelled by the customer). */
  | 'requestFailed'
  /** The request ran out of time: the provider's expiry, or ours (requestTimeout). */
  | 'requestExpired'
  /** POST /payments/vietqr/:id/confirm failed (wrong approval, network). */
  | 'confirmFailed'
  /** The confirm answered, but the request is not paid (it was cancelled or expired on the server). */
  | 'requestNotPaid';

export interface PaymentRequestError {
  code: PaymentRequestErrorCode;
  message?: string;
}

export interface PaymentRequestInput {
  /** Idempotency keys, one per request intent (docs/api.md#writes-and-idempotency). Default globalThis.crypto.randomUUID. */
  createId?: () => string;
}

export interface PaymentRequestContext {
  provider: PaymentRequestProvider | null;
  /** Minor units of the store currency (the wallets take whole VND). */
  amount: Minor;
  /** The order's uuid: the server binds the request to that sale, so no other sale can claim it. */
  saleUuid: string | null;
  /** Made when a request is started, kept when its create is retried; a new request gets a new one. */
  idempotencyKey: string | null;
  /** Made for each VietQR confirmation (a new PIN approval each time). */
  confirmKey: string | null;
  request: PaymentRequestInfo | null;
  /** Where the customer pays: VNPAY's pay URL, MoMo's payUrl when MoMo answered live. */
  payUrl: string | null;
  /** VietQR: the EMVCo payload to render as a QR code, and whose account it pays. */
  qrPayload: string | null;
  accountName: string | null;
  /** The last status check failed: the request may have moved on; polling goes on. */
  statusUnknown: boolean;
  /** The sale payment of an approved request (processor_reference = the request's id). */
  payment: Payment | null;
  error: PaymentRequestError | null;
  createId: () => string;
}

export type PaymentRequestEvent =
  | { type: 'request.start'; provider: PaymentRequestProvider; amount: Minor; saleUuid: string }
  | { type: 'request.cancel' }
  | { type: 'request.retry' }
  | { type: 'request.reset' }
  /** VietQR: the cashier says the transfer arrived; a manager's PIN vouches for it (server: PIN approval). */
  | { type: 'transfer.confirm' }
  | { type: 'approval.cancel' };

export interface CreatePaymentRequestInput {
  provider: PaymentRequestProvider;
  amount: Minor;
  saleUuid: string | null;
  idempotencyKey: string;
}

export interface CreatedPaymentRequest {
  request: PaymentRequestInfo;
  payUrl?: string | null;
  qrPayload?: string | null;
  accountName?: string | null;
}

export interface CheckPaymentRequestInput {
  provider: PaymentRequestProvider;
  id: number;
}

export interface ConfirmPaymentRequestInput {
  id: number;
  /** The PIN approval, sent as X-Pin-Approval (ADR 006). */
  approval: string;
  idempotencyKey: string;
}

export type { PinApproval };

/** The sale payment type of each provider (docs/sales.md#payments). */
export const PROVIDER_PAYMENT_TYPE: Readonly<Record<PaymentRequestProvider, PaymentType>> = {
  momo: PAYMENT_TYPE.MOMO,
  vnpay: PAYMENT_TYPE.VN_PAY,
  vietqr: PAYMENT_TYPE.VIET_QR,
};
