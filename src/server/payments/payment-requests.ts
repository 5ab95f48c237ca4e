/**
 * Wallet and QR payment requests (issue 3 item 6): MoMo, VnPay and VietQR. A request is a payment_requests
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
import { and, eq, sql } from 'drizzle-orm';
import type {
  MomoCreateBody,
  PaymentRequestView,
  VietqrCreateBody,
  VnpayCreateBody,
} from '../../contracts/payments';
import type { AuthContext } from '../auth-context';
import type { Queryable } from '../db/client';
import { paymentRequests } from '../db/schema/payment-requests';
import type { PaymentProvider } from '../db/schema/payment-requests';
import { sales } from '../db/schema/sales';
import { stores } from '../db/schema/stores';
import type { StoreSettings } from '../db/schema/stores';
import { scopeStoreId, storeIdWhere, storeValues } from '../db/scoped';
import { badRequest, conflict, HttpError, notFound, unprocessable } from '../errors';
import { loadPaymentStore, writeAudit } from './payment-rows';
import type { PaymentStore } from './payment-rows';
import { MOMO_PATHS, buildCreateRequest, buildQueryStatusRequest, verifyIpn } from './providers/momo';
import type { MomoKeys } from './providers/momo';
import { VNPAY_IPN_RESPONSE, VNPAY_SANDBOX_PAY_URL, buildPaymentUrl, verifyReturn } from './providers/vnpay';
import { buildVietQrPayload } from './providers/vietqr';

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

function requireVnd(store: PaymentStore, provider: string): void {
  if (store.currency !== 'VND') {
    throw unprocessable(`${provider} takes VND only; this store's currency is ${store.currency}.`);
  }
}

function momoKeys(settings: StoreSettings): MomoKeys & { endpoint?: string } {
  const momo = settings.momo;
  if (!momo?.partnerCode || !momo.accessKey || !momo.secretKey) {
    throw unprocessable('MoMo is not set up for this store (store settings: momo keys).');
  }
  return momo;
}

function vnpayKeys(settings: StoreSettings): { tmnCode: string; hashSecret: string; endpoint?: string } {
  const vnpay = settings.vnpay;
  if (!vnpay?.tmnCode || !vnpay.hashSecret) {
    throw unprocessable('VNPAY is not set up for this store (store settings: vnpay keys).');
  }
  return vnpay;
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

async function insertRequest(
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

async function postJson(url: string, body: unknown): Promise<Record<string, unknown>> {
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
    throw new HttpError(502, `The payment provider did not answer: ${(error as Error).message}`);
  }
}

/** Where callbacks come back: the store's `public_url` setting, else the origin this request came to. */
function publicBase(settings: StoreSettings, origin: string): string {
  const configured = settings.public_url;
  return typeof configured === 'string' && /^https?:\/\//.test(configured)
    ? configured.replace(/\/+$/, '')
    : origin;
}

// ---- MoMo ---------------------------------------------------------------------------------------------

export async function createMomoRequest(
  tx: Queryable,
  auth: AuthContext,
  body: MomoCreateBody,
  origin: string,
) {
  const store = await loadPaymentStore(tx, auth, scopeStoreId(auth));
  requireVnd(store, 'MoMo');
  const keys = momoKeys(store.settings);
  const row = await insertRequest(tx, auth, 'momo', body);
  const base = publicBase(store.settings, origin);
  const request = buildCreateRequest({
    ...keys,
    requestId: row.orderId,
    orderId: row.orderId,
    amount: body.amount,
    orderInfo: body.order_info ?? `Thanh toan ${row.orderId}`,
    redirectUrl: body.redirect_url ?? `${base}/`,
    ipnUrl: `${base}/api/payments/momo/ipn`,
    lang: body.lang,
  });
  const endpoint = `${keys.endpoint ?? 'https://test-payment.momo.vn'}${MOMO_PATHS.create}`;
  const response = keys.endpoint ? await postJson(endpoint, request) : null;
  const [saved] = await tx
    .update(paymentRequests)
    .set({
      requestId: request.requestId,
      payload: { ...request },
      response,
      ...(response && typeof response.resultCode === 'number' && response.resultCode !== 0
        ? { status: 'failed' as const, resultCode: String(response.resultCode) }
        : {}),
    })
    .where(storeIdWhere(paymentRequests, auth, row.id))
    .returning();
  return { request: toPaymentRequestView(saved!), endpoint, body: { ...request }, response };
}

async function lockRequest(
  tx: Queryable,
  auth: AuthContext,
  id: number,
  provider: PaymentProvider,
): Promise<PaymentRequestRow> {
  const [row] = await tx
    .select()
    .from(paymentRequests)
    .where(storeIdWhere(paymentRequests, auth, id, eq(paymentRequests.provider, provider)))
    .for('update')
    .limit(1);
  if (!row) throw notFound('Payment request not found.');
  return row;
}

