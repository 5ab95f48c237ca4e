import { sql } from 'drizzle-orm';
import { check, foreignKey, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, tenantIdColumn, updatedAtColumn } from './columns';
import { tenants } from './tenants';

/**
 * A shop of a tenant. `timezone` (IANA name) decides where a business day starts for daily ticket numbers
 * and reports; `currency` (ISO 4217) is the one currency of every amount in the store (design.md §4).
 * `settings` holds the store settings of the spec (default_home, language, config_tax_on_tax, payment
 * provider keys...), validated by zod in src/contracts when read or written.
 */
export const stores = pgTable(
  'stores',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    timezone: text('timezone').notNull().default('UTC'),
    currency: text('currency').notNull().default('USD'),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ name: 'stores_tenant_fk', columns: [t.tenantId], foreignColumns: [tenants.id] }).onDelete(
      'cascade',
    ),
    uniqueIndex('stores_tenant_code_key').on(t.tenantId, t.code),
    check('stores_currency_iso', sql`${t.currency} ~ '^[A-Z]{3}$'`),
  ],
);
