/**
 * Wallet and QR payment requests: MoMo, VnPay and VietQR. A request is a payment_requests
 * row made BEFORE the money moves; it becomes a sale payment when recordSalePayments claims it by id
 * (payment_info.processor_reference) once its status is 'paid'.
 *
 * - MoMo: create signs the captureWallet request with the store's keys (providers/momo.ts) and returns it.
 *   We never call MoMo's servers unless the store's settings name a live endpoint (`momo.endpoint`, e.g.
 *   MOMO_HOSTS.sandbox): then the signed body is POSTed and MoMo's answer (payUrl, qrCodeUrl) is returned
 *   and kept. The result arrives as MoMo's IPN (public POST /api/payments/momo/ipn) or as the redirect's
 *   query the client forwards (POST /api/payments/momo/:id/confirm); both are verified with verifyIpn
 *   (HMAC-SHA256 with the store's secret key) and checked against the request's order id and amount.
 * - VnPay: create returns the signed pay URL (HMAC-SHA512, amount × 100, providers/vnpay.ts); VNPAY
 *   calls back GET /api/payments/vnpay/ipn and sends the customer's browser to /api/payments/vnpay/return;
 *   both verify with verifyReturn.
 * - VietQR: create returns the EMVCo payload (providers/vietqr.ts) for the store's account and the amount;
 *   a bank transfer sends no callback, so the request stays pending until a cashier, with a manager's PIN,
 *   confirms the money arrived (POST /api/payments/vietqr/:id/confirm).
 * Wallets take VND only (MoMo and VNPAY amounts are whole VND): the store's currency must be VND.
 * Keys live in the store settings (momo{partnerCode,accessKey,secretKey}, vnpay{tmnCode,hashSecret},
 * vietqr{acqId,accountNo,accountName}); secrets never leave the server.
 *
 * Callbacks come without a session, so they are the one place a row is found without the caller's tenant:
 * by (provider, order_id), unique across tenants, with the tenant and store ids inside the order id; the
 * row's own store then gives the keys that must verify the signature before anything changes.
 */
import { randomBytes } from 'node:crypto';
import { ERROR_CODE } from '../../../contracts/error-codes';
import { and, eq } from 'drizzle-orm';
import type { PaymentRequestView } from '../../../contracts/payments';
import type { AuthContext } from '../../auth-context';
import type { Queryable } from '../../db/client';
import { paymentRequests } from '../../db/schema/payment-requests';
import type { PaymentProvider } from '../../db/schema/payment-requests';
import { sales } from '../../db/schema/sales';
import { stores } from '../../db/schema/stores';
import type { StoreSettings } from '../../db/schema/stores';
import { scopeStoreId, storeIdWhere, storeValues } from '../../db/scoped';
import { badRequest, HttpError, notFound, unprocessable } from '../../errors';
import type { PaymentStore } from '../payment-rows';

export type PaymentRequestRow = typeof paymentRequests.$inferSelect;

/** How long a VnPay pay URL stays valid (vnp_ExpireDate). */
export const VNPAY_EXPIRY_MINUTES = 15;
/** A live provider call must not hold the request's transaction for long. */
const PROVIDER_TIMEOUT_MS = 10_000;

export function toPaymentRequestView(row: PaymentRequestRow): PaymentRequestView {
  return {
    id: row.id,
    provider: row.provider,
    status: row.status,
    amount: row.amount,
    order_id: row.orderId,
    sale_id: row.saleId,
    sale_uuid: row.saleUuid,
    result_code: row.resultCode,
    signature_ok: row.signatureOk,
    paid_at: row.paidAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * The id sent to the provider: unique across tenants (tenant and store inside), and letters between the
 * digit groups, so no part of it ever reads as a long digit run (a card-number scan stays quiet).
 */
export function newOrderId(tenantId: number, storeId: number): string {
  return `T${tenantId}S${storeId}R${randomBytes(6).toString('hex').toUpperCase()}`;
}

export function requireVnd(store: PaymentStore, provider: string): void {
  if (store.currency !== 'VND') {
    throw unprocessable(
      `${provider} takes VND only; this store's currency is ${store.currency}.`,
      undefined,
      ERROR_CODE.PROVIDER_NOT_CONFIGURED,
    );
  }
}

/** A sale named by a create request must be this store's. */
async function checkSale(tx: Queryable, auth: AuthContext, saleId: number | undefined): Promise<void> {
  if (saleId === undefined) return;
  const [sale] = await tx
    .select({ id: sales.id })
    .from(sales)
    .where(storeIdWhere(sales, auth, saleId))
    .limit(1);
  if (!sale) throw notFound('Sale not found.');
}

export async function insertRequest(
  tx: Queryable,
  auth: AuthContext,
  provider: PaymentProvider,
  body: { amount: number; sale_id?: number; sale_uuid?: string },
): Promise<PaymentRequestRow> {
  await checkSale(tx, auth, body.sale_id);
  const storeId = scopeStoreId(auth);
  const [row] = await tx
    .insert(paymentRequests)
    .values(
      storeValues(auth, {
        provider,
        saleId: body.sale_id ?? null,
        saleUuid: body.sale_uuid ?? null,
        amount: body.amount,
        orderId: newOrderId(auth.tenantId, storeId),
        createdBy: auth.userId,
      }),
    )
    .returning();
  return row!;
}

export async function postJson(url: string, body: unknown): Promise<Record<string, unknown>> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    });
    const json = (await response.json()) as unknown;
    return typeof json === 'object' && json !== null ? (json as Record<string, unknown>) : { value: json };
  } catch (error) {
    throw new HttpError(
      502,
      `The payment provider did not answer: ${(error as Error).message}`,
      undefined,
      ERROR_CODE.PROVIDER_UNAVAILABLE,
    );
  }
}

