/**
 * Sale management (000 §7 "Sales management", 001 §7 pos/sales/{id}/...; design.md §3 sale status lifecycle;
 * issue 3 item 5): status moves, refund (full or by lines), void, trash, restore, clear, tip, employee, order
 * time, invoice, refund info, bulk and save-all-changes.
 *
 * Rules held here:
 * - EVERY status move is asked of the sale-status machine (machines/sale-status/sale-status.rules.ts
 *   nextStatus, with the store's time zone and the server's clock); a refused move is 409 with the machine's
 *   message. Edits (tip, employee, order time) follow the domain's actionModeError (a draft or a sale without
 *   refunds).
 * - Every change runs on the sale's row lock (SELECT … FOR UPDATE) inside the request's transaction, so two
 *   refunds of one sale cannot both pass the remaining-quantity check.
 * - Refund, void, trash and clear need a manager's PIN approval: the caller passes the approver it verified
 *   (X-Pin-Approval, ADR 006); every status or money change writes an audit row naming the actor and the
 *   approver, with the sale's money and status fields before and after.
 * - A refund gives back, per line, refundAmountOfLines (design.md §4 step 10) of the quantity refunded:
 *   A(already + q) − A(already), where A(n) is the domain's amount for n units of the line, so the parts of a
 *   line refunded over several refunds add up to the domain's amount for the whole line. The total is capped at
 *   what was taken and not given back yet (total_price − refunded_amount); the payments service decides which
 *   payments it goes back through.
 * - Customer points earned on a sale (sales.ts awardSalePoints) are taken back on a void, and on a refund in
 *   proportion to what went back (sales.ts takeBackSalePoints).
 * - Sales are never deleted: trash keeps the status before trash, clear stamps cleared_at (hidden from then on).
 * - Changing the order time keeps the ticket numbers and business_date: they are the numbers of the day the
 *   ticket was issued (daily numbers are unique per business date, so moving a ticket to another date could
 *   collide), and reports by period read order_at.
 */
import { asc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  saleBulkBodySchema,
  saleEmployeeBodySchema,
  saleInvoiceSchema,
  saleRefundInfoSchema,
  saleRefundRecordSchema,
  saleSaveAllBodySchema,
  SaleDetail,
} from '../../contracts/sales';
import { ACTION_MODE, ITEM_TYPE, printedPaymentType, SALE_STATUS } from '../../domain/constants';
import type { ActionMode, SaleStatus } from '../../domain/constants';
import type { Order, OrderItem, Employee } from '../../domain/order.types';
import { refundAmountOfLines } from '../../domain/refund';
import { actionModeError, SALE_STATUS_ERROR, saleStatusError } from '../../domain/sale-status';
import type { RefundedLine } from '../../domain/sale-status';
import { nextStatus } from '../../../machines/sale-status/sale-status.rules';
import type { SaleStatusRequest, StoredSaleStatus } from '../../../machines/sale-status/sale-status.rules';
import type { AuthContext, PinApprover } from '../auth-context';
import type { Queryable } from '../db/client';
import { giftcards } from '../db/schema/giftcards';
import { giftcardHistories } from '../db/schema/ledger-histories';
import { SALE_PAYMENT_STATUS, saleEmployees, saleLines, saleRefunds, sales } from '../db/schema/sales';
import type { SaleRefundLine } from '../db/schema/sales';
import { storeIdWhere, storeValues, storeWhere, tenantIdWhere, tenantValues } from '../db/scoped';
import { conflict, notFound, unprocessable, VALIDATION_MESSAGE } from '../errors';
import { countedSalePayments, toDomainPayment } from '../payments/sale-totals';
import { reverseSalePayments } from './payments';
import {
  auditView,
  awardSalePoints,
  computeTotalsOr422,
  FUTURE_ORDER_AT_MESSAGE,
  issueGiftcards,
  loadRowsOf,
  loadSaleRows,
  NOT_PAID_MESSAGE,
  ORDER_AT_CLOCK_SKEW_MS,
  orderOfRows,
  recomputeStoredSale,
  requireStoreEmployee,
  SALE_NOT_FOUND_MESSAGE,
  takeBackSalePoints,
  totalColumns,
  writeAudit,
} from './sales';
import type { LoadedSale, SaleRow, SaleStore } from './sales';

