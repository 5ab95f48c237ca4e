import { foreignKey, primaryKey } from 'drizzle-orm/pg-core';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { tenants } from './tenants';

/**
 * The keys of a row the tenant owns (docs/architecture.md#data-and-running): the primary key (tenant_id, id),
 * so every reference to the row names its tenant too, and tenant_id referencing the tenant, deleted with it.
 * Its own file, not columns.ts: tenants.ts builds its columns from columns.ts, and this needs the tenants table.
 */
export function tenantRowKeys(table: string, t: { tenantId: AnyPgColumn; id: AnyPgColumn }) {
  return [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ name: `${table}_tenant_fk`, columns: [t.tenantId], foreignColumns: [tenants.id] }).onDelete(
      'cascade',
    ),
  ];
}
