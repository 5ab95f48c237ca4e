import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { bigint, numeric, timestamp } from 'drizzle-orm/pg-core';

// Shared column builders. Each call returns a fresh builder: drizzle binds a builder to the one table it is
// used in, so these are functions, never shared constants.

/**
 * Ids are bigint identities read as JS numbers: the spec's ids (store_id, workstation_id, sale ids) are
 * numbers on the wire, and 2^53 rows is beyond any salon chain.
 */
export const idColumn = () => bigint('id', { mode: 'number' }).generatedByDefaultAsIdentity();

/**
 * Every table carries tenant_id (docs/architecture.md#data-and-running): it is the distribution key if a
 * chain outgrows one PostgreSQL (Citus and similar need it in every primary key and unique constraint), and
 * composite foreign keys that include it make a cross-tenant reference impossible at the database level.
 */
export const tenantIdColumn = () => bigint('tenant_id', { mode: 'number' }).notNull();

export const createdAtColumn = () =>
  timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const updatedAtColumn = () =>
  timestamp('updated_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/**
 * Money: integer minor units of the store currency (docs/money.md, ADR 002), bigint read as a JS number
 * (safe to 2^53 minor units). Never numeric or float.
 */
export const moneyColumn = (name: string) => bigint(name, { mode: 'number' });

/**
 * A percentage (12.5 means 12.5 %) with at most 6 decimals, as the domain's percent values are
 * (commission rates, tax rates, percent discounts). numeric(9,6) keeps it exact in the database; it is read
 * as a JS number, which round-trips any value with <= 6 decimals, and the domain turns it into a scaled
 * integer through its decimal string before any arithmetic. Not for money.
 */
export const percentColumn = (name: string) => numeric(name, { precision: 9, scale: 6, mode: 'number' });

/**
 * A discount value read by its type (DISCOUNT_TYPE): Percent (0) → a percentage with <= 6 decimals,
 * Amount (1) → integer minor units. One column for both, as the domain's DiscountValue.value is one
 * number; the table's CHECK (see discountValueCheck) keeps amounts integral.
 */
export const discountValueColumn = (name: string) =>
  numeric(name, { precision: 18, scale: 6, mode: 'number' });

/** Percent (0): 0-100. Amount (1): a non-negative whole number of minor units. */
export const discountValueCheck = (type: AnyPgColumn, value: AnyPgColumn): SQL =>
  sql`(${type} = 0 and ${value} between 0 and 100) or (${type} = 1 and ${value} >= 0 and ${value} = trunc(${value}))`;

/** A comma-separated list of tax percentages as the domain reads it ("5,9.5"; blank entries ignored). */
export const taxesStringCheck = (taxes: AnyPgColumn): SQL =>
  sql`${taxes} ~ '^[0-9., ]*$' and char_length(${taxes}) <= 100`;
