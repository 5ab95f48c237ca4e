import { bigint, foreignKey, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, tenantIdColumn } from './columns';
import { tenantRowKeys } from './tenant-keys';
import { stores } from './stores';
import { users } from './users';

/**
 * Who changed what, when, approved by whom (every status change and money change writes a row).
 * `user_id` is the acting person (null for the system), `approved_by` the owner of the PIN that approved
 * it (a manager's PIN on a refund or void). `before`/`after` hold the changed entity's relevant fields as
 * the API shows them. Rows are only ever inserted; people are deactivated, never deleted, so the foreign
 * keys to users hold forever.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    storeId: bigint('store_id', { mode: 'number' }),
    userId: bigint('user_id', { mode: 'number' }),
    approvedBy: bigint('approved_by', { mode: 'number' }),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    ...tenantRowKeys('audit_log', t),
    foreignKey({
      name: 'audit_log_store_fk',
      columns: [t.tenantId, t.storeId],
      foreignColumns: [stores.tenantId, stores.id],
    }),
    foreignKey({
      name: 'audit_log_user_fk',
      columns: [t.tenantId, t.userId],
      foreignColumns: [users.tenantId, users.id],
    }),
    foreignKey({
      name: 'audit_log_approved_by_fk',
      columns: [t.tenantId, t.approvedBy],
      foreignColumns: [users.tenantId, users.id],
    }),
    index('audit_log_entity_idx').on(t.tenantId, t.entityType, t.entityId, t.createdAt),
  ],
);
