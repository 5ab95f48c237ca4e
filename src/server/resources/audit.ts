/**
 * Audit rows of back-office writes (docs/back-office.md, "Audit"): every create, update, delete, enable and
 * disable of a resource row writes who did it, in which store, and the row as the API shows it before and
 * after, in the same transaction as the write (a rolled-back write leaves no audit row, a committed one
 * always has one).
 */
import type { AuthContext } from '../auth-context';
import type { Queryable } from '../db/client';
import { auditLog } from '../db/schema/audit-log';
import { tenantValuesAll } from '../db/scoped';

export interface ResourceAuditEntry {
  /** `<resource>.<verb>`, e.g. 'units.create', 'units.disable'. */
  action: string;
  entityType: string;
  entityId: number | string;
  before: unknown;
  after: unknown;
  /** Whose PIN approved the write, when one did. */
  approvedBy?: number | null;
  /** The store of what was written, when the caller knows it (a payment's, a wallet request's); else the session's. */
  storeId?: number | null;
}

export async function writeResourceAudit(
  tx: Queryable,
  auth: AuthContext,
  entries: readonly ResourceAuditEntry[],
): Promise<void> {
  if (entries.length === 0) return;
  await tx.insert(auditLog).values(
    tenantValuesAll(
      auth,
      entries.map((e) => ({
        storeId: e.storeId === undefined ? auth.storeId : e.storeId,
        userId: auth.userId,
        approvedBy: e.approvedBy ?? null,
        action: e.action,
        entityType: e.entityType,
        entityId: String(e.entityId),
        before: e.before ?? null,
        after: e.after ?? null,
      })),
    ),
  );
}
