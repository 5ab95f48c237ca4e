/**
 * Route services of /api/payments (add, status, bulk status, refund, void, tip adjust). Each runs in the
 * route's transaction (the Idempotency-Key's).
 */
import { sql } from 'drizzle-orm';
import { ERROR_CODE } from '../../../contracts/error-codes';
import { PAYMENT_TYPE, SALE_STATUS } from '../../../domain/constants';
import { couponLinesOf } from '../../../domain/coupons';
import type { Order } from '../../../domain/order.types';
import { computeOrderTotals } from '../../../domain/order-total';
import { isSameBusinessDay } from '../../../domain/sale-status';
import type {
  BulkPaymentsBody,
  PaymentStatusBody,
  RecordedPayment,
  RefundPaymentBody,
  SalePaymentsBody,
  SalePaymentsResult,
  TipAdjustBody,
  VoidPaymentBody,
} from '../../../contracts/payments';
import type { AuthContext, PinApprover } from '../../auth-context';
import type { Queryable } from '../../db/client';
import { SALE_PAYMENT_STATUS, salePayments, sales } from '../../db/schema/sales';
import { storeIdWhere } from '../../db/scoped';
import { conflict, notFound, unprocessable } from '../../errors';
import { loadPaymentStore, toRecordedPayment } from '../../payments/payment-rows';
import { writeResourceAudit } from '../../resources/audit';
import type { SalePaymentRow } from '../../payments/payment-rows';
import {
  countedSalePayments,
  loadSaleForPayments,
  orderWithPayments,
  resyncSaleTotals,
  saleBalance,
} from '../../payments/sale-totals';
import { LIVE_STATUSES } from './payment-input';
import { recordSalePayments } from './record';
import { assertDrawerOpenForCash } from '../cash-drawer';
import { insertSaleRefund, reverseSalePayments } from './reverse';

async function lockPayment(tx: Queryable, auth: AuthContext, paymentId: number): Promise<SalePaymentRow> {
  const [row] = await tx
    .select()
    .from(salePayments)
    .where(storeIdWhere(salePayments, auth, paymentId))
    .for('update')
    .limit(1);
  if (!row) throw notFound('Payment not found.');
  return row;
}

/** The audit row of a change to one payment (status, refund, void, tip). */
async function writePaymentAudit(
  tx: Queryable,
  auth: AuthContext,
  row: SalePaymentRow,
  entry: { action: string; approvedBy?: number | null; before: unknown; after: unknown },
): Promise<void> {
  await writeResourceAudit(tx, auth, [
    {
      storeId: row.storeId,
      entityType: 'sale_payment',
      entityId: row.id,
      ...entry,
    },
  ]);
}

/**
 * Payment-level refunds, voids, tips and later payments work on a completed sale (status Sale) only: a
 * refunded, voided, trashed or draft sale is changed through the sales endpoints, which own the sale-status
 * machine (machines/sale-status). A partial refund keeps a sale in status Sale, so these still apply then.
 */
function requireCompletedSale(sale: { status: number }, what: string): void {
  if (sale.status !== SALE_STATUS.SALE) {
    throw conflict(
      `${what} needs a completed sale (status Sale); this sale's status is ${sale.status}.`,
      ERROR_CODE.SALE_NOT_COMPLETED,
    );
  }
}

/** A payment locked, and its sale, which must be completed (`what` names the action in the 409). */
async function lockPaymentOfCompletedSale(tx: Queryable, auth: AuthContext, paymentId: number, what: string) {
  const row = await lockPayment(tx, auth, paymentId);
  const sale = await loadSaleForPayments(tx, auth, row.saleId);
  requireCompletedSale(sale, what);
  return { row, sale };
}

