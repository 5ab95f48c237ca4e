/** MoMo payment requests: create, status query, the client-forwarded confirm and MoMo's IPN (see requests.ts). */
import { ERROR_CODE } from '../../../contracts/error-codes';
import type { MomoCreateBody } from '../../../contracts/payments';
import type { AuthContext } from '../../auth-context';
import type { Queryable } from '../../db/client';
import { paymentRequests } from '../../db/schema/payment-requests';
import type { StoreSettings } from '../../db/schema/stores';
import { scopeStoreId, storeIdWhere } from '../../db/scoped';
import { unprocessable } from '../../errors';
import { loadPaymentStore } from '../payment-rows';
import { writeResourceAudit } from '../../resources/audit';
import { MOMO_PATHS, buildCreateRequest, buildQueryStatusRequest, verifyIpn } from '../providers/momo';
import type { MomoKeys } from '../providers/momo';
import {
  acceptedRow,
  applyResult,
  findByOrderId,
  insertRequest,
  loadRequest,
  postJson,
  publicBase,
  recordBadSignature,
  requireVnd,
  toPaymentRequestView,
} from './requests';
import type { CallbackOutcome, PaymentRequestRow, Verified } from './requests';

function momoKeys(settings: StoreSettings): MomoKeys & { endpoint?: string } {
  const momo = settings.momo;
  if (!momo?.partnerCode || !momo.accessKey || !momo.secretKey) {
    throw unprocessable(
      'MoMo is not set up for this store (store settings: momo keys).',
      undefined,
      ERROR_CODE.PROVIDER_NOT_CONFIGURED,
    );
  }
  return momo;
}

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

export async function momoStatus(db: Queryable, auth: AuthContext, id: number) {
  const row = await loadRequest(db, auth, id, 'momo', false);
  const store = await loadPaymentStore(db, auth, row.storeId);
  const keys = momoKeys(store.settings);
  const query = buildQueryStatusRequest({
    ...keys,
    requestId: row.requestId ?? row.orderId,
    orderId: row.orderId,
  });
  return { request: toPaymentRequestView(row), query: { ...query } };
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
  const row = await loadRequest(tx, auth, id, 'momo', true);
  const store = await loadPaymentStore(tx, auth, row.storeId);
  const keys = momoKeys(store.settings);
  const verified = verifyMomo(row, keys, body);
  if (!verified) {
    throw unprocessable(
      'The MoMo result does not verify (signature, order or partner).',
      { signature: ['Invalid MoMo signature.'] },
      ERROR_CODE.PROVIDER_RESULT_INVALID,
    );
  }
  const saved = acceptedRow(await applyResult(tx, row, verified, body));
  await writeResourceAudit(tx, auth, [
    {
      storeId: row.storeId,
      action: 'payment_request.confirm',
      entityType: 'payment_request',
      entityId: row.id,
      before: { status: row.status },
      after: { status: saved.status, result_code: saved.resultCode },
    },
  ]);
  return { request: toPaymentRequestView(saved) };
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
