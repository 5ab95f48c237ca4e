/**
 * "No sale" drawer opens (src/contracts/drawer-no-sale.ts, docs/printing.md "The cash drawer"): one audit row
 * per open, action `drawer.no_sale`, entity `cash_drawer` with the till's uuid of the open as its id, naming the
 * cashier (user_id), the PIN's owner (approved_by), the store, and in `after` the reason and the till.
 *
 * Idempotent twice over: the route's Idempotency-Key replays a retried request's answer (ADR 005), and a second
 * key with the same uuid (the offline queue replaying after the first reached the server) finds the row the first
 * wrote and answers it, under a transaction-scoped advisory lock on the uuid so two such requests at once still
 * write one row. The audit log has no unique key of its own (it is append-only and shared), hence the lock.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { DrawerNoSale, DrawerNoSaleBody } from '../../contracts/drawer-no-sale';
import type { AuthContext, PinApprover } from '../auth-context';
import type { Queryable } from '../db/client';
import { auditLog } from '../db/schema/audit-log';
import { writeResourceAudit } from '../resources/audit';

export const NO_SALE_ACTION = 'drawer.no_sale';
export const NO_SALE_ENTITY = 'cash_drawer';

interface NoSaleAfter {
  reason: string;
  workstation_id: number | null;
}

function view(row: typeof auditLog.$inferSelect): DrawerNoSale {
  const after = row.after as NoSaleAfter;
  return {
    uuid: row.entityId,
    reason: after.reason,
    store_id: row.storeId,
    workstation_id: after.workstation_id,
    user_id: row.userId!,
    approved_by: row.approvedBy!,
    opened_at: row.createdAt.toISOString(),
  };
}

async function findNoSale(db: Queryable, auth: AuthContext, uuid: string) {
  const [row] = await db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.tenantId, auth.tenantId),
        eq(auditLog.entityType, NO_SALE_ENTITY),
        eq(auditLog.entityId, uuid),
        eq(auditLog.action, NO_SALE_ACTION),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Records the open (in the caller's transaction, the Idempotency-Key's); `created` is false for a repeat. */
export async function recordNoSale(
  db: Queryable,
  auth: AuthContext,
  approver: PinApprover,
  body: DrawerNoSaleBody,
): Promise<{ noSale: DrawerNoSale; created: boolean }> {
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`no-sale:${auth.tenantId}:${body.uuid}`}, 0))`,
  );
  const existing = await findNoSale(db, auth, body.uuid);
  if (existing) return { noSale: view(existing), created: false };
  const after: NoSaleAfter = { reason: body.reason, workstation_id: auth.workstationId ?? null };
  await writeResourceAudit(db, auth, [
    {
      action: NO_SALE_ACTION,
      entityType: NO_SALE_ENTITY,
      entityId: body.uuid,
      before: null,
      after,
      approvedBy: approver.userId,
    },
  ]);
  const written = await findNoSale(db, auth, body.uuid);
  return { noSale: view(written!), created: true };
}