/** Resolves the manager's PIN approval of the request (403 when absent or not a manager, admin or owner). */
export type ApproverSource = () => Promise<PinApprover>;

export const NOTHING_TO_REFUND_MESSAGE = 'Nothing is left to refund on this sale.';

// ---- the machine ----------------------------------------------------------------------------------------

export function statusFacts(sale: SaleRow): StoredSaleStatus {
  return {
    status: sale.status,
    statusBeforeTrash: sale.statusBeforeTrash,
    orderAt: sale.orderAt.toISOString(),
    hasRefund: sale.hasRefund,
  };
}

type Allowed = Extract<ReturnType<typeof nextStatus>, { allowed: true }>;

/** The machine's answer for a move of this sale, or 409 with its message. */
export function decideMove(sale: SaleRow, request: SaleStatusRequest, now: Date, timeZone: string): Allowed {
  const move = nextStatus(statusFacts(sale), request, now, timeZone);
  if (!move.allowed) throw conflict(move.error.message);
  return move;
}

function nextOf(move: Allowed): { status: SaleStatus; statusBeforeTrash: SaleStatus | null } {
  if ('cleared' in move) throw conflict(saleStatusError(SALE_STATUS_ERROR.MOVE_REFUSED).message);
  return { status: move.next.status, statusBeforeTrash: move.next.statusBeforeTrash };
}

/** Edits (tip, employee, order time) are for a draft or a sale without refunds (domain actionModeError). */
function requireMode(sale: SaleRow, mode: ActionMode, now: Date, timeZone: string): void {
  const error = actionModeError(mode, statusFacts(sale), now, timeZone);
  if (error) throw conflict(error.message);
}

async function lockSale(tx: Queryable, auth: AuthContext, saleId: number): Promise<SaleRow> {
  const [sale] = await tx
    .select()
    .from(sales)
    .where(storeIdWhere(sales, auth, saleId, isNull(sales.clearedAt)))
    .for('update')
    .limit(1);
  if (!sale) throw notFound(SALE_NOT_FOUND_MESSAGE);
  return sale;
}

/** The snapshot's status and order time follow the row (it is the Order loadSale rebuilds). */
function snapshotWith(fields: { status?: SaleStatus; orderAt?: Date }) {
  let expression = sql`${sales.orderSnapshot}`;
  if (fields.status !== undefined) {
    expression = sql`jsonb_set(${expression}, '{status}', ${String(fields.status)}::jsonb)`;
  }
  if (fields.orderAt !== undefined) {
    expression = sql`jsonb_set(${expression}, '{order_at}', to_jsonb(${fields.orderAt.toISOString()}::text))`;
  }
  return expression;
}

async function setStatusColumns(
  tx: Queryable,
  auth: AuthContext,
  saleId: number,
  values: Partial<Pick<SaleRow, 'statusBeforeTrash' | 'trashedAt' | 'clearedAt' | 'orderAt'>> & {
    status?: SaleStatus;
  } & Partial<ReturnType<typeof totalColumns>> & { hasRefund?: boolean; refundedAmount?: number },
): Promise<SaleRow> {
  const [row] = await tx
    .update(sales)
    .set({ ...values, orderSnapshot: snapshotWith({ status: values.status, orderAt: values.orderAt }) })
    .where(storeIdWhere(sales, auth, saleId))
    .returning();
  if (!row) throw notFound(SALE_NOT_FOUND_MESSAGE);
  return row;
}

// ---- gift cards sold on the sale --------------------------------------------------------------------------

/**
 * A void or refund of a gift card line takes its value back off the card, atomically; a card already spent
 * below that value cannot be taken back (409), which keeps the ledger whole.
 */
