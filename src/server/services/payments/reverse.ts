/**
 * Giving a sale's payments back (refund or void), in the caller's transaction: which payments a refund goes
 * back through (REFUND_ORDER) and how much each can still give back, with the balances they restore.
 */
import { sql } from 'drizzle-orm';
import { ERROR_CODE } from '../../../contracts/error-codes';
import { PAYMENT_TYPE } from '../../../domain/constants';
import { pointsGivenBack, pointValueMinor } from '../../../domain/points';
import type { PaymentType } from '../../../domain/constants';
import type { RecordedPayment } from '../../../contracts/payments';
import type { AuthContext } from '../../auth-context';
import type { Queryable } from '../../db/client';
import { coupons } from '../../db/schema/coupons';
import { couponHistories } from '../../db/schema/ledger-histories';
import { SALE_PAYMENT_STATUS, salePayments, saleRefunds, sales } from '../../db/schema/sales';
import type { SaleRefundLine } from '../../db/schema/sales';
import { scopeStoreId, storeIdWhere, storeValues, tenantIdWhere, tenantValues } from '../../db/scoped';
import { notFound, unprocessable } from '../../errors';
import { loadPaymentStore, toRecordedPayment } from '../../payments/payment-rows';
import type { SalePaymentRow } from '../../payments/payment-rows';
import { salePaymentsIn } from '../../payments/sale-totals';
import { moveCustomerPoints, moveGiftcardBalance } from '../balance-moves';
import { LIVE_STATUSES } from './payment-input';

export interface ReverseSalePaymentsInput {
  saleId: number;
  kind: 'refund' | 'void';
  /** Refund: the amount to give back (minor units); void (and refund without amount): everything left. */
  amount?: number;
  /** Only these payments of the sale (payment-level refund or void); default every live payment. */
  paymentIds?: readonly number[];
}

/** How much of a refund went back through one payment. */
export interface PaymentAllocation {
  sale_payment_id: number;
  payment_type: PaymentType;
  amount: number;
}

export interface ReverseSalePaymentsResult {
  reversed: RecordedPayment[];
  /** Refund: what each payment gave back, in the refund order; void: each payment's whole remainder. */
  allocations: PaymentAllocation[];
}

/**
 * The order a refund goes back through the tender (our decision, spec silent): first what the POS can put
 * back itself, gift cards then points; then external money (card, wallets, Venmo, check, voucher, other);
 * cash last, as the drawer covers any remainder; coupons very last and never as money: a coupon's share is
 * only "refunded" when every money tender is exhausted (a full refund), and its use is not given back (a
 * void releases it). Within a type, the latest payment first.
 */
export const REFUND_ORDER: readonly PaymentType[] = [
  PAYMENT_TYPE.GIFTCARD,
  PAYMENT_TYPE.POINT,
  PAYMENT_TYPE.CREDIT,
  PAYMENT_TYPE.MOMO,
  PAYMENT_TYPE.VN_PAY,
  PAYMENT_TYPE.VIET_QR,
  PAYMENT_TYPE.VENMO,
  PAYMENT_TYPE.CHECK,
  PAYMENT_TYPE.VOUCHER,
  PAYMENT_TYPE.OTHERS,
  PAYMENT_TYPE.CASH,
  PAYMENT_TYPE.COUPON,
];

/**
 * What each payment can still give back: tendered + tip − already refunded, and for cash also minus the
 * change handed back (change comes out of the last cash payments first, docs/money.md step 9).
 */
function refundable(rows: readonly SalePaymentRow[], change: number): Map<number, number> {
  const out = new Map<number, number>();
  let changeLeft = change;
  for (const row of [...rows].sort((a, b) => b.id - a.id)) {
    let left = row.amount + row.tipAmount - row.refundedAmount;
    if (row.paymentType === PAYMENT_TYPE.CASH && changeLeft > 0) {
      const share = Math.min(changeLeft, row.amount);
      changeLeft -= share;
      left -= share;
    }
    out.set(row.id, Math.max(0, left));
  }
  return out;
}

async function giveBack(
  tx: Queryable,
  auth: AuthContext,
  row: SalePaymentRow,
  amount: number,
  kind: 'refund' | 'void',
  pointValue: number,
): Promise<void> {
  if (row.paymentType === PAYMENT_TYPE.GIFTCARD && row.giftcardId !== null && amount > 0) {
    await moveGiftcardBalance(tx, auth, row.giftcardId, {
      storeId: row.storeId,
      saleId: row.saleId,
      kind,
      amount,
    });
  }
  if (row.paymentType === PAYMENT_TYPE.POINT && row.points !== null && amount > 0) {
    const points = pointsGivenBack(
      { points: row.points, paid: row.amount, refundedBefore: row.refundedAmount },
      amount,
      pointValue,
    );
    const [sale] = await tx
      .select({ customerId: sales.customerId })
      .from(sales)
      .where(tenantIdWhere(sales, auth, row.saleId));
    if (points > 0 && sale?.customerId) {
      await moveCustomerPoints(tx, auth, sale.customerId, {
        storeId: row.storeId,
        saleId: row.saleId,
        kind,
        points,
      });
    }
  }
  if (row.paymentType === PAYMENT_TYPE.COUPON && row.couponId !== null && kind === 'void') {
    const [released] = await tx
      .update(coupons)
      .set({ usedCount: sql`${coupons.usedCount} - 1` })
      .where(tenantIdWhere(coupons, auth, row.couponId, sql`${coupons.usedCount} > 0`))
      .returning({ id: coupons.id });
    if (released) {
      const [sale] = await tx
        .select({ customerId: sales.customerId })
        .from(sales)
        .where(tenantIdWhere(sales, auth, row.saleId));
      await tx.insert(couponHistories).values(
        tenantValues(auth, {
          couponId: row.couponId,
          storeId: row.storeId,
          saleId: row.saleId,
          customerId: sale?.customerId ?? null,
          kind: 'release' as const,
          discountAmount: row.amount,
          userId: auth.userId,
        }),
      );
    }
  }
}

