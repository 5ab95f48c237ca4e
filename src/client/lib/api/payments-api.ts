/**
 * The tendering calls to the server's payment requests (docs/sales.md#payments "Payments: … POST mobile
 * wallet; POST bank QR"; docs/sales.md#payments /payments/momo/create, /payments/momo/{id}/status,
 * /payments/vietqr/create; src/contracts/payments.ts; server: routes/payments/payments-routes.ts). Thin: each
 * names the path, the options the call needs and the contract types; the payment-request machine gets them as
 * actors through src/client/app/tendering-actors.ts.
 *
 * - Creates and the VietQR confirm are writes: each carries the Idempotency-Key of its intent (the machine makes
 *   one per request and keeps it across a retried create, docs/api.md#writes-and-idempotency). The VietQR
 *   confirm also carries a manager's PIN approval (X-Pin-Approval, ADR 006: nothing but the cashier's word
 *   says the money arrived).
 * - No notice on any of them: the tendering panel shows the error next to the request (a store whose currency
 *   is not VND gets the server's 422 "MoMo takes VND only" there, not in a toast).
 * - Status reads are polled every few seconds: no global loading indicator (it would flicker) and no notice
 *   (the panel says "status unknown, still checking" instead).
 * - No zod at run time on purpose (as sale-api.ts): a value import from src/contracts pulls zod into the sale
 *   chunk; the server validated what it sends, and the types are shared.
 */
import type { z } from 'zod';
import type {
  MomoCreateBody,
  momoCreateResultSchema,
  momoStatusResultSchema,
  paymentRequestResultSchema,
  VietqrCreateBody,
  vietqrCreateResultSchema,
  VnpayCreateBody,
  vnpayCreateResultSchema,
} from '../../../contracts/payments';
import { api } from './api';
import type { ApiClient } from './client';

export type MomoCreateResult = z.infer<typeof momoCreateResultSchema>;
export type MomoStatusResult = z.infer<typeof momoStatusResultSchema>;
export type VnpayCreateResult = z.infer<typeof vnpayCreateResultSchema>;
export type VietqrCreateResult = z.infer<typeof vietqrCreateResultSchema>;
export type PaymentRequestResult = z.infer<typeof paymentRequestResultSchema>;

export interface CallOptions {
  signal?: AbortSignal;
  client?: ApiClient;
}

export interface WriteCallOptions extends CallOptions {
  /** One key per intent, the same on every retry of it (docs/api.md). */
  idempotencyKey: string;
}

const POLL_OPTIONS = { skipLoading: true, skipNotice: true } as const;

// ---- MoMo -------------------------------------------------------------------------------------------------

/** POST /api/payments/momo/create: the signed request (and MoMo's payUrl when the store has a live endpoint). */
export function createMomoRequest(
  body: MomoCreateBody,
  { idempotencyKey, signal, client = api }: WriteCallOptions,
): Promise<MomoCreateResult> {
  return client.post<MomoCreateResult>(
    '/payments/momo/create',
    { ...body },
    {
      idempotencyKey,
      skipNotice: true,
      signal,
    },
  );
}

/** GET /api/payments/momo/:id/status: the request as the server knows it (MoMo's IPN updates it). */
export function getMomoStatus(
  id: number,
  { signal, client = api }: CallOptions = {},
): Promise<MomoStatusResult> {
  return client.get<MomoStatusResult>(`/payments/momo/${id}/status`, { ...POLL_OPTIONS, signal });
}

// ---- VNPAY ------------------------------------------------------------------------------------------------

/** POST /api/payments/vnpay/create: the signed pay URL the customer opens (or scans). */
export function createVnpayRequest(
  body: VnpayCreateBody,
  { idempotencyKey, signal, client = api }: WriteCallOptions,
): Promise<VnpayCreateResult> {
  return client.post<VnpayCreateResult>(
    '/payments/vnpay/create',
    { ...body },
    {
      idempotencyKey,
      skipNotice: true,
      signal,
    },
  );
}

/**
 * GET /api/payments/vnpay/:id/status: the request as the server knows it (VNPAY's IPN updates it).
 * TRAP: the server has no such route yet (only MoMo's status exists); until it does, this answers 404 and the
 * panel keeps the request pending with "status unknown". Asked of the lead in the tendering report.
 */
export function getVnpayStatus(
  id: number,
  { signal, client = api }: CallOptions = {},
): Promise<PaymentRequestResult> {
  return client.get<PaymentRequestResult>(`/payments/vnpay/${id}/status`, { ...POLL_OPTIONS, signal });
}

// ---- VietQR -----------------------------------------------------------------------------------------------

/** POST /api/payments/vietqr/create: the EMVCo payload for the store's account and the amount. */
export function createVietqrRequest(
  body: VietqrCreateBody,
  { idempotencyKey, signal, client = api }: WriteCallOptions,
): Promise<VietqrCreateResult> {
  return client.post<VietqrCreateResult>(
    '/payments/vietqr/create',
    { ...body },
    {
      idempotencyKey,
      skipNotice: true,
      signal,
    },
  );
}

/** POST /api/payments/vietqr/:id/confirm with a manager's PIN approval: the transfer arrived. */
export function confirmVietqrRequest(
  id: number,
  approval: string,
  { idempotencyKey, signal, client = api }: WriteCallOptions,
): Promise<PaymentRequestResult> {
  return client.post<PaymentRequestResult>(`/payments/vietqr/${id}/confirm`, null, {
    idempotencyKey,
    pinApproval: approval,
    skipNotice: true,
    signal,
  });
}