async function takeBackGiftcards(
  tx: Queryable,
  auth: AuthContext,
  sale: SaleRow,
  taken: readonly { cardId: number; number: string; amount: number }[],
  kind: 'void' | 'refund',
): Promise<void> {
  for (const card of taken) {
    if (card.amount <= 0 || card.cardId <= 0) continue;
    const [row] = await tx
      .update(giftcards)
      .set({ balance: sql`${giftcards.balance} - ${card.amount}` })
      .where(tenantIdWhere(giftcards, auth, card.cardId, gte(giftcards.balance, card.amount)))
      .returning({ balance: giftcards.balance });
    if (!row) {
      throw conflict(
        `The gift card ${card.number} sold on this sale has been spent; its value cannot be taken back.`,
      );
    }
    await tx.insert(giftcardHistories).values(
      tenantValues(auth, {
        giftcardId: card.cardId,
        storeId: sale.storeId,
        saleId: sale.id,
        kind,
        amount: -card.amount,
        balanceAfter: row.balance,
        userId: auth.userId,
      }),
    );
  }
}

// ---- trash, restore, clear --------------------------------------------------------------------------------

export async function trashSale(
  tx: Queryable,
  auth: AuthContext,
  store: SaleStore,
  saleId: number,
  approver: PinApprover,
  reason: string | undefined,
  now: Date,
): Promise<SaleRow> {
  const before = await lockSale(tx, auth, saleId);
  const next = nextOf(decideMove(before, { type: 'sale.trash' }, now, store.timezone));
  const after = await setStatusColumns(tx, auth, saleId, {
    status: next.status,
    statusBeforeTrash: next.statusBeforeTrash,
    trashedAt: now,
  });
  await writeAudit(tx, auth, [
    {
      action: 'sale.trash',
      saleId,
      approvedBy: approver.userId,
      before: auditView(before),
      after: { ...auditView(after), reason: reason ?? null },
    },
  ]);
  return after;
}

/** Restore returns to the status before trash; `expected` (from /status) must be that status. */
export async function restoreSale(
  tx: Queryable,
  auth: AuthContext,
  store: SaleStore,
  saleId: number,
  now: Date,
  expected?: SaleStatus,
): Promise<SaleRow> {
  const before = await lockSale(tx, auth, saleId);
  const next = nextOf(decideMove(before, { type: 'sale.restore' }, now, store.timezone));
  if (expected !== undefined && next.status !== expected) {
    throw conflict(saleStatusError(SALE_STATUS_ERROR.MOVE_REFUSED).message);
  }
  const after = await setStatusColumns(tx, auth, saleId, {
    status: next.status,
    statusBeforeTrash: null,
    trashedAt: null,
  });
  await writeAudit(tx, auth, [
    { action: 'sale.restore', saleId, before: auditView(before), after: auditView(after) },
  ]);
  return after;
}

/** Clear one trashed sale: stamped cleared_at, hidden from every list and read from then on. */
export async function clearTrashedSale(
  tx: Queryable,
  auth: AuthContext,
  store: SaleStore,
  saleId: number,
  approver: PinApprover,
  now: Date,
): Promise<SaleRow> {
  const before = await lockSale(tx, auth, saleId);
  const move = decideMove(before, { type: 'sale.clear' }, now, store.timezone);
  if (!('cleared' in move)) throw conflict(saleStatusError(SALE_STATUS_ERROR.MOVE_REFUSED).message);
  const after = await setStatusColumns(tx, auth, saleId, { clearedAt: now });
  await writeAudit(tx, auth, [
    {
      action: 'sale.clear',
      saleId,
      approvedBy: approver.userId,
      before: auditView(before),
      after: auditView(after),
    },
  ]);
  return after;
}

/** Clear every trashed sale of the store. */
export async function clearAllTrashed(
  tx: Queryable,
  auth: AuthContext,
  store: SaleStore,
  approver: PinApprover,
  now: Date,
): Promise<{ ids: number[]; count: number }> {
  const trashed = await tx
    .select()
    .from(sales)
    .where(storeWhere(sales, auth, eq(sales.status, SALE_STATUS.TRASH), isNull(sales.clearedAt)))
    .orderBy(asc(sales.id))
    .for('update');
  for (const sale of trashed) decideMove(sale, { type: 'sale.clear' }, now, store.timezone);
  const ids = trashed.map((s) => s.id);
  if (ids.length === 0) return { ids, count: 0 };
  const cleared = await tx
    .update(sales)
    .set({ clearedAt: now })
    .where(storeWhere(sales, auth, inArray(sales.id, ids)))
    .returning();
  const byId = new Map(cleared.map((s) => [s.id, s]));
  await writeAudit(
    tx,
    auth,
    trashed.map((before) => ({
      action: 'sale.clear',
      saleId: before.id,
      approvedBy: approver.userId,
      before: auditView(before),
      after: auditView(byId.get(before.id) ?? before),
    })),
  );
  return { ids, count: ids.length };
}

