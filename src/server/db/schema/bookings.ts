import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  customType,
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
import { BOOKING_STATUS_VALUES } from '../../../domain/bookings/status';
import type { BookingStatus } from '../../../domain/bookings/status';
import type { DayHours } from '../../../domain/bookings/availability';
import { createdAtColumn, idColumn, taxesStringCheck, tenantIdColumn, updatedAtColumn } from './columns';
import { customers } from './customers';
import { sales } from './sales';
import { stores } from './stores';
import { users } from './users';
import { walkIns } from './walk-ins';

/**
 * A PostgreSQL tstzrange, read and written as its text form ('["2026-01-01 10:00:00+00","…")'). Services
 * build it with tstzrange(start, end, '[)') in SQL; the column is never read back into JS as a range.
 */
const tstzrange = customType<{ data: string; driverData: string }>({ dataType: () => 'tstzrange' });

/** The attributes POST /bookingAppt/:id/attribute sets (src/contracts/bookings.ts bookingAttributeBody). */
export interface BookingAttributes {
  color?: string;
  requested?: boolean;
  reminder_opt_out?: boolean;
}

/**
 * One visit of one customer (docs/appointments.md#a-booking). `starts_at`/`ends_at` are the first line's start
 * and the last line's end, kept by the service with the lines so the book's range query reads one table.
 * `uuid` is unique per tenant: a create replayed (offline queue, two devices) exists once. `walk_in_id` is set
 * when arrival put the customer in the walk-in queue; `sale_id` when the completing sale was saved.
 */
export const bookings = pgTable(
  'bookings',
  {
    tenantId: tenantIdColumn(),
    storeId: bigint('store_id', { mode: 'number' }).notNull(),
    id: idColumn(),
    uuid: uuid('uuid').notNull(),
    customerId: bigint('customer_id', { mode: 'number' }),
    customerName: text('customer_name').notNull(),
    telephone: text('telephone'),
    notes: text('notes'),
    status: text('status').$type<BookingStatus>().notNull().default('booked'),
    /** Up by one with every change: stale edits (409 booking_stale) and live events. */
    version: integer('version').notNull().default(1),
    attributes: jsonb('attributes').$type<BookingAttributes>().notNull().default({}),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }).notNull(),
    walkInId: bigint('walk_in_id', { mode: 'number' }),
    saleId: bigint('sale_id', { mode: 'number' }),
    createdBy: bigint('created_by', { mode: 'number' }).notNull(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      name: 'bookings_store_fk',
      columns: [t.tenantId, t.storeId],
      foreignColumns: [stores.tenantId, stores.id],
    }),
    foreignKey({
      name: 'bookings_customer_fk',
      columns: [t.tenantId, t.customerId],
      foreignColumns: [customers.tenantId, customers.id],
    }),
    foreignKey({
      name: 'bookings_walk_in_fk',
      columns: [t.tenantId, t.walkInId],
      foreignColumns: [walkIns.tenantId, walkIns.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'bookings_sale_fk',
      columns: [t.tenantId, t.saleId],
      foreignColumns: [sales.tenantId, sales.id],
    }),
    foreignKey({
      name: 'bookings_created_by_fk',
      columns: [t.tenantId, t.createdBy],
      foreignColumns: [users.tenantId, users.id],
    }),
    uniqueIndex('bookings_tenant_uuid_key').on(t.tenantId, t.uuid),
    // The book's range query: a store's bookings that start before the range ends (and end after it starts).
    index('bookings_store_starts_idx').on(t.tenantId, t.storeId, t.startsAt),
    // The customer analysis's rebooking (docs/reports.md "Customer analysis"): a customer's bookings that start
    // within N days of a visit, without reading the store's whole book for each visit.
    index('bookings_customer_starts_idx').on(t.tenantId, t.customerId, t.startsAt),
    check(
      'bookings_status_known',
      sql`${t.status} in (${sql.raw(BOOKING_STATUS_VALUES.map((s) => `'${s}'`).join(', '))})`,
    ),
    check('bookings_version_positive', sql`${t.version} >= 1`),
    check('bookings_customer_name_length', sql`char_length(${t.customerName}) between 1 and 200`),
    check('bookings_telephone_format', sql`${t.telephone} ~ '^\\+?[0-9]{4,20}$'`),
    check('bookings_notes_length', sql`char_length(${t.notes}) <= 2000`),
    check('bookings_attributes_object', sql`jsonb_typeof(${t.attributes}) = 'object'`),
    check('bookings_time_order', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/**
 * A booking's service line (the spec's booking_appt_service, docs/appointments.md#a-booking): the service as
 * the catalog had it when the line was saved (name, taxes, price in minor units), its technician (null = the
 * unassigned column), its start, duration, processing gap and buffers. `position` keeps the request's order.
 */
export const bookingLines = pgTable(
  'booking_lines',
  {
    tenantId: tenantIdColumn(),
    storeId: bigint('store_id', { mode: 'number' }).notNull(),
    id: idColumn(),
    bookingId: bigint('booking_id', { mode: 'number' }).notNull(),
    position: integer('position').notNull(),
    serviceId: bigint('service_id', { mode: 'number' }).notNull(),
    serviceName: text('service_name').notNull(),
    taxes: text('taxes').notNull().default(''),
    unitPrice: bigint('unit_price', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }).notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    processingOffsetMinutes: integer('processing_offset_minutes'),
    processingMinutes: integer('processing_minutes').notNull().default(0),
    bufferBeforeMinutes: integer('buffer_before_minutes').notNull().default(0),
    bufferAfterMinutes: integer('buffer_after_minutes').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      name: 'booking_lines_booking_fk',
      columns: [t.tenantId, t.bookingId],
      foreignColumns: [bookings.tenantId, bookings.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'booking_lines_user_fk',
      columns: [t.tenantId, t.userId],
      foreignColumns: [users.tenantId, users.id],
    }),
    index('booking_lines_booking_idx').on(t.tenantId, t.bookingId, t.position),
    // Range queries over lines (a technician's day, the unassigned column).
    index('booking_lines_store_starts_idx').on(t.tenantId, t.storeId, t.startsAt),
    check('booking_lines_taxes_format', taxesStringCheck(t.taxes)),
    check('booking_lines_duration_range', sql`${t.durationMinutes} between 5 and 720`),
    check(
      'booking_lines_buffers_range',
      sql`${t.bufferBeforeMinutes} between 0 and 120 and ${t.bufferAfterMinutes} between 0 and 120`,
    ),
    check('booking_lines_unit_price_non_negative', sql`${t.unitPrice} >= 0`),
    // The processing gap lies strictly inside the service (src/domain/bookings/segments.ts lineTimingProblems).
    check(
      'booking_lines_processing_inside',
      sql`${t.processingMinutes} = 0 or (${t.processingOffsetMinutes} > 0 and ${t.processingOffsetMinutes} + ${t.processingMinutes} < ${t.durationMinutes})`,
    ),
  ],
);

