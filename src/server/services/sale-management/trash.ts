/** Trash, restore and clear of sales (sales are never deleted: see status.ts). */
import { asc, eq, inArray, isNull } from 'drizzle-orm';
import { SALE_STATUS } from '../../../domain/constants';
import type { SaleStatus } from '../../../domain/constants';
import { SALE_STATUS_ERROR, saleStatusError } from '../../../domain/sale-status';
import type { AuthContext, PinApprover } from '../../auth-context';
import type { Queryable } from '../../db/client';
import { sales } from '../../db/schema/sales';
import { storeWhere } from '../../db/scoped';
import { saleStatusRefused } from '../../errors';
import { saleChange, writeAudit } from '../sales/audit';
import type { SaleRow } from '../sales/detail';
import type { SaleStore } from '../sales/store';
import { approvedMove, decideMove, lockAndMove, lockSale, setStatusColumns } from './status';

export const trashSale = approvedMove('sale.trash', (tx, auth, saleId, { next }, now) =>
  setStatusColumns(tx, auth, saleId, {
    status: next.status,
    statusBeforeTrash: next.statusBeforeTrash,
    trashedAt: now,
  }),
);

/** Restore returns to the status before trash; `expected` (from /status) must be that status. */
export async function restoreSale(
  tx: Queryable,
  auth: AuthContext,
  store: SaleStore,
  saleId: number,
  now: Date,
  expected?: SaleStatus,
): Promise<SaleRow> {
  const { before, next } = await lockAndMove(tx, auth, store, saleId, { type: 'sale.restore' }, now);
  if (expected !== undefined && next.status !== expected) {
    throw saleStatusRefused(saleStatusError(SALE_STATUS_ERROR.MOVE_REFUSED));
  }
  const after = await setStatusColumns(tx, auth, saleId, {
    status: next.status,
    statusBeforeTrash: null,
    trashedAt: null,
  });
  await writeAudit(tx, auth, [saleChange('sale.restore', before, after)]);
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
  if (!('cleared' in move)) throw saleStatusRefused(saleStatusError(SALE_STATUS_ERROR.MOVE_REFUSED));
  const after = await setStatusColumns(tx, auth, saleId, { clearedAt: now });
  await writeAudit(tx, auth, [saleChange('sale.clear', before, after, { approvedBy: approver.userId })]);
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
    trashed.map((before) =>
      saleChange('sale.clear', before, byId.get(before.id) ?? before, { approvedBy: approver.userId }),
    ),
  );
  return { ids, count: ids.length };
}