export async function momoStatus(db: Queryable, auth: AuthContext, id: number) {
  const [row] = await db
    .select()
    .from(paymentRequests)
    .where(storeIdWhere(paymentRequests, auth, id, eq(paymentRequests.provider, 'momo')))
    .limit(1);
  if (!row) throw notFound('Payment request not found.');
  const store = await loadPaymentStore(db, auth, row.storeId);
  const keys = momoKeys(store.settings);
  const query = buildQueryStatusRequest({
    ...keys,
    requestId: row.requestId ?? row.orderId,
    orderId: row.orderId,
  });
  return { request: toPaymentRequestView(row), query: { ...query } };
}

/**
 * A VNPAY payment request as the server knows it. VNPAY has no query the till could sign and poll the way
 * MoMo's is; its IPN (server to server) and the customer's return update the row, so the till polls this.
 */
export async function vnpayStatus(db: Queryable, auth: AuthContext, id: number) {
  const [row] = await db
    .select()
    .from(paymentRequests)
    .where(storeIdWhere(paymentRequests, auth, id, eq(paymentRequests.provider, 'vnpay')))
    .limit(1);
  if (!row) throw notFound('Payment request not found.');
  return { request: toPaymentRequestView(row) };
}

type Verified = {
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
async function applyResult(
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
      throw unprocessable(`The provider reports another amount than the request's ${outcome.row.amount}.`);
    case 'unknown':
      throw notFound('Unknown order.');
    case 'bad-signature':
      throw badRequest('Invalid signature.');
  }
}

async function recordBadSignature(tx: Queryable, row: PaymentRequestRow): Promise<void> {
  await tx
    .update(paymentRequests)
    .set({ signatureOk: false })
    .where(storeIdWhere(paymentRequests, { tenantId: row.tenantId, storeId: row.storeId }, row.id));
}

function verifyMomo(row: PaymentRequestRow, keys: MomoKeys, body: Record<string, unknown>): Verified | null {
  const verified = verifyIpn(body, keys);
  if (!verified.valid || verified.orderId !== row.orderId) return null;
  return { ok: true, state: verified.state, resultCode: verified.resultCode, amount: verified.amount };
}

/** POST /api/payments/momo/:id/confirm: the client forwards MoMo's signed result (redirect query). */
export async function confirmMomo(
  tx: Queryable,
  auth: AuthContext,
  id: number,
  body: Record<string, unknown>,
) {
  const row = await lockRequest(tx, auth, id, 'momo');
  const store = await loadPaymentStore(tx, auth, row.storeId);
  const keys = momoKeys(store.settings);
  const verified = verifyMomo(row, keys, body);
  if (!verified) {
    throw unprocessable('The MoMo result does not verify (signature, order or partner).', {
      signature: ['Invalid MoMo signature.'],
    });
  }
  const saved = acceptedRow(await applyResult(tx, row, verified, body));
  await writeAudit(tx, auth, {
    storeId: row.storeId,
    action: 'payment_request.confirm',
    entityType: 'payment_request',
    entityId: row.id,
    before: { status: row.status },
    after: { status: saved.status, result_code: saved.resultCode },
  });
  return { request: toPaymentRequestView(saved) };
}