// ---- complete a draft (status 1) -------------------------------------------------------------------------

/** Draft → Sale without new payments (POST /status): only a draft whose total is 0 is paid in full. */
export async function completeDraft(
  tx: Queryable,
  auth: AuthContext,
  store: SaleStore,
  saleId: number,
  now: Date,
): Promise<SaleRow> {
  const before = await lockSale(tx, auth, saleId);
  const next = nextOf(
    decideMove(before, { type: 'sale.complete', orderAt: now.toISOString() }, now, store.timezone),
  );
  const loaded = await loadRowsOf(tx, auth, before);
  const counted = (await countedSalePayments(tx, auth, saleId)).map(toDomainPayment);
  const order = orderOfRows(loaded, store.settings, counted);
  const totals = computeTotalsOr422(order);
  if (totals.balance_due > 0) throw unprocessable(NOT_PAID_MESSAGE, { payments: [NOT_PAID_MESSAGE] });
  const cards = loaded.lines
    .filter((l) => l.itemType === ITEM_TYPE.GIFTCARD && l.giftcardNumber)
    .map((l) => ({ key: String(l.id), number: l.giftcardNumber!, amount: l.gross }));
  const cardIds = await issueGiftcards(
    tx,
    auth,
    { id: saleId, storeId: store.id, customerId: before.customerId },
    cards,
  );
  for (const [lineId, cardId] of cardIds) {
    await tx
      .update(saleLines)
      .set({ itemId: cardId })
      .where(storeIdWhere(saleLines, auth, Number(lineId)));
  }
  const snapshot: Order = {
    ...order,
    status: next.status,
    order_at: now.toISOString(),
    orderEmployees: order.orderEmployees.map((g) => ({
      ...g,
      orderItems: g.orderItems.map((item, i) => {
        const line = loaded.detail.orderEmployees.find((d) => d.employee.id === g.employee.id)?.orderItems[i];
        const cardId = line ? cardIds.get(String(line.id)) : undefined;
        return cardId !== undefined ? { ...item, item_id: cardId } : item;
      }),
    })),
  };
  const [after] = await tx
    .update(sales)
    .set({ status: next.status, orderAt: now, ...totalColumns(totals.total), orderSnapshot: snapshot })
    .where(storeIdWhere(sales, auth, saleId))
    .returning();
  await awardSalePoints(tx, auth, saleId);
  await writeAudit(tx, auth, [
    { action: 'sale.complete', saleId, before: auditView(before), after: auditView(after!) },
  ]);
  return after!;
}

// ---- void ------------------------------------------------------------------------------------------------

/** Void: only on the sale's business day and before any refund (the machine says so); payments go back. */
export async function voidSale(
  tx: Queryable,
  auth: AuthContext,
  store: SaleStore,
  saleId: number,
  approver: PinApprover,
  reason: string | undefined,
  now: Date,
): Promise<SaleRow> {
  const before = await lockSale(tx, auth, saleId);
  const next = nextOf(decideMove(before, { type: 'sale.void' }, now, store.timezone));
  await reverseSalePayments(tx, auth, { saleId, kind: 'void' });
  const lines = await tx
    .select()
    .from(saleLines)
    .where(storeWhere(saleLines, auth, eq(saleLines.saleId, saleId)));
  await takeBackGiftcards(
    tx,
    auth,
    before,
    lines
      .filter((l) => l.itemType === ITEM_TYPE.GIFTCARD)
      .map((l) => ({
        cardId: l.itemId,
        number: l.giftcardNumber ?? '',
        amount: l.unitPrice * (l.quantity - l.refundedQuantity),
      })),
    'void',
  );
  const after = await setStatusColumns(tx, auth, saleId, { status: next.status });
  await takeBackSalePoints(tx, auth, saleId, 'void');
  await writeAudit(tx, auth, [
    {
      action: 'sale.void',
      saleId,
      approvedBy: approver.userId,
      before: auditView(before),
      after: { ...auditView(after), reason: reason ?? null },
    },
  ]);
  return after;
}

