/**
 * Payments routes (docs/sales.md#payments payments catalogue). Services: src/server/services/payments/
 * (sale payments) and src/server/payments/payment-requests/ (MoMo, VnPay, VietQR). Schemas:
 * src/contracts/payments.ts.
 *
 * Access: payments belong to the Sale module (docs/roles.md#access-rules); reading needs it readable, writing
 * writable. Refund and void of a payment need a PIN approval by a manager, an admin or the owner, as a sale's
 * do; so does confirming a VietQR transfer (nothing but the cashier's word says the money arrived).
 * Every authenticated write requires an Idempotency-Key (400 without, docs/api.md#writes-and-idempotency).
 * The provider callbacks (MoMo IPN, VNPAY return and IPN) are public, carry no key and are authenticated by
 * the provider's signature instead; they are safe to repeat (a paid request stays paid).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  bulkPaymentsBody,
  bulkPaymentsResultSchema,
  listPaymentsQuery,
  momoCreateBody,
  momoCreateResultSchema,
  momoResultBody,
  momoStatusResultSchema,
  paymentActionResultSchema,
  paymentRequestIdParams,
  paymentRequestResultSchema,
  paymentStatusBody,
  recordedPaymentSchema,
  refundPaymentBody,
  salePaymentsBody,
  salePaymentsResultSchema,
  tipAdjustBody,
  vietqrCreateBody,
  vietqrCreateResultSchema,
  vnpayCallbackQuery,
  vnpayCreateBody,
  vnpayCreateResultSchema,
  vnpayIpnResultSchema,
  vnpayReturnResultSchema,
  voidPaymentBody,
} from '../../../contracts/payments';
import { pageSchema } from '../../../contracts/envelope';
import { requireAuth } from '../../auth-context';
import { SALE_READ, SALE_WRITE, SALE_WRITE_WITH_PIN } from '../../auth/access';
import { confirmMomo, createMomoRequest, momoIpn, momoStatus } from '../../payments/payment-requests/momo';
import { acceptedRow, toPaymentRequestView } from '../../payments/payment-requests/requests';
import { confirmVietqr, createVietqrRequest } from '../../payments/payment-requests/vietqr';
import {
  createVnpayRequest,
  vnpayIpn,
  vnpayReturn,
  vnpayStatus,
} from '../../payments/payment-requests/vnpay';
import { route } from '../../route';
import { listPayments } from '../../services/payments/list';
import {
  addSalePayments,
  bulkPaymentStatus,
  refundPayment,
  tipAdjust,
  updatePaymentStatus,
  voidPayment,
} from '../../services/payments/manage';
import { takeBackSalePoints } from '../../services/sales/points';
import { VNPAY_IPN_RESPONSE } from '../../payments/providers/vnpay';

const TAGS = ['payments'];
const KEY = { required: true } as const;

function origin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

export const VNPAY_IPN_URL = '/api/payments/vnpay/ipn';

export function registerPaymentRoutes(app: FastifyInstance): void {
  route(app, {
    method: 'GET',
    url: '/api/payments',
    summary:
      "List the store's payments (filter[type], filter[status], filter[date_from|date_to], filter[sale_id])",
    tags: TAGS,
    access: SALE_READ,
    querystring: listPaymentsQuery,
    data: pageSchema(recordedPaymentSchema),
    handler: ({ query, request, db }) => listPayments(db, requireAuth(request), query),
  });

  route(app, {
    method: 'POST',
    url: '/api/payments/sale',
    summary: 'Add payments to a completed sale that still has a balance due',
    tags: TAGS,
    access: SALE_WRITE,
    idempotency: KEY,
    status: 201,
    message: 'Payment recorded.',
    body: salePaymentsBody,
    data: salePaymentsResultSchema,
    handler: ({ body, request, db }) => addSalePayments(db, requireAuth(request), body),
  });

  route(app, {
    method: 'POST',
    url: '/api/payments/status',
    summary: 'Approve or decline a pending payment (an offline card payment)',
    tags: TAGS,
    access: SALE_WRITE,
    idempotency: KEY,
    body: paymentStatusBody,
    data: paymentActionResultSchema,
    message: 'Payment status updated.',
    handler: ({ body, request, db }) => updatePaymentStatus(db, requireAuth(request), body),
  });

  route(app, {
    method: 'POST',
    url: '/api/payments/bulk',
    summary: 'Approve or decline many pending payments at once (all or nothing)',
    tags: TAGS,
    access: SALE_WRITE,
    idempotency: KEY,
    body: bulkPaymentsBody,
    data: bulkPaymentsResultSchema,
    message: 'Payments updated.',
    handler: ({ body, request, db }) => bulkPaymentStatus(db, requireAuth(request), body),
  });

  route(app, {
    method: 'POST',
    url: '/api/payments/refund',
    summary: 'Give money back through one payment of a completed sale (PIN approval)',
    tags: TAGS,
    access: SALE_WRITE_WITH_PIN,
    idempotency: KEY,
    body: refundPaymentBody,
    data: paymentActionResultSchema,
    message: 'Payment refunded.',
    handler: async ({ body, request, db }) => {
      const auth = requireAuth(request);
      const result = await refundPayment(db, auth, body, request.pinApprover);
      // The sales service owns the points a sale earned (services/payments/ cannot import it: a cycle).
      await takeBackSalePoints(db, auth, result.sale.sale_id, 'refund');
      return result;
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/payments/void',
    summary: 'Void one payment of a completed sale on the day it was taken (PIN approval)',
    tags: TAGS,
    access: SALE_WRITE_WITH_PIN,
    idempotency: KEY,
    body: voidPaymentBody,
    data: paymentActionResultSchema,
    message: 'Payment voided.',
    handler: ({ body, request, db }) => voidPayment(db, requireAuth(request), body, request.pinApprover),
  });

  route(app, {
    method: 'POST',
    url: '/api/payments/tipAdjust',
    summary: "Set the tip of a card payment after the sale; the employee's tip and the sale totals follow",
    tags: TAGS,
    access: SALE_WRITE,
    idempotency: KEY,
    body: tipAdjustBody,
    data: paymentActionResultSchema,
    message: 'Tip adjusted.',
    handler: ({ body, request, db }) => tipAdjust(db, requireAuth(request), body),
  });

  // ---- MoMo -----------------------------------------------------------------------------------------

  route(app, {
    method: 'POST',
    url: '/api/payments/momo/create',
    summary: 'Create a MoMo payment request: the signed captureWallet body (posted to MoMo when configured)',
    tags: TAGS,
    access: SALE_WRITE,
    idempotency: KEY,
    status: 201,
    body: momoCreateBody,
    data: momoCreateResultSchema,
    message: 'MoMo payment request created.',
    handler: ({ body, request, db }) => createMomoRequest(db, requireAuth(request), body, origin(request)),
  });

  route(app, {
    method: 'GET',
    url: '/api/payments/momo/:id/status',
    summary: 'A MoMo payment request: its status and the signed query-status body',
    tags: TAGS,
    access: SALE_READ,
    params: paymentRequestIdParams,
    data: momoStatusResultSchema,
    handler: ({ params, request, db }) => momoStatus(db, requireAuth(request), params.id),
  });

  route(app, {
    method: 'POST',
    url: '/api/payments/momo/:id/confirm',
    summary: "Confirm a MoMo payment with MoMo's signed result (the redirect's query), verified",
    tags: TAGS,
    access: SALE_WRITE,
    idempotency: KEY,
    params: paymentRequestIdParams,
    body: momoResultBody,
    data: paymentRequestResultSchema,
    message: 'MoMo result recorded.',
    handler: ({ params, body, request, db }) => confirmMomo(db, requireAuth(request), params.id, body),
  });

  route(app, {
    method: 'POST',
    url: '/api/payments/momo/ipn',
    summary: "MoMo's instant payment notification (public; verified by MoMo's signature)",
    tags: TAGS,
    access: { public: true },
    body: momoResultBody,
    status: 204,
    data: z.null(),
    handler: async ({ body, db }) => {
      acceptedRow(await db.transaction((tx) => momoIpn(tx, body)));
      return null;
    },
  });

  // ---- VnPay ----------------------------------------------------------------------------------------

  route(app, {
    method: 'POST',
    url: '/api/payments/vnpay/create',
    summary: 'Create a VNPAY payment request: the signed pay URL to send the customer to',
    tags: TAGS,
    access: SALE_WRITE,
    idempotency: KEY,
    status: 201,
    body: vnpayCreateBody,
    data: vnpayCreateResultSchema,
    message: 'VNPAY payment request created.',
    handler: ({ body, request, db }) =>
      createVnpayRequest(db, requireAuth(request), body, { origin: origin(request), ip: request.ip }),
  });

  route(app, {
    method: 'GET',
    url: '/api/payments/vnpay/:id/status',
    summary: "A VNPAY payment request's status, as VNPAY's IPN and return left it (the till polls this)",
    tags: TAGS,
    access: SALE_READ,
    params: paymentRequestIdParams,
    data: paymentRequestResultSchema,
    handler: ({ params, request, db }) => vnpayStatus(db, requireAuth(request), params.id),
  });

  route(app, {
    method: 'GET',
    url: '/api/payments/vnpay/return',
    summary: "Where VNPAY sends the customer back (public; verified by VNPAY's checksum)",
    tags: TAGS,
    access: { public: true },
    querystring: vnpayCallbackQuery,
    data: vnpayReturnResultSchema,
    handler: async ({ query, db }) => {
      const row = acceptedRow(await db.transaction((tx) => vnpayReturn(tx, query)));
      return { request: toPaymentRequestView(row), paid: row.status === 'paid' };
    },
  });

  // VNPAY reads {RspCode, Message} at the top level of the IPN answer, always with HTTP 200: this route
  // lives in its own context whose onSend unwraps the envelope (and turns any error into RspCode 99).
  void app.register(async (child) => {
    child.addHook('onSend', async (request, reply, payload) => {
      if (request.routeOptions.url !== VNPAY_IPN_URL) return payload;
      let answer: unknown = VNPAY_IPN_RESPONSE.unknownError;
      try {
        const parsed = JSON.parse(String(payload)) as { success?: boolean; data?: unknown };
        if (parsed.success === true) answer = parsed.data;
      } catch {
        // not JSON: keep the unknown-error answer
      }
      reply.code(200);
      return JSON.stringify(answer);
    });
    route(child, {
      method: 'GET',
      url: VNPAY_IPN_URL,
      summary: "VNPAY's IPN (public; verified by VNPAY's checksum); answers VNPAY's {RspCode, Message}",
      tags: TAGS,
      access: { public: true },
      querystring: vnpayCallbackQuery,
      data: vnpayIpnResultSchema,
      handler: ({ query, db }) => db.transaction((tx) => vnpayIpn(tx, query)),
    });
  });

  // ---- VietQR ---------------------------------------------------------------------------------------

  route(app, {
    method: 'POST',
    url: '/api/payments/vietqr/create',
    summary: "Create a VietQR payment request: the EMVCo payload for the store's account and the amount",
    tags: TAGS,
    access: SALE_WRITE,
    idempotency: KEY,
    status: 201,
    body: vietqrCreateBody,
    data: vietqrCreateResultSchema,
    message: 'VietQR payment request created.',
    handler: ({ body, request, db }) => createVietqrRequest(db, requireAuth(request), body),
  });

  route(app, {
    method: 'POST',
    url: '/api/payments/vietqr/:id/confirm',
    summary: 'Confirm a VietQR transfer arrived (PIN approval by a manager, an admin or the owner)',
    tags: TAGS,
    access: SALE_WRITE_WITH_PIN,
    idempotency: KEY,
    params: paymentRequestIdParams,
    data: paymentRequestResultSchema,
    message: 'VietQR payment confirmed.',
    handler: ({ params, request, db }) =>
      confirmVietqr(db, requireAuth(request), params.id, request.pinApprover?.userId ?? null),
  });
}
