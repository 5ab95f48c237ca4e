/**
 * Refund of a sale, in full or by lines (the rule of each line's amount is in status.ts), and the refund info a
 * refund screen reads.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { ERROR_CODE } from '../../../contracts/error-codes';
import type { z } from 'zod';
import type { saleRefundInfoSchema, saleRefundRecordSchema } from '../../../contracts/sales';
import { ITEM_TYPE } from '../../../domain/constants';
import type { Order, OrderItem, Employee } from '../../../domain/order.types';
import { refundAmountOfLines } from '../../../domain/refund';
import type { RefundedLine } from '../../../domain/sale-status';
import { nextStatus } from '../../../../machines/sale-status/sale-status.rules';
import type { AuthContext, PinApprover } from '../../auth-context';
import type { Queryable } from '../../db/client';
import { saleLines, saleRefunds } from '../../db/schema/sales';
import type { SaleRefundLine } from '../../db/schema/sales';
import { storeIdWhere, storeWhere } from '../../db/scoped';
import { unprocessable, VALIDATION_MESSAGE } from '../../errors';
import { insertSaleRefund, reverseSalePayments } from '../payments/reverse';
import { saleChange, writeAudit } from '../sales/audit';
import { takeBackSalePoints } from '../sales/points';
import { loadRowsOf, loadSaleRows } from '../sales/read';
import type { LoadedSale } from '../sales/read';
import { snapshotOf } from '../sales/detail';
import type { SaleRow } from '../sales/detail';
import type { SaleStore } from '../sales/store';
import { decideMove, lockSale, nextOf, setStatusColumns, statusFacts } from './status';
import { takeBackGiftcards } from './giftcards';

export const NOTHING_TO_REFUND_MESSAGE = 'Nothing is left to refund on this sale.';

interface LineOnSale {
  id: number;
  employee: Employee;
  item: OrderItem;
  refunded: number;
  giftcardId: number;
}

function linesOfOrder(loaded: LoadedSale, order: Order): LineOnSale[] {
  return loaded.detail.orderEmployees.flatMap((group, g) =>
    group.orderItems.map((line, i) => ({
      id: line.id,
      employee: order.orderEmployees[g]!.employee,
      item: order.orderEmployees[g]!.orderItems[i]!,
      refunded: line.refunded_quantity,
      giftcardId: line.item_type === ITEM_TYPE.GIFTCARD ? line.item_id : 0,
    })),
  );
}

/** The domain's refund amount of `units` units of one line (0 for none). */
function refundOfUnits(order: Order, line: LineOnSale, units: number): number {
  if (units <= 0) return 0;
  const one: Order = {
    ...order,
    orderEmployees: [{ employee: line.employee, orderItems: [{ ...line.item, quantity: units }] }],
  };
  return refundAmountOfLines(one, [{ employeeIndex: 0, itemIndex: 0 }]);
}

/** A(already + q) − A(already): see the file comment. */
function refundOfPart(order: Order, line: LineOnSale, quantity: number): number {
  return refundOfUnits(order, line, line.refunded + quantity) - refundOfUnits(order, line, line.refunded);
}

type RefundRecord = z.infer<typeof saleRefundRecordSchema>;

function refundRecordOf(row: typeof saleRefunds.$inferSelect): RefundRecord {
  return {
    id: row.id,
    amount: row.amount,
    lines: row.lines,
    approved_by: row.approvedBy,
    created_by: row.createdBy,
    reason: row.reason,
    created_at: row.createdAt.toISOString(),
  };
}

