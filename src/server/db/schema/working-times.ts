import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, tenantIdColumn, updatedAtColumn } from './columns';
import { stores } from './stores';
import { users } from './users';

/**
 * Employee check-ins (the "checked-in employees" of the sale screen). One row per
 * check-in; `date_work` is the store-local business date of the check-in (stores.timezone). Checked in
 * now = a row with check_out_at null; a person is checked in at most once at a time in the tenant (the
 * partial unique index), so checking in twice is a 409, not a second row.
 */
export const workingTimes = pgTable(
  'working_times',
  {
    tenantId: tenantIdColumn(),
    storeId: bigint('store_id', { mode: 'number' }).notNull(),
    id: idColumn(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    dateWork: date('date_work', { mode: 'string' }).notNull(),
    checkInAt: timestamp('check_in_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    checkOutAt: timestamp('check_out_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      name: 'working_times_store_fk',
      columns: [t.tenantId, t.storeId],
      foreignColumns: [stores.tenantId, stores.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'working_times_user_fk',
      columns: [t.tenantId, t.userId],
      foreignColumns: [users.tenantId, users.id],
    }),
    index('working_times_store_date_idx').on(t.tenantId, t.storeId, t.dateWork),
    uniqueIndex('working_times_one_open_key')
      .on(t.tenantId, t.userId)
      .where(sql`${t.checkOutAt} is null`),
    check('working_times_out_after_in', sql`${t.checkOutAt} is null or ${t.checkOutAt} >= ${t.checkInAt}`),
  ],
);

/**
 * Breaks inside a shift (docs/front-desk.md "Clock in and out"): a break belongs to one working-time row and
 * its store; at most one break of a shift is open at a time (the partial unique index), so a second
 * break start is refused, not a second row. A clock-out ends an open break at the same time
 * (src/domain/clock.ts).
 */
export const workingTimeBreaks = pgTable(
  'working_time_breaks',
  {
    tenantId: tenantIdColumn(),
    storeId: bigint('store_id', { mode: 'number' }).notNull(),
    id: idColumn(),
    workingTimeId: bigint('working_time_id', { mode: 'number' }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      name: 'working_time_breaks_shift_fk',
      columns: [t.tenantId, t.workingTimeId],
      foreignColumns: [workingTimes.tenantId, workingTimes.id],
    }).onDelete('cascade'),
    index('working_time_breaks_shift_idx').on(t.tenantId, t.workingTimeId),
    uniqueIndex('working_time_breaks_one_open_key')
      .on(t.tenantId, t.workingTimeId)
      .where(sql`${t.endedAt} is null`),
    check('working_time_breaks_end_after_start', sql`${t.endedAt} is null or ${t.endedAt} >= ${t.startedAt}`),
  ],
);