// ---- refund ----------------------------------------------------------------------------------------------

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
  const order = orderOfRows(loaded, store.settings, []);
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
  if (wanted.size === 0) throw unprocessable(NOTHING_TO_REFUND_MESSAGE);

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
  const [refundRow] = await tx
    .insert(saleRefunds)
    .values(
      storeValues(auth, {
        saleId,
        lines: refundLines,
        payments: (reversal?.allocations ?? []).map((a) => ({ ...a })),
        amount,
        approvedBy: approver.userId,
        createdBy: auth.userId,
        reason: input.reason ?? null,
      }),
    )
    .returning();
  await writeAudit(tx, auth, [
    {
      action: full ? 'sale.refund' : 'sale.partial_refund',
      saleId,
      approvedBy: approver.userId,
      before: auditView(before),
      after: {
        ...auditView(after),
        refund: { amount, rule_amount: ruleAmount, lines: refundLines },
        reason: input.reason ?? null,
      },
    },
  ]);
  return { sale: after, refund: refundRecordOf(refundRow!) };
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
  const order = orderOfRows(loaded, store.settings, []);
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

// ---- the generic status endpoint -------------------------------------------------------------------------

/**
 * POST /status: the target status as a move of the machine. 1: complete a draft, or restore a trashed sale
 * that was a Sale; 2: full refund; 3: void; 4: restore a trashed draft (no other way leads to Draft); 9: trash.
 * Refund, void and trash need the PIN approval (asked for before the machine, like any permission).
 */
export async function setSaleStatus(
  tx: Queryable,
  auth: AuthContext,
  store: SaleStore,
  saleId: number,
  target: SaleStatus,
  approverOf: ApproverSource,
  reason: string | undefined,
  now: Date,
): Promise<SaleRow> {
  const current = await lockSale(tx, auth, saleId);
  switch (target) {
    case SALE_STATUS.SALE:
      return current.status === SALE_STATUS.TRASH
        ? restoreSale(tx, auth, store, saleId, now, SALE_STATUS.SALE)
        : completeDraft(tx, auth, store, saleId, now);
    case SALE_STATUS.DRAFT:
      if (current.status === SALE_STATUS.TRASH)
        return restoreSale(tx, auth, store, saleId, now, SALE_STATUS.DRAFT);
      throw conflict(saleStatusError(SALE_STATUS_ERROR.MOVE_REFUSED).message);
    case SALE_STATUS.REFUND: {
      const approver = await approverOf();
      return (await refundSale(tx, auth, store, saleId, { reason }, approver, now)).sale;
    }
    case SALE_STATUS.VOID:
      return voidSale(tx, auth, store, saleId, await approverOf(), reason, now);
    case SALE_STATUS.TRASH:
      return trashSale(tx, auth, store, saleId, await approverOf(), reason, now);
  }
}

// ---- edits: tip, employee, order time ---------------------------------------------------------------------

export async function changeTips(
  tx: Queryable,
  auth: AuthContext,
  store: SaleStore,
  saleId: number,
  tips: readonly { user_id: number; tip_amount: number }[],
  now: Date,
): Promise<LoadedSale> {
  const before = await lockSale(tx, auth, saleId);
  requireMode(before, ACTION_MODE.TIP, now, store.timezone);
  const groups = await tx
    .select()
    .from(saleEmployees)
    .where(storeWhere(saleEmployees, auth, eq(saleEmployees.saleId, saleId)));
  const errors: Record<string, string[]> = {};
  tips.forEach((tip, i) => {
    if (!groups.some((g) => g.userId === tip.user_id))
      errors[`tips.${i}.user_id`] = ['This employee is not on the sale.'];
  });
  if (Object.keys(errors).length > 0) throw unprocessable(VALIDATION_MESSAGE, errors);
  const beforeTips = groups.map((g) => ({ user_id: g.userId, tip_amount: g.tipAmount }));
  for (const tip of tips) {
    const group = groups.find((g) => g.userId === tip.user_id)!;
    await tx
      .update(saleEmployees)
      .set({ tipAmount: tip.tip_amount })
      .where(storeIdWhere(saleEmployees, auth, group.id));
  }
  const loaded = await recomputeStoredSale(tx, auth, store, saleId);
  await writeAudit(tx, auth, [
    {
      action: 'sale.tip',
      saleId,
      before: { ...auditView(before), tips: beforeTips },
      after: {
        ...auditView(loaded.sale),
        tips: loaded.groups.map((g) => ({ user_id: g.userId, tip_amount: g.tipAmount })),
      },
    },
  ]);
  return loaded;
}