/** POST /api/payments/sale: payments added to a completed sale with a balance due (e.g. paid later). */
export async function addSalePayments(
  tx: Queryable,
  auth: AuthContext,
  body: SalePaymentsBody,
): Promise<SalePaymentsResult> {
  const sale = await loadSaleForPayments(tx, auth, body.sale_id);
  requireCompletedSale(sale, 'Adding a payment');
  const counted = await countedSalePayments(tx, auth, sale.id);
  const { order, totals } = orderWithPayments(sale, counted);
  if (totals.balance_due === 0)
    throw unprocessable('Nothing is due on this sale.', undefined, ERROR_CODE.NOTHING_DUE);
  const after = computeOrderTotals({ ...order, payments: [...order.payments, ...body.payments] } as Order);
  if (after.overpaid_non_cash > 0) {
    throw unprocessable(
      `Only cash may exceed the balance due (${totals.balance_due}); a card, gift card or wallet payment cannot give change.`,
      undefined,
      ERROR_CODE.OVERPAID_NON_CASH,
    );
  }
  // As a new sale's cash: with the store's "open drawer before cash" on, cash paid later needs an open drawer
  // too (docs/cash-drawer.md#settings), refused before anything is written.
  await assertDrawerOpenForCash(tx, auth, await loadPaymentStore(tx, auth, sale.storeId), body.payments);
  const recorded = await recordSalePayments(tx, auth, {
    saleId: sale.id,
    storeId: sale.storeId,
    customerId: sale.customerId,
    payments: body.payments,
    totalPrice: sale.totalPrice,
    orderAt: sale.orderAt,
    lines: couponLinesOf(order.orderEmployees, totals.employees),
  });
  const balance = await resyncSaleTotals(tx, auth, sale);
  await writeResourceAudit(tx, auth, [
    {
      storeId: sale.storeId,
      action: 'payment.add',
      entityType: 'sale',
      entityId: sale.id,
      before: { paid_customer_total: sale.paidCustomerTotal, balance_due: totals.balance_due },
      after: { payments: recorded.map((p) => p.id), ...balance },
    },
  ]);
  return { payments: recorded, sale: balance };
}

async function settleStatus(tx: Queryable, auth: AuthContext, body: PaymentStatusBody) {
  const row = await lockPayment(tx, auth, body.payment_id);
  if (row.status !== SALE_PAYMENT_STATUS.PENDING) {
    throw conflict(
      `Only a pending payment can be approved or declined; payment ${row.id} is ${row.status}.`,
      ERROR_CODE.PAYMENT_STATE,
    );
  }
  const sale = await loadSaleForPayments(tx, auth, row.saleId);
  const [next] = await tx
    .update(salePayments)
    .set({ status: body.status, ...(body.approval_code ? { approvalCode: body.approval_code } : {}) })
    .where(storeIdWhere(salePayments, auth, row.id))
    .returning();
  // A declined payment's money never came: the sale is owed it again.
  const balance = await resyncSaleTotals(tx, auth, sale);
  await writePaymentAudit(tx, auth, row, {
    action: 'payment.status',
    before: { status: row.status },
    after: { status: next!.status, approval_code: next!.approvalCode },
  });
  return { payment: toRecordedPayment(next!), sale: balance };
}

/** POST /api/payments/status. */
export async function updatePaymentStatus(tx: Queryable, auth: AuthContext, body: PaymentStatusBody) {
  const { payment, sale } = await settleStatus(tx, auth, body);
  return { payments: [payment], allocations: [], sale };
}

/** POST /api/payments/bulk: every item or none (one transaction). */
export async function bulkPaymentStatus(tx: Queryable, auth: AuthContext, body: BulkPaymentsBody) {
  if (new Set(body.items.map((i) => i.payment_id)).size !== body.items.length) {
    throw unprocessable('A payment appears twice in the list.');
  }
  const payments: RecordedPayment[] = [];
  const salesById = new Map<number, SalePaymentsResult['sale']>();
  // In id order, so two bulk requests lock their rows in the same order.
  for (const item of [...body.items].sort((a, b) => a.payment_id - b.payment_id)) {
    const { payment, sale } = await settleStatus(tx, auth, item);
    payments.push(payment);
    salesById.set(sale.sale_id, sale);
  }
  return { payments, sales: [...salesById.values()] };
}

/**
 * POST /api/payments/refund: money back through one payment, PIN-approved. Recorded as a sale_refunds row
 * without lines; the sale's refunded_amount grows and has_refund is set (no void after money went back),
 * and the sale stays in status Sale (moving to Refund is the sales refund by lines).
 */
export async function refundPayment(
  tx: Queryable,
  auth: AuthContext,
  body: RefundPaymentBody,
  approver: PinApprover | null,
) {
  const { row, sale } = await lockPaymentOfCompletedSale(tx, auth, body.payment_id, 'A payment refund');
  const result = await reverseSalePayments(tx, auth, {
    saleId: sale.id,
    kind: 'refund',
    amount: body.amount,
    paymentIds: [row.id],
  });
  const amount = result.allocations.reduce((sum, a) => sum + a.amount, 0);
  await insertSaleRefund(tx, auth, {
    saleId: sale.id,
    lines: [],
    allocations: result.allocations,
    amount,
    approvedBy: approver?.userId ?? null,
    reason: body.reason,
  });
  const [updated] = await tx
    .update(sales)
    .set({ refundedAmount: sql`${sales.refundedAmount} + ${amount}`, hasRefund: true })
    .where(storeIdWhere(sales, auth, sale.id))
    .returning();
  const counted = await countedSalePayments(tx, auth, sale.id);
  const { totals } = orderWithPayments(updated!, counted);
  await writePaymentAudit(tx, auth, row, {
    action: 'payment.refund',
    approvedBy: approver?.userId ?? null,
    before: { refunded_amount: row.refundedAmount, status: row.status },
    after: { refunded_amount: row.refundedAmount + amount, allocations: result.allocations },
  });
  return {
    payments: result.reversed,
    allocations: result.allocations,
    sale: saleBalance(updated!, totals.balance_due),
  };
}