export async function refundSale(
  tx: Queryable,
  auth: AuthContext,
  store: SaleStore,
  saleId: number,
  input: { lines?: readonly { sale_line_id: number; quantity: number }[]; reason?: string },
  approver: PinApprover,
  now: Date,
): Promise<{ sale: SaleRow; refund: RefundRecord }> {
  const before = await lockSale(tx, auth, saleId);
  // The status decides first (a voided or draft sale is 409 whatever the lines say).
  decideMove(before, { type: 'sale.refund', full: false, lines: [] }, now, store.timezone);
  const loaded = await loadRowsOf(tx, auth, before);
  const order = snapshotOf(loaded.detail, store.settings, []);
  const lines = linesOfOrder(loaded, order);
  const byId = new Map(lines.map((l) => [l.id, l]));

  const wanted = new Map<number, number>();
  if (input.lines) {
    const errors: Record<string, string[]> = {};
    input.lines.forEach((requested, i) => {
      const line = byId.get(requested.sale_line_id);
      if (!line) {
        errors[`lines.${i}.sale_line_id`] = ['This line is not on the sale.'];
        return;
      }
      const total = (wanted.get(line.id) ?? 0) + requested.quantity;
      const remaining = line.item.quantity - line.refunded;
      if (total > remaining) {
        errors[`lines.${i}.quantity`] = [`At most ${remaining} of this line can still be refunded.`];
        return;
      }
      wanted.set(line.id, total);
    });
    if (Object.keys(errors).length > 0) throw unprocessable(VALIDATION_MESSAGE, errors);
  } else {
    for (const line of lines)
      if (line.item.quantity > line.refunded) wanted.set(line.id, line.item.quantity - line.refunded);
  }
  if (wanted.size === 0)
    throw unprocessable(NOTHING_TO_REFUND_MESSAGE, undefined, ERROR_CODE.NOTHING_TO_REFUND);

  const refundLines: SaleRefundLine[] = [];
  const refunded: RefundedLine[] = [];
  let ruleAmount = 0;
  for (const [lineId, quantity] of wanted) {
    const line = byId.get(lineId)!;
    const amount = refundOfPart(order, line, quantity);
    ruleAmount += amount;
    refundLines.push({ sale_line_id: lineId, quantity, amount });
    refunded.push({ employee_id: line.employee.id, item_id: line.item.item_id, quantity });
  }
  const full = lines.every((l) => l.refunded + (wanted.get(l.id) ?? 0) === l.item.quantity);
  const next = nextOf(
    decideMove(before, { type: 'sale.refund', full, lines: refunded }, now, store.timezone),
  );
  const amount = Math.min(ruleAmount, Math.max(0, before.totalPrice - before.refundedAmount));

  const reversal =
    amount > 0 ? await reverseSalePayments(tx, auth, { saleId, kind: 'refund', amount }) : null;
  await takeBackGiftcards(
    tx,
    auth,
    before,
    [...wanted]
      .map(([lineId, quantity]) => ({ line: byId.get(lineId)!, quantity }))
      .filter(({ line }) => line.item.item_type === ITEM_TYPE.GIFTCARD)
      .map(({ line, quantity }) => ({
        cardId: line.giftcardId,
        number: line.item.giftcard_number ?? '',
        amount: line.item.unit_price * quantity,
      })),
    'refund',
  );
  for (const [lineId, quantity] of wanted) {
    await tx
      .update(saleLines)
      .set({ refundedQuantity: sql`${saleLines.refundedQuantity} + ${quantity}` })
      .where(storeIdWhere(saleLines, auth, lineId));
  }
  const after = await setStatusColumns(tx, auth, saleId, {
    status: next.status,
    hasRefund: true,
    refundedAmount: before.refundedAmount + amount,
  });
  await takeBackSalePoints(tx, auth, saleId, 'refund');
  const refundRow = await insertSaleRefund(tx, auth, {
    saleId,
    lines: refundLines,
    allocations: reversal?.allocations ?? [],
    amount,
    approvedBy: approver.userId,
    reason: input.reason,
  });
  await writeAudit(tx, auth, [
    saleChange(full ? 'sale.refund' : 'sale.partial_refund', before, after, {
      approvedBy: approver.userId,
      after: {
        refund: { amount, rule_amount: ruleAmount, lines: refundLines },
        reason: input.reason ?? null,
      },
    }),
  ]);
  return { sale: after, refund: refundRecordOf(refundRow) };
}

export async function refundInfo(
  db: Queryable,
  auth: AuthContext,
  store: SaleStore,
  saleId: number,
  now: Date,
): Promise<z.infer<typeof saleRefundInfoSchema>> {
  const loaded = await loadSaleRows(db, auth, saleId);
  const sale = loaded.sale;
  const order = snapshotOf(loaded.detail, store.settings, []);
  const lines = linesOfOrder(loaded, order);
  const refundMove = nextStatus(
    statusFacts(sale),
    { type: 'sale.refund', full: false, lines: [] },
    now,
    store.timezone,
  );
  const voidMove = nextStatus(statusFacts(sale), { type: 'sale.void' }, now, store.timezone);
  const lineInfo = lines.map((line) => {
    const remaining = line.item.quantity - line.refunded;
    return {
      sale_line_id: line.id,
      employee_id: line.employee.id,
      item_id: line.item.item_id,
      item_type: line.item.item_type,
      name: line.item.name,
      quantity: line.item.quantity,
      refunded_quantity: line.refunded,
      remaining_quantity: remaining,
      refund_amount: refundOfPart(order, line, remaining),
    };
  });
  const refunds = await db
    .select()
    .from(saleRefunds)
    .where(storeWhere(saleRefunds, auth, eq(saleRefunds.saleId, saleId)))
    .orderBy(asc(saleRefunds.id));
  const remainingRule = lineInfo.reduce((sum, l) => sum + l.refund_amount, 0);
  return {
    sale_id: sale.id,
    status: sale.status,
    can_refund: refundMove.allowed && lineInfo.some((l) => l.remaining_quantity > 0),
    refund_error: refundMove.allowed ? null : refundMove.error.message,
    can_void: voidMove.allowed,
    void_error: voidMove.allowed ? null : voidMove.error.message,
    total_price: sale.totalPrice,
    refunded_amount: sale.refundedAmount,
    refundable_amount: refundMove.allowed
      ? Math.min(remainingRule, Math.max(0, sale.totalPrice - sale.refundedAmount))
      : 0,
    lines: lineInfo,
    payments: loaded.payments,
    refunds: refunds.map(refundRecordOf),
  };
}