/** Where callbacks come back: the store's `public_url` setting, else the origin this request came to. */
export function publicBase(settings: StoreSettings, origin: string): string {
  const configured = settings.public_url;
  return typeof configured === 'string' && /^https?:\/\//.test(configured)
    ? configured.replace(/\/+$/, '')
    : origin;
}

/**
 * The store's request of `provider` by id, or 404 (another store's, or another provider's, is not found).
 * `lock`: held FOR UPDATE until the transaction ends, for a write that follows; a status read takes none.
 */
export async function loadRequest(
  db: Queryable,
  auth: AuthContext,
  id: number,
  provider: PaymentProvider,
  lock: boolean,
): Promise<PaymentRequestRow> {
  const query = db
    .select()
    .from(paymentRequests)
    .where(storeIdWhere(paymentRequests, auth, id, eq(paymentRequests.provider, provider)))
    .limit(1);
  const [row] = await (lock ? query.for('update') : query);
  if (!row) throw notFound('Payment request not found.');
  return row;
}

export type Verified = {
  ok: true;
  state: 'paid' | 'pending' | 'failed' | 'authorized';
  resultCode: number;
  amount: number;
};

/**
 * Applies a verified provider result to a locked row. A paid row stays paid (a late or replayed failure
 * notice must not undo money received). An amount other than the request's is kept as the callback but
 * changes no status.
 */
export async function applyResult(
  tx: Queryable,
  row: PaymentRequestRow,
  result: Verified,
  callback: Record<string, unknown>,
): Promise<CallbackOutcome> {
  const scope = { tenantId: row.tenantId, storeId: row.storeId };
  const mismatch = result.amount !== row.amount;
  const status = mismatch
    ? row.status
    : row.status === 'paid' || result.state === 'paid'
      ? 'paid'
      : result.state === 'failed'
        ? 'failed'
        : row.status;
  const [saved] = await tx
    .update(paymentRequests)
    .set({
      callback,
      signatureOk: true,
      resultCode: String(result.resultCode),
      status,
      ...(status === 'paid' && row.paidAt === null ? { paidAt: new Date() } : {}),
    })
    .where(storeIdWhere(paymentRequests, scope, row.id))
    .returning();
  return mismatch ? { kind: 'amount-mismatch', row: saved! } : { kind: 'ok', row: saved! };
}

/** What a provider message did; thrown as an HTTP error only after its transaction committed. */
export type CallbackOutcome =
  | { kind: 'ok'; row: PaymentRequestRow }
  | { kind: 'amount-mismatch'; row: PaymentRequestRow }
  | { kind: 'unknown' }
  | { kind: 'bad-signature' };

/** The row of an accepted message, or the error for the others (after commit: they are recorded). */
export function acceptedRow(outcome: CallbackOutcome): PaymentRequestRow {
  switch (outcome.kind) {
    case 'ok':
      return outcome.row;
    case 'amount-mismatch':
      throw unprocessable(
        `The provider reports another amount than the request's ${outcome.row.amount}.`,
        undefined,
        ERROR_CODE.PROVIDER_RESULT_INVALID,
      );
    case 'unknown':
      throw notFound('Unknown order.');
    case 'bad-signature':
      throw badRequest('Invalid signature.', ERROR_CODE.PROVIDER_RESULT_INVALID);
  }
}

export async function recordBadSignature(tx: Queryable, row: PaymentRequestRow): Promise<void> {
  await tx
    .update(paymentRequests)
    .set({ signatureOk: false })
    .where(storeIdWhere(paymentRequests, { tenantId: row.tenantId, storeId: row.storeId }, row.id));
}

export async function findByOrderId(
  tx: Queryable,
  provider: PaymentProvider,
  orderId: unknown,
): Promise<{ row: PaymentRequestRow; settings: StoreSettings } | null> {
  if (typeof orderId !== 'string' || orderId.length === 0 || orderId.length > 200) return null;
  // The one unscoped read (see the file comment): no session, the signature is checked right after.
  const [found] = await tx
    .select({ row: paymentRequests, settings: stores.settings })
    .from(paymentRequests)
    .innerJoin(
      stores,
      and(eq(stores.tenantId, paymentRequests.tenantId), eq(stores.id, paymentRequests.storeId)),
    )
    .where(and(eq(paymentRequests.provider, provider), eq(paymentRequests.orderId, orderId)))
    .for('update', { of: paymentRequests })
    .limit(1);
  return found ?? null;
}
