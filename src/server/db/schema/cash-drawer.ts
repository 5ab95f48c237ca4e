import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  foreignKey,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { DenominationCount } from '../../../domain/cash-drawer';
import { createdAtColumn, idColumn, moneyColumn, tenantIdColumn, updatedAtColumn } from './columns';
import { stores } from './stores';
import { users } from './users';
import { workstations } from './workstations';

/**
 * A cash drawer session of one workstation (docs/cash-drawer.md): opened with a float counted by
 * denomination, closed with a blind count. At most one session of a workstation is open at a time (the
 * partial unique index; the till without a workstation counts as workstation 0 of its store there), so a
 * second open is a 409, not a second drawer.
 *
 * Cash sales, change and cash refunds are not written here: they are read from the sales rung at the
 * workstation between opened_at and closed_at, so a sale never waits on the drawer row and a replayed
 * offline sale lands in the right session by itself. What the close saw (expected, counted, over/short) is
 * frozen on the row so the Z report of a closed session never changes when an old sale is edited later.
 */
export const cashDrawerSessions = pgTable(
  'cash_drawer_sessions',
  {
    tenantId: tenantIdColumn(),
    storeId: bigint('store_id', { mode: 'number' }).notNull(),
    id: idColumn(),
    /**
     * Null: the store's till for sessions that logged in without a workstation (the login screen does not
     * ask for one), which is also where their sales land (sales.workstation_id null).
     */
    workstationId: bigint('workstation_id', { mode: 'number' }),
    openedBy: bigint('opened_by', { mode: 'number' }).notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    openingCount: jsonb('opening_count').$type<DenominationCount>().notNull(),
    openingFloat: moneyColumn('opening_float').notNull(),
    /** What the previous close of this workstation counted: the float the opener was expected to find. */
    expectedOpening: moneyColumn('expected_opening'),
    closedBy: bigint('closed_by', { mode: 'number' }),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
    closingCount: jsonb('closing_count').$type<DenominationCount>(),
    countedCash: moneyColumn('counted_cash'),
    expectedCash: moneyColumn('expected_cash'),
    overShort: moneyColumn('over_short'),
    /** The manager whose PIN let a close past the store's tolerance through. */
    approvedBy: bigint('approved_by', { mode: 'number' }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      name: 'cash_drawer_sessions_store_fk',
      columns: [t.tenantId, t.storeId],
      foreignColumns: [stores.tenantId, stores.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'cash_drawer_sessions_workstation_fk',
      columns: [t.tenantId, t.workstationId],
      foreignColumns: [workstations.tenantId, workstations.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'cash_drawer_sessions_opened_by_fk',
      columns: [t.tenantId, t.openedBy],
      foreignColumns: [users.tenantId, users.id],
    }),
    foreignKey({
      name: 'cash_drawer_sessions_closed_by_fk',
      columns: [t.tenantId, t.closedBy],
      foreignColumns: [users.tenantId, users.id],
    }),
    foreignKey({
      name: 'cash_drawer_sessions_approved_by_fk',
      columns: [t.tenantId, t.approvedBy],
      foreignColumns: [users.tenantId, users.id],
    }),
    index('cash_drawer_sessions_workstation_idx').on(t.tenantId, t.storeId, t.workstationId, t.openedAt),
    uniqueIndex('cash_drawer_sessions_one_open_key')
      .on(t.tenantId, t.storeId, sql`coalesce(${t.workstationId}, 0)`)
      .where(sql`${t.closedAt} is null`),
    check('cash_drawer_sessions_float_non_negative', sql`${t.openingFloat} >= 0`),
    check(
      'cash_drawer_sessions_closed_after_open',
      sql`${t.closedAt} is null or ${t.closedAt} >= ${t.openedAt}`,
    ),
    check(
      'cash_drawer_sessions_close_complete',
      sql`(${t.closedAt} is null) = (${t.countedCash} is null)
        and (${t.closedAt} is null) = (${t.closingCount} is null)
        and (${t.closedAt} is null) = (${t.expectedCash} is null)
        and (${t.closedAt} is null) = (${t.overShort} is null)`,
    ),
  ],
);

/**
 * A movement a cashier made by hand (docs/cash-drawer.md#a-session): pay in, pay out, drop, tip out, each
 * with a reason and who made it. The amount is always positive; the kind says which way the cash went.
 */
export const cashDrawerMovements = pgTable(
  'cash_drawer_movements',
  {
    tenantId: tenantIdColumn(),
    storeId: bigint('store_id', { mode: 'number' }).notNull(),
    id: idColumn(),
    sessionId: bigint('session_id', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
    amount: moneyColumn('amount').notNull(),
    reason: text('reason').notNull(),
    createdBy: bigint('created_by', { mode: 'number' }).notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      name: 'cash_drawer_movements_session_fk',
      columns: [t.tenantId, t.sessionId],
      foreignColumns: [cashDrawerSessions.tenantId, cashDrawerSessions.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'cash_drawer_movements_created_by_fk',
      columns: [t.tenantId, t.createdBy],
      foreignColumns: [users.tenantId, users.id],
    }),
    index('cash_drawer_movements_session_idx').on(t.tenantId, t.sessionId),
    check('cash_drawer_movements_kind_known', sql`${t.kind} in ('pay_in', 'pay_out', 'drop', 'tip_out')`),
    check('cash_drawer_movements_amount_positive', sql`${t.amount} > 0`),
    check('cash_drawer_movements_reason_present', sql`char_length(btrim(${t.reason})) between 1 and 200`),
  ],
);
