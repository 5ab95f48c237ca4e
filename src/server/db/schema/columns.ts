import { bigint, timestamp } from 'drizzle-orm/pg-core';

// Shared column builders. Each call returns a fresh builder: drizzle binds a builder to the one table it is
// used in, so these are functions, never shared constants.

/**
 * Ids are bigint identities read as JS numbers: the spec's ids (store_id, workstation_id, sale ids) are
 * numbers on the wire, and 2^53 rows is beyond any salon chain.
 */
export const idColumn = () => bigint('id', { mode: 'number' }).generatedByDefaultAsIdentity();

/**
 * Every table carries tenant_id (design.md §7): it is the distribution key if a chain outgrows one
 * PostgreSQL (Citus and similar need it in every primary key and unique constraint), and composite foreign
 * keys that include it make a cross-tenant reference impossible at the database level.
 */
export const tenantIdColumn = () => bigint('tenant_id', { mode: 'number' }).notNull();

export const createdAtColumn = () =>
  timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const updatedAtColumn = () =>
  timestamp('updated_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
