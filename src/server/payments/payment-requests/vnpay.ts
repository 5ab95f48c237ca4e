/** VNPAY payment requests: create (the signed pay URL), status, the browser's return and VNPAY's IPN (see requests.ts). */
import { ERROR_CODE } from '../../../contracts/error-codes';
import type { VnpayCreateBody } from '../../../contracts/payments';
import type { AuthContext } from '../../auth-context';
import type { Queryable } from '../../db/client';
import { paymentRequests } from '../../db/schema/payment-requests';
import type { StoreSettings } from '../../db/schema/stores';
import { scopeStoreId, storeIdWhere } from '../../db/scoped';
import { unprocessable } from '../../errors';
import { loadPaymentStore } from '../payment-rows';
import { VNPAY_IPN_RESPONSE, VNPAY_SANDBOX_PAY_URL, buildPaymentUrl, verifyReturn } from '../providers/vnpay';
import {
  VNPAY_EXPIRY_MINUTES,
  applyResult,
  findByOrderId,
  insertRequest,
  loadRequest,
  publicBase,
  recordBadSignature,
  requireVnd,
  toPaymentRequestView,
} from './requests';
import type { CallbackOutcome, PaymentRequestRow, Verified } from './requests';

function vnpayKeys(settings: StoreSettings): { tmnCode: string; hashSecret: string; endpoint?: string } {
  const vnpay = settings.vnpay;
  if (!vnpay?.tmnCode || !vnpay.hashSecret) {
    throw unprocessable(
      'VNPAY is not set up for this store (store settings: vnpay keys).',
      undefined,
      ERROR_CODE.PROVIDER_NOT_CONFIGURED,
    );
  }
  return vnpay;
}

/**
 * A VNPAY payment request as the server knows it. VNPAY has no query the till could sign and poll the way
 * MoMo's is; its IPN (server to server) and the customer's return update the row, so the till polls this.
 */
export async function vnpayStatus(db: Queryable, auth: AuthContext, id: number) {
  const row = await loadRequest(db, auth, id, 'vnpay', false);
  return { request: toPaymentRequestView(row) };
}

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