export async function changeEmployee(
  tx: Queryable,
  auth: AuthContext,
  store: SaleStore,
  saleId: number,
  input: z.infer<typeof saleEmployeeBodySchema>,
  now: Date,
): Promise<LoadedSale> {
  const before = await lockSale(tx, auth, saleId);
  requireMode(before, ACTION_MODE.CHANGE_EMPLOYEE, now, store.timezone);
  const { from_employee_id: from, to_employee_id: to } = input;
  if (from === to) {
    throw unprocessable(VALIDATION_MESSAGE, {
      to_employee_id: ['Choose another employee than the current one.'],
    });
  }
  const groups = await tx
    .select()
    .from(saleEmployees)
    .where(storeWhere(saleEmployees, auth, eq(saleEmployees.saleId, saleId)))
    .orderBy(asc(saleEmployees.position));
  const fromGroup = groups.find((g) => g.userId === from);
  if (!fromGroup)
    throw unprocessable(VALIDATION_MESSAGE, { from_employee_id: ['This employee is not on the sale.'] });
  await requireStoreEmployee(tx, auth, store.id, to, 'to_employee_id');
  const fromLines = await tx
    .select({ id: saleLines.id })
    .from(saleLines)
    .where(storeWhere(saleLines, auth, eq(saleLines.saleId, saleId), eq(saleLines.employeeId, from)));
  const moving = input.line_ids ? [...new Set(input.line_ids)] : fromLines.map((l) => l.id);
  if (moving.some((id) => !fromLines.some((l) => l.id === id))) {
    throw unprocessable(VALIDATION_MESSAGE, {
      line_ids: ['Every line must be one of the employee’s lines on this sale.'],
    });
  }
  const wholeGroup = moving.length === fromLines.length;
  const toGroup = groups.find((g) => g.userId === to);
  if (wholeGroup && !toGroup) {
    // The lines follow through sale_lines_employee_group_fk ON UPDATE CASCADE.
    await tx
      .update(saleEmployees)
      .set({ userId: to })
      .where(storeIdWhere(saleEmployees, auth, fromGroup.id));
  } else {
    if (!toGroup) {
      await tx.insert(saleEmployees).values(
        storeValues(auth, {
          saleId,
          userId: to,
          position: Math.max(...groups.map((g) => g.position)) + 1,
        }),
      );
    }
    if (moving.length > 0) {
      await tx
        .update(saleLines)
        .set({ employeeId: to })
        .where(storeWhere(saleLines, auth, eq(saleLines.saleId, saleId), inArray(saleLines.id, moving)));
    }
    if (wholeGroup && toGroup) {
      await tx
        .update(saleEmployees)
        .set({ tipAmount: toGroup.tipAmount + fromGroup.tipAmount })
        .where(storeIdWhere(saleEmployees, auth, toGroup.id));
      await tx.delete(saleEmployees).where(storeIdWhere(saleEmployees, auth, fromGroup.id));
    }
  }
  if (wholeGroup && before.employeeId === from) {
    await tx
      .update(sales)
      .set({ employeeId: to })
      .where(storeIdWhere(sales, auth, saleId));
  }
  const loaded = await recomputeStoredSale(tx, auth, store, saleId);
  await writeAudit(tx, auth, [
    {
      action: 'sale.employee',
      saleId,
      before: { ...auditView(before), employee_id: from, line_ids: moving },
      after: { ...auditView(loaded.sale), employee_id: to, line_ids: moving },
    },
  ]);
  return loaded;
}

