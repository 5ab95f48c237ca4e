/**
 * Sale management (docs/sales.md#sale-management "Sales management", docs/sales.md#sale-management
 * pos/sales/{id}/...; docs/sales.md#sale-status sale status lifecycle): status moves, refund (full or by
 * lines), void, trash, restore, clear, tip, employee, order time, invoice, refund info, bulk and
 * save-all-changes.
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
 * - A refund gives back, per line, refundAmountOfLines (docs/money.md step 10) of the quantity refunded:
 *   A(already + q) − A(already), where A(n) is the domain's amount for n units of the line, so the parts of a
 *   line refunded over several refunds add up to the domain's amount for the whole line. The total is capped at
 *   what was taken and not given back yet (total_price − refunded_amount); the payments service decides which
 *   payments it goes back through.
 * - Customer points earned on a sale (sales/points.ts awardSalePoints) are taken back on a void, and on a refund in
 *   proportion to what went back (sales/points.ts takeBackSalePoints).
 * - Sales are never deleted: trash keeps the status before trash, clear stamps cleared_at (hidden from then on).
 * - Changing the order time keeps the ticket numbers and business_date: they are the numbers of the day the
 *   ticket was issued (daily numbers are unique per business date, so moving a ticket to another date could
 *   collide), and reports by period read order_at.
 */
import { sql } from 'drizzle-orm';
import type { ActionMode, SaleStatus } from '../../../domain/constants';
import { actionModeError, SALE_STATUS_ERROR, saleStatusError } from '../../../domain/sale-status';
import { nextStatus } from '../../../../machines/sale-status/sale-status.rules';
import type { SaleStatusRequest, StoredSaleStatus } from '../../../../machines/sale-status/sale-status.rules';
import type { AuthContext, PinApprover } from '../../auth-context';
import type { Queryable } from '../../db/client';
import { sales } from '../../db/schema/sales';
import { storeIdWhere } from '../../db/scoped';
import { notFound, saleStatusRefused } from '../../errors';
import { approvedChange, writeAudit } from '../sales/audit';
import { SALE_NOT_FOUND_MESSAGE } from '../sales/messages';
import { loadSale } from '../sales/read';
import type { totalColumns } from '../sales/detail';
import type { SaleRow } from '../sales/detail';
import type { SaleStore } from '../sales/store';

/** Resolves the manager's PIN approval of the request (403 when absent or not a manager, admin or owner). */
export type ApproverSource = () => Promise<PinApprover>;

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
  if (!move.allowed) throw saleStatusRefused(move.error);
  return move;
}

export function nextOf(move: Allowed): { status: SaleStatus; statusBeforeTrash: SaleStatus | null } {
  if ('cleared' in move) throw saleStatusRefused(saleStatusError(SALE_STATUS_ERROR.MOVE_REFUSED));
  return { status: move.next.status, statusBeforeTrash: move.next.statusBeforeTrash };
}

/**
 * 409 when the domain refuses `mode` for this sale (actionModeError): edits (tip, employee, order time) are for
 * a draft or a sale without refunds; an invoice has rules of its own there.
 */
export function requireMode(sale: SaleRow, mode: ActionMode, now: Date, timeZone: string): void {
  const error = actionModeError(mode, statusFacts(sale), now, timeZone);
  if (error) throw saleStatusRefused(error);
}

/** The sale of the session's store, locked for the rest of the transaction (404 when there is none). */
export function lockSale(tx: Queryable, auth: AuthContext, saleId: number): Promise<SaleRow> {
  return loadSale(tx, auth, saleId, { lock: true });
}

/** The sale locked, and the status the machine moves it to (409 with the machine's message when refused). */
export async function lockAndMove(
  tx: Queryable,
  auth: AuthContext,
  store: SaleStore,
  saleId: number,
  request: SaleStatusRequest,
  now: Date,
): Promise<{ before: SaleRow; next: ReturnType<typeof nextOf> }> {
  const before = await lockSale(tx, auth, saleId);
  return { before, next: nextOf(decideMove(before, request, now, store.timezone)) };
}

/** The sale locked and where the machine moves it (lockAndMove). */
export type SaleMove = Awaited<ReturnType<typeof lockAndMove>>;

/** A status move a manager's PIN approved (void, trash), as its callers run it. */
export type ApprovedMove = (
  tx: Queryable,
  auth: AuthContext,
  store: SaleStore,
  saleId: number,
  approver: PinApprover,
  reason: string | undefined,
  now: Date,
) => Promise<SaleRow>;

/**
 * The frame of an approved move: the sale locked and the move decided, `apply` writes what the move changes
 * and returns the row after, and the audit row names the approver and the reason.
 */
export function approvedMove(
  type: 'sale.void' | 'sale.trash',
  apply: (tx: Queryable, auth: AuthContext, saleId: number, move: SaleMove, now: Date) => Promise<SaleRow>,
): ApprovedMove {
  return async (tx, auth, store, saleId, approver, reason, now) => {
    const move = await lockAndMove(tx, auth, store, saleId, { type }, now);
    const after = await apply(tx, auth, saleId, move, now);
    await writeAudit(tx, auth, [approvedChange(type, move.before, after, approver.userId, reason)]);
    return after;
  };
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

export async function setStatusColumns(
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
