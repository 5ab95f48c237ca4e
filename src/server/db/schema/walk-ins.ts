import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { WALK_IN_STATUS_VALUES } from '../../../domain/walk-in-status';
import type { WalkInStatusValue } from '../../../domain/walk-in-status';
import { createdAtColumn, idColumn, tenantIdColumn, updatedAtColumn } from './columns';
import { customers } from './customers';
import { kioskTokens } from './kiosk';
import { stores } from './stores';
import { users } from './users';

// The lifecycle's places (src/domain/walk-in-status.ts, docs/front-desk.md#walk-in-lifecycle). Rows stored
// as served or cancelled before it were mapped to done and left by the migration that widened the check.
export const WALK_IN_STATUSES = WALK_IN_STATUS_VALUES;
export type WalkInStatus = WalkInStatusValue;

/**
 * A service the walk-in asked for (docs/front-desk.md register form's booking_appt_service list), as the
 * store's catalog had it at check-in: name, taxes and price are copied, so renaming or repricing the service
 * later does not rewrite who asked for what. unit_price is minor units.
 */
export interface WalkInServiceRecord {
  service_id: number;
  service_name: string;
  taxes: string;
  unit_price: number;
}

/**
 * A customer checked in at the front desk (docs/front-desk.md "check customers in as walk-ins", the register
 * form of docs/front-desk.md /pos/walk-in: the check-in that sends the store's devices a push).
 *
 * `business_date` is the store-local date of check-in (stores.timezone), as sales keep theirs: "today's
 * queue" is one indexed equality, whatever the time zone. `user_id` is the requested technician (null =
 * any). `customer_id` is set when the walk-in is a known (or just registered) customer; `customer_name` is
 * always the name to call. `telephone` is normalised (normalisePhone) like customers.phone.
 * `uuid` is unique per tenant: a check-in created twice (two devices replaying one offline write under
 * different Idempotency-Keys) exists once. `created_by` is the session that checked the customer in.
 */
export const walkIns = pgTable(
  'walk_ins',
  {
    tenantId: tenantIdColumn(),
    storeId: bigint('store_id', { mode: 'number' }).notNull(),
    id: idColumn(),
    uuid: uuid('uuid').notNull(),
    customerId: bigint('customer_id', { mode: 'number' }),
    customerName: text('customer_name').notNull(),
    telephone: text('telephone'),
    title: text('title'),
    notes: text('notes'),
    userId: bigint('user_id', { mode: 'number' }),
    services: jsonb('services').$type<WalkInServiceRecord[]>().notNull().default([]),
    status: text('status').$type<WalkInStatus>().notNull().default('waiting'),
    /** Up by one with every change (docs/front-desk.md#walk-in-lifecycle): stale moves and live events. */
    version: integer('version').notNull().default(1),
    /** Who took the customer (assign, start); user_id stays who they asked for. */
    technicianId: bigint('technician_id', { mode: 'number' }),
    assignedAt: timestamp('assigned_at', { withTimezone: true, mode: 'date' }),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    /**
     * The turn the technician took when the service started (turn_events.id of its take_turn): the sale that
     * completes the walk-in finishes it (docs/front-desk.md#walk-in-lifecycle). Null when she is not on the
     * turn board (not clocked in, or no technician).
     */
    turnId: bigint('turn_id', { mode: 'number' }),
    effectiveStart: timestamp('effective_start', { withTimezone: true, mode: 'date' }),
    effectiveEnd: timestamp('effective_end', { withTimezone: true, mode: 'date' }),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** The session that checked the customer in; null when the customer did, on a kiosk (kiosk_token_id). */
    createdBy: bigint('created_by', { mode: 'number' }),
    kioskTokenId: bigint('kiosk_token_id', { mode: 'number' }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      name: 'walk_ins_store_fk',
      columns: [t.tenantId, t.storeId],
      foreignColumns: [stores.tenantId, stores.id],
    }),
    foreignKey({
      name: 'walk_ins_customer_fk',
      columns: [t.tenantId, t.customerId],
      foreignColumns: [customers.tenantId, customers.id],
    }),
    foreignKey({
      name: 'walk_ins_user_fk',
      columns: [t.tenantId, t.userId],
      foreignColumns: [users.tenantId, users.id],
    }),
    foreignKey({
      name: 'walk_ins_technician_fk',
      columns: [t.tenantId, t.technicianId],
      foreignColumns: [users.tenantId, users.id],
    }),
    foreignKey({
      name: 'walk_ins_created_by_fk',
      columns: [t.tenantId, t.createdBy],
      foreignColumns: [users.tenantId, users.id],
    }),
    uniqueIndex('walk_ins_tenant_uuid_key').on(t.tenantId, t.uuid),
    // The store's queue of a day, oldest first (GET /api/pos/walk-in and group-by-employee).
    index('walk_ins_store_queue_idx').on(t.tenantId, t.storeId, t.businessDate, t.checkedInAt),
    check(
      'walk_ins_status_known',
      sql`${t.status} in (${sql.raw(WALK_IN_STATUSES.map((s) => `'${s}'`).join(', '))})`,
    ),
    foreignKey({
      name: 'walk_ins_kiosk_token_fk',
      columns: [t.tenantId, t.kioskTokenId],
      foreignColumns: [kioskTokens.tenantId, kioskTokens.id],
    }),
    // Someone checked the customer in: the desk (a session) or the customer on a kiosk.
    check('walk_ins_checked_in_by', sql`${t.createdBy} is not null or ${t.kioskTokenId} is not null`),
    check('walk_ins_version_positive', sql`${t.version} >= 1`),
    // Assigned and in service always have their technician.
    check(
      'walk_ins_technician_when_taken',
      sql`${t.status} not in ('assigned', 'in_service') or ${t.technicianId} is not null`,
    ),
    check('walk_ins_customer_name_length', sql`char_length(${t.customerName}) between 1 and 200`),
    check('walk_ins_telephone_format', sql`${t.telephone} ~ '^\\+?[0-9]{4,20}$'`),
    check('walk_ins_title_length', sql`char_length(${t.title}) <= 100`),
    check('walk_ins_notes_length', sql`char_length(${t.notes}) <= 2000`),
    check('walk_ins_services_array', sql`jsonb_typeof(${t.services}) = 'array'`),
    check(
      'walk_ins_effective_order',
      sql`${t.effectiveEnd} is null or ${t.effectiveStart} is null or ${t.effectiveEnd} >= ${t.effectiveStart}`,
    ),
  ],
);
