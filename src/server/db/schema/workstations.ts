import { bigint, foreignKey, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, tenantIdColumn, updatedAtColumn } from './columns';
import { stores } from './stores';

/** A till or kiosk of a store; a session remembers the workstation it logged in on (login_workstation_id). */
export const workstations = pgTable(
  'workstations',
  {
    tenantId: tenantIdColumn(),
    storeId: bigint('store_id', { mode: 'number' }).notNull(),
    id: idColumn(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      name: 'workstations_store_fk',
      columns: [t.tenantId, t.storeId],
      foreignColumns: [stores.tenantId, stores.id],
    }).onDelete('cascade'),
    uniqueIndex('workstations_store_code_key').on(t.tenantId, t.storeId, t.code),
  ],
);
