/** Bulk trash / restore / clear, and save-all-changes (several edits of several sales in one request). */
import type { z } from 'zod';
import type { saleBulkBodySchema, saleSaveAllBodySchema, SaleDetail } from '../../../contracts/sales';
import type { SaleStatus } from '../../../domain/constants';
import type { AuthContext } from '../../auth-context';
import type { Queryable } from '../../db/client';
import { sales } from '../../db/schema/sales';
import { storeIdWhere } from '../../db/scoped';
import { detailOf } from '../sales/read';
import type { SaleStore } from '../sales/store';
import type { ApproverSource } from './status';
import { clearTrashedSale, restoreSale, trashSale } from './trash';
import { setSaleStatus } from './set-status';
import { changeEmployee, changeOrderAt, changeTips } from './edits';

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
    if (row) items.push(await detailOf(tx, auth, row));
  }
  return { items };
}
