/**
 * Shared pieces of the payment services: the row → wire mapping and the store's payment settings. Kept apart
 * from services/payments/ so the wallet modules (payment-requests/) and the sale totals sync (sale-totals.ts)
 * use the same definitions without importing each other. Their audit rows are resources/audit.ts's.
 */
import type { RecordedPayment } from '../../contracts/payments';
import type { AuthContext } from '../auth-context';
import type { Queryable } from '../db/client';
import type { salePayments } from '../db/schema/sales';
import { stores } from '../db/schema/stores';
import type { StoreSettings } from '../db/schema/stores';
import { tenantIdWhere } from '../db/scoped';
import { notFound } from '../errors';

export type SalePaymentRow = typeof salePayments.$inferSelect;

export function toRecordedPayment(row: SalePaymentRow): RecordedPayment {
  return {
    id: row.id,
    sale_id: row.saleId,
    store_id: row.storeId,
    payment_type: row.paymentType,
    amount: row.amount,
    tip_amount: row.tipAmount,
    refunded_amount: row.refundedAmount,
    status: row.status,
    reference: row.reference,
    card_brand: row.cardBrand,
    last4: row.last4,
    approval_code: row.approvalCode,
    processor_reference: row.processorReference,
    giftcard_id: row.giftcardId,
    coupon_id: row.couponId,
    points: row.points,
    taken_at: row.takenAt.toISOString(),
    offline: row.offline,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
  };
}

export interface PaymentStore {
  id: number;
  code: string;
  currency: string;
  timezone: string;
  settings: StoreSettings;
}

/**
 * The store a payment belongs to (of the caller's tenant; another tenant's id → 404), with its name, which
 * the sales services read from the same row (services/sales/store.ts).
 */
export async function loadPaymentStore(
  tx: Queryable,
  auth: Pick<AuthContext, 'tenantId'>,
  storeId: number,
): Promise<PaymentStore & { name: string }> {
  const [row] = await tx
    .select({
      id: stores.id,
      code: stores.code,
      name: stores.name,
      currency: stores.currency,
      timezone: stores.timezone,
      settings: stores.settings,
    })
    .from(stores)
    .where(tenantIdWhere(stores, auth, storeId))
    .limit(1);
  if (!row) throw notFound('Store not found.');
  return row;
}
