/**
 * Keeps a sale's money columns in step with its payments after a payment-level change (a payment added
 * later, voided, declined, or a card tip adjusted): the stored Order (order_snapshot) gets the live
 * payments, src/domain's computeOrderTotals recomputes, and the payment-derived totals are written back.
 * Lines, discounts and taxes are not touched (no catalog re-read): only payments and tips move here.
 *
 * WHY here and not in the sales service: the sales service (create, refund, void) was written at the same
 * time and owns full recomputes from the catalog; a payment route needs only this narrower step, done with
 * the same domain function, so both agree on every amount.
 */
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { ERROR_CODE } from '../../contracts/error-codes';
import { setTip } from '../../domain/order-editing';
import type { Order, Payment, PaymentInfo } from '../../domain/order.types';
import { computeOrderTotals } from '../../domain/order-total';
import type { SaleBalance } from '../../contracts/payments';
import type { Queryable } from '../db/client';
import { SALE_PAYMENT_STATUS, saleEmployees, salePayments, sales } from '../db/schema/sales';
import type { SalePaymentStatus } from '../db/schema/sales';
import { storeIdWhere, storeWhere } from '../db/scoped';
import type { StoreScope } from '../db/scoped';
import { notFound, unprocessable } from '../errors';
import type { SalePaymentRow } from './payment-rows';

export type SaleRow = typeof sales.$inferSelect;

/** The sale of the caller's store, row-locked for the rest of the transaction (another store's → 404). */
export async function loadSaleForPayments(
  tx: Queryable,
  scope: StoreScope,
  saleId: number,
): Promise<SaleRow> {
  const [sale] = await tx
    .select()
    .from(sales)
    .where(storeIdWhere(sales, scope, saleId, sql`${sales.clearedAt} is null`))
    .for('update')
    .limit(1);
  if (!sale) throw notFound('Sale not found.');
  return sale;
}

/**
 * Payments whose money counts in the sale's paid total: approved, pending (an offline card payment not
 * settled yet) and refunded ones (refunds are counted apart, in sales.refunded_amount); not voided or
 * declined ones.
 */
export async function countedSalePayments(
  tx: Queryable,
  scope: StoreScope,
  saleId: number,
): Promise<SalePaymentRow[]> {
  return salePaymentsIn(tx, scope, saleId, [
    SALE_PAYMENT_STATUS.APPROVED,
    SALE_PAYMENT_STATUS.PENDING,
    SALE_PAYMENT_STATUS.REFUNDED,
  ]);
}

/** A sale's payments in the given statuses, in id order; `lock` takes their row locks for the transaction. */
export async function salePaymentsIn(
  tx: Queryable,
  scope: StoreScope,
  saleId: number,
  statuses: readonly SalePaymentStatus[],
  options: { lock?: boolean } = {},
): Promise<SalePaymentRow[]> {
  const query = tx
    .select()
    .from(salePayments)
    .where(
      storeWhere(
        salePayments,
        scope,
        eq(salePayments.saleId, saleId),
        inArray(salePayments.status, [...statuses]),
      ),
    )
    .orderBy(asc(salePayments.id));
  return options.lock ? await query.for('update') : await query;
}

/** A stored payment as the domain's Payment; a card tip is part of what the card was charged. */
export function toDomainPayment(row: SalePaymentRow): Payment {
  const info: PaymentInfo = {};
  if (row.reference !== null) info.reference = row.reference;
  if (row.cardBrand !== null) info.card_brand = row.cardBrand;
  if (row.last4 !== null) info.last4 = row.last4;
  if (row.approvalCode !== null) info.approval_code = row.approvalCode;
  if (row.processorReference !== null) info.processor_reference = row.processorReference;
  info.taken_at = row.takenAt.toISOString();
  if (row.offline) info.offline = true;
  return { payment_type: row.paymentType, payment_amount: row.amount + row.tipAmount, payment_info: info };
}

export function saleBalance(sale: SaleRow, balanceDue: number): SaleBalance {
  return {
    sale_id: sale.id,
    status: sale.status,
    total_price: sale.totalPrice,
    tip_amount: sale.tipAmount,
    paid_customer_total: sale.paidCustomerTotal,
    paid_customer_change_amount_total: sale.paidCustomerChangeAmountTotal,
    creditcard_fee: sale.creditcardFee,
    balance_due: balanceDue,
    refunded_amount: sale.refundedAmount,
  };
}

/** The stored order with the sale's live payments (and an optional tip change), and its totals. */
export function orderWithPayments(
  sale: SaleRow,
  payments: readonly SalePaymentRow[],
  tip?: { userId: number; delta: number },
): { order: Order; totals: ReturnType<typeof computeOrderTotals> } {
  let order: Order = { ...sale.orderSnapshot, payments: payments.map(toDomainPayment) };
  if (tip && tip.delta !== 0) {
    const group = order.orderEmployees.find((g) => g.employee.id === tip.userId);
    if (!group)
      throw unprocessable(
        'That employee is not on this sale.',
        { employee_id: ['Not on the sale.'] },
        ERROR_CODE.TIP_REFUSED,
      );
    const next = (group.tips?.tip_amount ?? 0) + tip.delta;
    if (next < 0) {
      throw unprocessable(
        'The tip cannot go below zero for that employee.',
        undefined,
        ERROR_CODE.TIP_REFUSED,
      );
    }
    order = setTip(order, tip.userId, next);
  }
  return { order, totals: computeOrderTotals(order) };
}

/**
 * Recomputes and stores the payment-derived totals of a locked sale (from loadSaleForPayments): tip,
 * total_price (a card fee passed on moves it), paid_customer_total, change, card fee, and the snapshot.
 */
export async function resyncSaleTotals(
  tx: Queryable,
  scope: StoreScope,
  sale: SaleRow,
  tip?: { userId: number; delta: number },
): Promise<SaleBalance> {
  const payments = await countedSalePayments(tx, scope, sale.id);
  const { order, totals } = orderWithPayments(sale, payments, tip);
  const t = totals.total;
  const [updated] = await tx
    .update(sales)
    .set({
      tipAmount: t.tip_amount,
      totalPrice: t.total_price,
      paidCustomerTotal: t.paid_customer_total,
      paidCustomerChangeAmountTotal: t.paid_customer_change_amount_total,
      creditcardFee: t.creditcard_fee,
      orderSnapshot: order,
    })
    .where(storeIdWhere(sales, scope, sale.id))
    .returning();
  if (tip && tip.delta !== 0) {
    const group = order.orderEmployees.find((g) => g.employee.id === tip.userId);
    await tx
      .update(saleEmployees)
      .set({ tipAmount: group?.tips?.tip_amount ?? 0 })
      .where(
        storeWhere(
          saleEmployees,
          scope,
          eq(saleEmployees.saleId, sale.id),
          eq(saleEmployees.userId, tip.userId),
        ),
      );
  }
  return saleBalance(updated!, totals.balance_due);
}