export async function changeOrderAt(
  tx: Queryable,
  auth: AuthContext,
  store: SaleStore,
  saleId: number,
  orderAtText: string,
  now: Date,
): Promise<SaleRow> {
  const before = await lockSale(tx, auth, saleId);
  requireMode(before, ACTION_MODE.CHANGE_ORDER_DATE, now, store.timezone);
  const orderAt = new Date(orderAtText);
  if (orderAt.getTime() > now.getTime() + ORDER_AT_CLOCK_SKEW_MS) {
    throw unprocessable(FUTURE_ORDER_AT_MESSAGE, { order_at: [FUTURE_ORDER_AT_MESSAGE] });
  }
  const after = await setStatusColumns(tx, auth, saleId, { orderAt });
  await writeAudit(tx, auth, [
    { action: 'sale.order_at', saleId, before: auditView(before), after: auditView(after) },
  ]);
  return after;
}

// ---- invoice ----------------------------------------------------------------------------------------------

export async function saleInvoice(
  db: Queryable,
  auth: AuthContext,
  store: SaleStore,
  saleId: number,
  now: Date,
): Promise<z.infer<typeof saleInvoiceSchema>> {
  const loaded = await loadSaleRows(db, auth, saleId);
  const error = actionModeError(ACTION_MODE.INVOICE, statusFacts(loaded.sale), now, store.timezone);
  if (error) throw conflict(error.message);
  const printed = new Map<number, number>();
  for (const p of loaded.payments) {
    if (p.status === SALE_PAYMENT_STATUS.VOIDED || p.status === SALE_PAYMENT_STATUS.DECLINED) continue;
    const type = printedPaymentType(p.payment_type);
    printed.set(type, (printed.get(type) ?? 0) + p.payment_amount + p.tip_amount);
  }
  return {
    sale: loaded.detail,
    store: {
      id: store.id,
      code: store.code,
      name: store.name,
      timezone: store.timezone,
      currency: store.currency,
      receipt: store.receipt,
    },
    printed_payments: [...printed].map(([payment_type, amount]) => ({ payment_type, amount })),
  };
}

// ---- bulk and save all changes ----------------------------------------------------------------------------

export async function bulkSales(
  tx: Queryable,
  auth: AuthContext,
  store: SaleStore,
  body: z.infer<typeof saleBulkBodySchema>,
  approverOf: ApproverSource,
  now: Date,
): Promise<{ items: { id: number; status: SaleStatus; cleared: boolean }[] }> {
  const approver = body.action === 'restore' ? null : await approverOf();
  const items: { id: number; status: SaleStatus; cleared: boolean }[] = [];
  // Ascending ids: two bulk requests over overlapping sales lock them in one order (no deadlock).
  for (const id of [...new Set(body.ids)].sort((a, b) => a - b)) {
    const row =
      body.action === 'trash'
        ? await trashSale(tx, auth, store, id, approver!, body.reason, now)
        : body.action === 'restore'
          ? await restoreSale(tx, auth, store, id, now)
          : await clearTrashedSale(tx, auth, store, id, approver!, now);
    items.push({ id, status: row.status, cleared: row.clearedAt !== null });
  }
  return { items };
}

export async function saveAllChanges(
  tx: Queryable,
  auth: AuthContext,
  store: SaleStore,
  body: z.infer<typeof saleSaveAllBodySchema>,
  approverOf: ApproverSource,
  now: Date,
): Promise<{ items: SaleDetail[] }> {
  const touched: number[] = [];
  for (const change of body.changes) {
    if (change.order_at) await changeOrderAt(tx, auth, store, change.id, change.order_at, now);
    if (change.employee) await changeEmployee(tx, auth, store, change.id, change.employee, now);
    if (change.tips) await changeTips(tx, auth, store, change.id, change.tips, now);
    if (change.status !== undefined) {
      await setSaleStatus(tx, auth, store, change.id, change.status, approverOf, change.reason, now);
    }
    if (!touched.includes(change.id)) touched.push(change.id);
  }
  const items: SaleDetail[] = [];
  for (const id of touched) {
    const [row] = await tx
      .select()
      .from(sales)
      .where(storeIdWhere(sales, auth, id))
      .limit(1);
    // A change may have cleared nothing (clear is not a status here), so every touched sale still exists.
    if (row) items.push((await loadRowsOf(tx, auth, row)).detail);
  }
  return { items };
}

/** The detail of a sale row just changed. */
export async function detailOf(tx: Queryable, auth: AuthContext, row: SaleRow): Promise<SaleDetail> {
  return (await loadRowsOf(tx, auth, row)).detail;
}