/**
 * POST /api/payments/void: cancels one payment (wrong card, customer changed their mind), PIN-approved.
 * Like a sale void (sale-status rules), only on the business day it was taken and never after money went
 * back; the sale then shows that amount due again.
 */
export async function voidPayment(
  tx: Queryable,
  auth: AuthContext,
  body: VoidPaymentBody,
  approver: PinApprover | null,
) {
  const { row, sale } = await lockPaymentOfCompletedSale(tx, auth, body.payment_id, 'A payment void');
  if (sale.hasRefund || row.refundedAmount > 0) {
    throw conflict(
      'Money already went back on this sale: refund instead of voiding.',
      ERROR_CODE.PAYMENT_NOT_VOIDABLE,
    );
  }
  const store = await loadPaymentStore(tx, auth, sale.storeId);
  if (!isSameBusinessDay(row.takenAt.toISOString(), new Date(), store.timezone)) {
    throw conflict(
      'A payment can only be voided on the business day it was taken: refund it instead.',
      ERROR_CODE.PAYMENT_NOT_VOIDABLE,
    );
  }
  const result = await reverseSalePayments(tx, auth, { saleId: sale.id, kind: 'void', paymentIds: [row.id] });
  const balance = await resyncSaleTotals(tx, auth, sale);
  await writePaymentAudit(tx, auth, row, {
    action: 'payment.void',
    approvedBy: approver?.userId ?? null,
    before: { status: row.status },
    after: { status: SALE_PAYMENT_STATUS.VOIDED, reason: body.reason ?? null },
  });
  return { payments: result.reversed, allocations: result.allocations, sale: balance };
}

/** POST /api/payments/tipAdjust: the card payment's tip, added to an employee's tip and the sale's totals. */
export async function tipAdjust(tx: Queryable, auth: AuthContext, body: TipAdjustBody) {
  const row = await lockPayment(tx, auth, body.payment_id);
  if (row.paymentType !== PAYMENT_TYPE.CREDIT) {
    throw unprocessable(
      'A tip can only be adjusted on a card payment.',
      { payment_id: ['Not a card payment.'] },
      ERROR_CODE.TIP_REFUSED,
    );
  }
  if (!LIVE_STATUSES.includes(row.status)) {
    throw conflict(`Payment ${row.id} is ${row.status}.`, ERROR_CODE.PAYMENT_STATE);
  }
  if (row.refundedAmount > row.amount + body.tip_amount) {
    throw unprocessable(
      'More than that was already refunded on this payment.',
      undefined,
      ERROR_CODE.TIP_REFUSED,
    );
  }
  const sale = await loadSaleForPayments(tx, auth, row.saleId);
  requireCompletedSale(sale, 'A tip adjustment');
  const groups = sale.orderSnapshot.orderEmployees;
  const userId = body.employee_id ?? (groups.length === 1 ? groups[0]!.employee.id : undefined);
  if (userId === undefined) {
    throw unprocessable(
      'Say which employee gets the tip.',
      { employee_id: ['Required on a sale with several employees.'] },
      ERROR_CODE.TIP_REFUSED,
    );
  }
  const delta = body.tip_amount - row.tipAmount;
  const [next] = await tx
    .update(salePayments)
    .set({ tipAmount: body.tip_amount })
    .where(storeIdWhere(salePayments, auth, row.id))
    .returning();
  const balance = await resyncSaleTotals(tx, auth, sale, { userId, delta });
  await writePaymentAudit(tx, auth, row, {
    action: 'payment.tip_adjust',
    before: { tip_amount: row.tipAmount, sale_tip_amount: sale.tipAmount },
    after: { tip_amount: body.tip_amount, employee_id: userId, sale_tip_amount: balance.tip_amount },
  });
  return { payments: [toRecordedPayment(next!)], allocations: [], sale: balance };
}
