/** The audit rows of sale changes (docs: every status and money change is audited). */
import type { AuthContext } from '../../auth-context';
import type { Queryable } from '../../db/client';
import { auditLog } from '../../db/schema/audit-log';
import { tenantValuesAll } from '../../db/scoped';
import type { SaleRow } from './detail';

export interface AuditEntry {
  action: string;
  saleId: number;
  approvedBy?: number | null;
  before?: unknown;
  after?: unknown;
}

/** Issue 3 item 5: every status change and money change writes who, when, the approving PIN owner, before, after. */
export async function writeAudit(
  tx: Queryable,
  auth: AuthContext,
  entries: readonly AuditEntry[],
): Promise<void> {
  if (entries.length === 0) return;
  await tx.insert(auditLog).values(
    tenantValuesAll(
      auth,
      entries.map((e) => ({
        storeId: auth.storeId,
        userId: auth.userId,
        approvedBy: e.approvedBy ?? null,
        action: e.action,
        entityType: 'sale',
        entityId: String(e.saleId),
        before: e.before ?? null,
        after: e.after ?? null,
      })),
    ),
  );
}

/** The fields of a sale an audit row shows before and after a change. */
export function auditView(sale: SaleRow) {
  return {
    status: sale.status,
    status_before_trash: sale.statusBeforeTrash,
    order_at: sale.orderAt.toISOString(),
    employee_id: sale.employeeId,
    sub_total: sale.subTotal,
    discount_amount: sale.discountAmount,
    taxes: sale.taxes,
    tip_amount: sale.tipAmount,
    total_price: sale.totalPrice,
    paid_customer_total: sale.paidCustomerTotal,
    refunded_amount: sale.refundedAmount,
    has_refund: sale.hasRefund,
    cleared_at: sale.clearedAt ? sale.clearedAt.toISOString() : null,
  };
}
