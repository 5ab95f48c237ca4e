/**
 * The audit rows of sale changes: every status change and money change of a sale writes who, when, the
 * approving PIN owner, and the sale before and after, in the change's transaction. The rows are the back
 * office's audit rows (resources/audit.ts) with the sale as their entity.
 */
import { writeResourceAudit } from '../../resources/audit';
import type { AuthContext } from '../../auth-context';
import type { Queryable } from '../../db/client';
import type { SaleRow } from './detail';

export interface AuditEntry {
  action: string;
  saleId: number;
  approvedBy?: number | null;
  before?: unknown;
  after?: unknown;
}

export async function writeAudit(
  tx: Queryable,
  auth: AuthContext,
  entries: readonly AuditEntry[],
): Promise<void> {
  await writeResourceAudit(
    tx,
    auth,
    entries.map((e) => ({
      action: e.action,
      entityType: 'sale',
      entityId: e.saleId,
      before: e.before,
      after: e.after,
      approvedBy: e.approvedBy ?? null,
    })),
  );
}

/**
 * The audit entry of a change to one sale: its fields before and after (auditView), the approving PIN owner,
 * and what the change adds on either side (a reason, the tips, the refund).
 */
export function saleChange(
  action: string,
  before: SaleRow,
  after: SaleRow,
  more: { approvedBy?: number; before?: Record<string, unknown>; after?: Record<string, unknown> } = {},
): AuditEntry {
  return {
    action,
    saleId: before.id,
    ...(more.approvedBy !== undefined ? { approvedBy: more.approvedBy } : {}),
    before: { ...auditView(before), ...more.before },
    after: { ...auditView(after), ...more.after },
  };
}

/** A change a manager approved, with the reason given for it (trash, void). */
export function approvedChange(
  action: string,
  before: SaleRow,
  after: SaleRow,
  approvedBy: number,
  reason: string | undefined,
): AuditEntry {
  return saleChange(action, before, after, { approvedBy, after: { reason: reason ?? null } });
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