/**
 * Gives a sale's payments back (inside the caller's transaction): gift cards credited (history 'refund' or
 * 'void'), points returned, a coupon's use released on void, and each payment's refunded_amount / status
 * updated ('refunded' once nothing is left, 'voided' on void). Wallet, card and check money goes back
 * outside the POS (the provider's or terminal's refund); we record how much. The sale's own columns
 * (status, refunded_amount, has_refund) are the caller's (sales service).
 */
export async function reverseSalePayments(
  tx: Queryable,
  auth: AuthContext,
  input: ReverseSalePaymentsInput,
): Promise<ReverseSalePaymentsResult> {
  const storeId = scopeStoreId(auth);
  const scope = { tenantId: auth.tenantId, storeId };
  const [sale] = await tx
    .select({ id: sales.id, change: sales.paidCustomerChangeAmountTotal })
    .from(sales)
    .where(storeIdWhere(sales, scope, input.saleId))
    .limit(1);
  if (!sale) throw notFound('Sale not found.');
  const store = await loadPaymentStore(tx, auth, storeId);
  const all = await salePaymentsIn(tx, scope, sale.id, LIVE_STATUSES, { lock: true });
  const left = refundable(all, sale.change);
  const chosen = input.paymentIds ? all.filter((row) => input.paymentIds!.includes(row.id)) : all;
  if (input.paymentIds && chosen.length !== new Set(input.paymentIds).size) {
    throw unprocessable(
      'A payment to reverse is not a live payment of this sale.',
      undefined,
      ERROR_CODE.PAYMENT_STATE,
    );
  }

  const allocations: PaymentAllocation[] = [];
  const updated: SalePaymentRow[] = [];
  const pointValue = pointValueMinor(store.settings.points_value_minor);

  if (input.kind === 'void') {
    for (const row of chosen) {
      const amount = left.get(row.id) ?? 0;
      await giveBack(tx, auth, row, amount, 'void', pointValue);
      allocations.push({ sale_payment_id: row.id, payment_type: row.paymentType, amount });
      const [next] = await tx
        .update(salePayments)
        .set({ status: SALE_PAYMENT_STATUS.VOIDED })
        .where(storeIdWhere(salePayments, scope, row.id))
        .returning();
      updated.push(next!);
    }
    return { reversed: updated.map(toRecordedPayment), allocations };
  }

  const available = chosen.reduce((sum, row) => sum + (left.get(row.id) ?? 0), 0);
  const amount = input.amount ?? available;
  if (!Number.isSafeInteger(amount) || amount <= 0) {
    throw available === 0
      ? unprocessable('Nothing is left to refund.', undefined, ERROR_CODE.NOTHING_TO_REFUND)
      : unprocessable('The refund amount must be greater than 0.', { amount: ['Must be greater than 0.'] });
  }
  if (amount > available) {
    throw unprocessable(
      `The refund is more than what is left to give back (${available}).`,
      { amount: [`At most ${available}.`] },
      ERROR_CODE.REFUND_TOO_LARGE,
    );
  }
  const ordered = [...chosen].sort(
    (a, b) => REFUND_ORDER.indexOf(a.paymentType) - REFUND_ORDER.indexOf(b.paymentType) || b.id - a.id,
  );
  let remaining = amount;
  for (const row of ordered) {
    if (remaining === 0) break;
    const take = Math.min(remaining, left.get(row.id) ?? 0);
    if (take === 0) continue;
    remaining -= take;
    await giveBack(tx, auth, row, take, 'refund', pointValue);
    allocations.push({ sale_payment_id: row.id, payment_type: row.paymentType, amount: take });
    const refunded = row.refundedAmount + take;
    const [next] = await tx
      .update(salePayments)
      .set({
        refundedAmount: refunded,
        status: take === left.get(row.id) ? SALE_PAYMENT_STATUS.REFUNDED : row.status,
      })
      .where(storeIdWhere(salePayments, scope, row.id))
      .returning();
    updated.push(next!);
  }
  return { reversed: updated.map(toRecordedPayment), allocations };
}

/**
 * The sale_refunds row of money given back: by lines (sale management's refund) or through one payment
 * (no lines), with what each payment gave back.
 */
export async function insertSaleRefund(
  tx: Queryable,
  auth: AuthContext,
  refund: {
    saleId: number;
    lines: SaleRefundLine[];
    allocations: readonly PaymentAllocation[];
    amount: number;
    approvedBy: number | null;
    reason: string | null | undefined;
  },
) {
  const [row] = await tx
    .insert(saleRefunds)
    .values(
      storeValues(auth, {
        saleId: refund.saleId,
        lines: refund.lines,
        payments: refund.allocations.map((a) => ({ ...a })),
        amount: refund.amount,
        approvedBy: refund.approvedBy,
        createdBy: auth.userId,
        reason: refund.reason ?? null,
      }),
    )
    .returning();
  return row!;
}