async function findByOrderId(
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

/** POST /api/payments/momo/ipn (public). MoMo wants 204 on success; the route answers 400 to a forgery. */
export async function momoIpn(tx: Queryable, body: Record<string, unknown>): Promise<CallbackOutcome> {
  const found = await findByOrderId(tx, 'momo', body.orderId);
  const keys = found?.settings.momo;
  if (!found || !keys?.secretKey) return { kind: 'unknown' };
  const verified = verifyMomo(found.row, keys, body);
  if (!verified) {
    await recordBadSignature(tx, found.row);
    return { kind: 'bad-signature' };
  }
  return applyResult(tx, found.row, verified, body);
}

// ---- VnPay --------------------------------------------------------------------------------------------

export async function createVnpayRequest(
  tx: Queryable,
  auth: AuthContext,
  body: VnpayCreateBody,
  context: { origin: string; ip: string; now?: Date },
) {
  const store = await loadPaymentStore(tx, auth, scopeStoreId(auth));
  requireVnd(store, 'VNPAY');
  const keys = vnpayKeys(store.settings);
  const row = await insertRequest(tx, auth, 'vnpay', body);
  const now = context.now ?? new Date();
  const paymentUrl = buildPaymentUrl({
    tmnCode: keys.tmnCode,
    hashSecret: keys.hashSecret,
    baseUrl: keys.endpoint ?? VNPAY_SANDBOX_PAY_URL,
    amount: body.amount,
    txnRef: row.orderId,
    orderInfo: body.order_info ?? `Thanh toan ${row.orderId}`,
    orderType: 'other',
    locale: body.locale ?? 'vn',
    returnUrl: body.return_url ?? `${publicBase(store.settings, context.origin)}/api/payments/vnpay/return`,
    // VNPAY wants an IP of 7-45 characters; '::1' (IPv6 loopback) is shorter, so a local till sends IPv4's.
    ipAddr: /^[0-9A-Fa-f:.]{7,45}$/.test(context.ip) ? context.ip : '127.0.0.1',
    createDate: now,
    expireDate: new Date(now.getTime() + VNPAY_EXPIRY_MINUTES * 60_000),
    ...(body.bank_code ? { bankCode: body.bank_code } : {}),
  });
  const [saved] = await tx
    .update(paymentRequests)
    .set({ payload: { payment_url: paymentUrl } })
    .where(storeIdWhere(paymentRequests, auth, row.id))
    .returning();
  return { request: toPaymentRequestView(saved!), payment_url: paymentUrl };
}

function verifyVnpay(
  row: PaymentRequestRow,
  keys: { tmnCode: string; hashSecret: string },
  query: Record<string, string>,
): Verified | null {
  const verified = verifyReturn(query, keys.hashSecret, { tmnCode: keys.tmnCode });
  if (!verified.valid || verified.txnRef !== row.orderId) return null;
  return {
    ok: true,
    state: verified.paid ? 'paid' : 'failed',
    resultCode: Number(verified.responseCode) || 0,
    amount: verified.amount,
  };
}

/** GET /api/payments/vnpay/return (public): the customer's browser, back from VNPAY. */
export async function vnpayReturn(tx: Queryable, query: Record<string, string>): Promise<CallbackOutcome> {
  const found = await findByOrderId(tx, 'vnpay', query.vnp_TxnRef);
  if (!found) return { kind: 'unknown' };
  const keys = found.settings.vnpay;
  const verified = keys?.hashSecret ? verifyVnpay(found.row, keys, query) : null;
  if (!verified) {
    await recordBadSignature(tx, found.row);
    return { kind: 'bad-signature' };
  }
  return applyResult(tx, found.row, verified, { ...query });
}

/** GET /api/payments/vnpay/ipn (public): VNPAY's server; answers with VNPAY's RspCode table. */
export async function vnpayIpn(
  tx: Queryable,
  query: Record<string, string>,
): Promise<{ RspCode: string; Message: string }> {
  const found = await findByOrderId(tx, 'vnpay', query.vnp_TxnRef);
  if (!found) return { ...VNPAY_IPN_RESPONSE.orderNotFound };
  const keys = found.settings.vnpay;
  const verified = keys?.hashSecret ? verifyVnpay(found.row, keys, query) : null;
  if (!verified) {
    await recordBadSignature(tx, found.row);
    return { ...VNPAY_IPN_RESPONSE.invalidSignature };
  }
  if (verified.amount !== found.row.amount) return { ...VNPAY_IPN_RESPONSE.invalidAmount };
  if (found.row.status === 'paid' || found.row.status === 'failed') {
    return { ...VNPAY_IPN_RESPONSE.alreadyConfirmed };
  }
  await applyResult(tx, found.row, verified, { ...query });
  return { ...VNPAY_IPN_RESPONSE.confirmed };
}

// ---- VietQR -------------------------------------------------------------------------------------------

export async function createVietqrRequest(tx: Queryable, auth: AuthContext, body: VietqrCreateBody) {
  const store = await loadPaymentStore(tx, auth, scopeStoreId(auth));
  requireVnd(store, 'VietQR');
  const vietqr = store.settings.vietqr;
  if (!vietqr?.acqId || !vietqr.accountNo) {
    throw unprocessable('VietQR is not set up for this store (store settings: vietqr account).');
  }
  const row = await insertRequest(tx, auth, 'vietqr', body);
  const qr = buildVietQrPayload({
    acqId: vietqr.acqId,
    accountNo: vietqr.accountNo,
    amount: body.amount,
    info: body.info ?? `POS ${row.id}`,
  });
  const [saved] = await tx
    .update(paymentRequests)
    .set({ payload: { qr_payload: qr } })
    .where(storeIdWhere(paymentRequests, auth, row.id))
    .returning();
  return { request: toPaymentRequestView(saved!), qr_payload: qr, account_name: vietqr.accountName ?? '' };
}

/** POST /api/payments/vietqr/:id/confirm: a manager's PIN vouches the transfer arrived. */
export async function confirmVietqr(tx: Queryable, auth: AuthContext, id: number, approvedBy: number | null) {
  const row = await lockRequest(tx, auth, id, 'vietqr');
  if (row.status === 'paid') return { request: toPaymentRequestView(row) };
  if (row.status !== 'pending') throw conflict(`This request is ${row.status}.`);
  const [saved] = await tx
    .update(paymentRequests)
    .set({ status: 'paid', paidAt: sql`now()`, resultCode: 'confirmed' })
    .where(storeIdWhere(paymentRequests, auth, row.id))
    .returning();
  await writeAudit(tx, auth, {
    storeId: row.storeId,
    action: 'payment_request.confirm',
    entityType: 'payment_request',
    entityId: row.id,
    approvedBy,
    before: { status: row.status },
    after: { status: 'paid' },
  });
  return { request: toPaymentRequestView(saved!) };
}
