/** VietQR payment requests: the EMVCo payload, and a manager's confirmation that the transfer arrived (see requests.ts). */
import { sql } from 'drizzle-orm';
import { ERROR_CODE } from '../../../contracts/error-codes';
import type { VietqrCreateBody } from '../../../contracts/payments';
import type { AuthContext } from '../../auth-context';
import type { Queryable } from '../../db/client';
import { paymentRequests } from '../../db/schema/payment-requests';
import { scopeStoreId, storeIdWhere } from '../../db/scoped';
import { conflict, unprocessable } from '../../errors';
import { loadPaymentStore } from '../payment-rows';
import { writeResourceAudit } from '../../resources/audit';
import { buildVietQrPayload } from '../providers/vietqr';
import { insertRequest, loadRequest, requireVnd, toPaymentRequestView } from './requests';

export async function createVietqrRequest(tx: Queryable, auth: AuthContext, body: VietqrCreateBody) {
  const store = await loadPaymentStore(tx, auth, scopeStoreId(auth));
  requireVnd(store, 'VietQR');
  const vietqr = store.settings.vietqr;
  if (!vietqr?.acqId || !vietqr.accountNo) {
    throw unprocessable(
      'VietQR is not set up for this store (store settings: vietqr account).',
      undefined,
      ERROR_CODE.PROVIDER_NOT_CONFIGURED,
    );
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
  const row = await loadRequest(tx, auth, id, 'vietqr', true);
  if (row.status === 'paid') return { request: toPaymentRequestView(row) };
  if (row.status !== 'pending') throw conflict(`This request is ${row.status}.`, ERROR_CODE.PAYMENT_STATE);
  const [saved] = await tx
    .update(paymentRequests)
    .set({ status: 'paid', paidAt: sql`now()`, resultCode: 'confirmed' })
    .where(storeIdWhere(paymentRequests, auth, row.id))
    .returning();
  await writeResourceAudit(tx, auth, [
    {
      storeId: row.storeId,
      action: 'payment_request.confirm',
      entityType: 'payment_request',
      entityId: row.id,
      approvedBy,
      before: { status: row.status },
      after: { status: 'paid' },
    },
  ]);
  return { request: toPaymentRequestView(saved!) };
}
