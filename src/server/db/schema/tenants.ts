import { sql } from 'drizzle-orm';
import { bigint, check, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtColumn, updatedAtColumn } from './columns';

/**
 * A salon business (one owner, one or more stores). Its id is the tenant_id every other table carries.
 * `code` is the upper-case tenant part of a workstation code (spec §9: "upper-case tenant, store code
 * padded to 4, workstation padded to 2").
 */
export const tenants = pgTable(
  'tenants',
  {
    id: bigint('id', { mode: 'number' }).generatedByDefaultAsIdentity().primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex('tenants_code_key').on(t.code),
    check(
      'tenants_code_upper',
      sql`${t.code} = upper(${t.code}) and char_length(${t.code}) between 1 and 32`,
    ),
  ],
);