/**
 * The technicians' busy segments (docs/appointments.md#busy-segments-and-no-double-booking): one row per
 * segment of a line with a technician (src/domain/bookings/segments.ts busySegments), half-open [start, end).
 * The exclusion constraint that forbids two overlapping segments of one technician in one store is
 * hand-written in the migration (btree_gist), as drizzle-kit cannot declare it.
 */
export const bookingSegments = pgTable(
  'booking_segments',
  {
    tenantId: tenantIdColumn(),
    storeId: bigint('store_id', { mode: 'number' }).notNull(),
    id: idColumn(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    bookingId: bigint('booking_id', { mode: 'number' }).notNull(),
    lineId: bigint('line_id', { mode: 'number' }).notNull(),
    during: tstzrange('during').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      name: 'booking_segments_booking_fk',
      columns: [t.tenantId, t.bookingId],
      foreignColumns: [bookings.tenantId, bookings.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'booking_segments_line_fk',
      columns: [t.tenantId, t.lineId],
      foreignColumns: [bookingLines.tenantId, bookingLines.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'booking_segments_user_fk',
      columns: [t.tenantId, t.userId],
      foreignColumns: [users.tenantId, users.id],
    }),
    index('booking_segments_booking_idx').on(t.tenantId, t.bookingId),
    check('booking_segments_not_empty', sql`not isempty(${t.during})`),
  ],
);

/**
 * A technician's booking hours (docs/appointments.md#availability): `hours` seven entries, Sunday first, each
 * { opens, closes } on the store's wall clock or null (not working); the whole column null = the store's
 * hours. `days_off` are store dates.
 */
export const bookingHours = pgTable(
  'booking_hours',
  {
    tenantId: tenantIdColumn(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    hours: jsonb('hours').$type<(DayHours | null)[]>(),
    daysOff: date('days_off', { mode: 'string' })
      .array()
      .notNull()
      .default(sql`'{}'::date[]`),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId] }),
    foreignKey({
      name: 'booking_hours_user_fk',
      columns: [t.tenantId, t.userId],
      foreignColumns: [users.tenantId, users.id],
    }).onDelete('cascade'),
    check(
      'booking_hours_week',
      sql`${t.hours} is null or (jsonb_typeof(${t.hours}) = 'array' and jsonb_array_length(${t.hours}) = 7)`,
    ),
  ],
);
