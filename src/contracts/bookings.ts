/**
 * The bookings API (docs/appointments.md; the catalogue's bookings calls: /pos/bookingAppt, /unassigned,
 * /count-in-days, /top-services, /assign, /{id}, /{id}/status, /bulk, /import, /send-message,
 * /{id}/attribute), shared by the client and the server.
 *
 * A booking's service lines keep the spec's name, `booking_appt_service`. Service names, taxes and prices are
 * copied from the catalog by the server when a line is saved, so a client's values for them are never read.
 * Instants travel as ISO-8601 with an offset; the book shows them on the store's clock.
 */
import { z } from 'zod';
import { normalisePhone } from '../domain/normalise';
import { BOOKING_STATUS, BOOKING_STATUS_VALUES } from '../domain/bookings/status';
import type { BookingStatus } from '../domain/bookings/status';
import { MAX_BUFFER_MINUTES, MAX_LINE_MINUTES } from '../domain/bookings/segments';
import { HOURS_PATTERN, WEEKDAYS } from '../domain/bookings/availability';
import { PHONE_MESSAGE } from './customers';
import { importResultSchema, importRowErrorSchema } from './resource';

export { BOOKING_STATUS, BOOKING_STATUS_VALUES };
export type { BookingStatus };

const BASE = '/api/pos/bookingAppt';
export const BOOKING_PATHS = {
  /** GET: the bookings of a time range (the book); POST: create. */
  list: BASE,
  unassigned: `${BASE}/unassigned`,
  countInDays: `${BASE}/count-in-days`,
  topServices: `${BASE}/top-services`,
  assign: `${BASE}/assign`,
  bulk: `${BASE}/bulk`,
  import: `${BASE}/import`,
  sendMessage: `${BASE}/send-message`,
  /** GET, PUT (edit: times, technicians, lines, customer, notes), DELETE. */
  one: `${BASE}/:id`,
  status: `${BASE}/:id/status`,
  attribute: `${BASE}/:id/attribute`,
  /** The technicians who take bookings, with their hours and days off (cached by the client). */
  employees: '/api/pos/employees/enable-booking',
  /** GET/PUT one technician's weekly hours and days off. */
  employeeHours: '/api/pos/employees/:id/booking-hours',
} as const;

/** A path with its id filled in (the client builds URLs with this, never by hand). */
export function bookingPath(path: 'one' | 'status' | 'attribute' | 'employeeHours', id: number): string {
  return BOOKING_PATHS[path].replace(':id', String(id));
}

/** Lines one booking may hold: a visit, not a schedule. */
export const MAX_BOOKING_LINES = 10;
/** The widest range GET /bookingAppt answers (a week view needs 7 days; a month list 31). */
export const MAX_RANGE_DAYS = 62;
/** How many next free starts a conflict answer offers. */
export const NEXT_SLOTS = 5;

export const CUSTOMER_NAME_MESSAGE = "Enter the customer's name.";
export const LINES_MESSAGE = 'A booking needs at least one service.';
export const DURATION_MESSAGE = `The duration is 5 to ${MAX_LINE_MINUTES} minutes.`;
export const BUFFER_MESSAGE = `A buffer is 0 to ${MAX_BUFFER_MINUTES} minutes.`;
export const PROCESSING_MESSAGE = 'The processing time must lie inside the service.';
export const RANGE_MESSAGE = `Ask for at most ${MAX_RANGE_DAYS} days, with the end after the start.`;
export const HOURS_MESSAGE = 'Hours are HH:MM, closing after opening.';

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const queryId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const isoDateTime = z.iso.datetime({ offset: true });
const isoDate = z.iso.date();
const minutes = (max: number, message: string) => z.number().int(message).min(0, message).max(max, message);

/** '' (an empty form field) and null both mean "no value". */
function blankable<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === '' ? null : value), schema.nullable());
}

const telephoneField = blankable(
  z
    .string()
    .trim()
    .max(32, PHONE_MESSAGE)
    .regex(/^[0-9+\-\s()]*$/, PHONE_MESSAGE)
    .transform((phone) => normalisePhone(phone))
    .refine((phone) => /^\+?\d{4,20}$/.test(phone), PHONE_MESSAGE),
).optional();

/**
 * Every change may carry the version the screen showed (bookingSchema.version): a change made on a stale view
 * is 409 booking_stale. Without it the change applies to what is current (an offline replay).
 */
const expectedVersion = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional();

// ---- requests ----------------------------------------------------------------------------------------

/** One service line as the book sends it (docs/appointments.md#a-booking). */
export const bookingLineInput = z.strictObject({
  /** The line's id when editing an existing booking; absent for a new line. */
  id: id.optional(),
  service_id: id,
  /** Read-only copies (the form holds them); the catalog's values are stored. */
  service_name: z.string().max(200).optional(),
  taxes: z.string().max(100).optional(),
  unit_price: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  /** The technician; null = the unassigned column. */
  user_id: blankable(id).optional(),
  starts_at: isoDateTime,
  /** Absent: the service's duration in the catalog. */
  duration_minutes: z
    .number()
    .int(DURATION_MESSAGE)
    .min(5, DURATION_MESSAGE)
    .max(MAX_LINE_MINUTES, DURATION_MESSAGE)
    .optional(),
  processing_offset_minutes: blankable(minutes(MAX_LINE_MINUTES, PROCESSING_MESSAGE)).optional(),
  processing_minutes: minutes(MAX_LINE_MINUTES, PROCESSING_MESSAGE).default(0),
  buffer_before_minutes: minutes(MAX_BUFFER_MINUTES, BUFFER_MESSAGE).default(0),
  buffer_after_minutes: minutes(MAX_BUFFER_MINUTES, BUFFER_MESSAGE).default(0),
});
export type BookingLineInput = z.output<typeof bookingLineInput>;

const bookingFields = {
  customer_id: blankable(id).optional(),
  customer_name: z
    .string()
    .trim()
    .min(1, CUSTOMER_NAME_MESSAGE)
    .max(200, "The customer's name is at most 200 characters."),
  telephone: telephoneField,
  notes: blankable(z.string().trim().max(2000, 'Notes are at most 2000 characters.')).optional(),
  booking_appt_service: z
    .array(bookingLineInput)
    .min(1, LINES_MESSAGE)
    .max(MAX_BOOKING_LINES, `At most ${MAX_BOOKING_LINES} services.`),
  /** Book a line outside its technician's hours anyway (the receptionist confirmed). */
  allow_outside_hours: z.boolean().default(false),
};

/**
 * POST /api/pos/bookingAppt. `uuid` is made by the client: a replayed create (offline queue, two devices)
 * answers the booking made the first time. Status starts booked, or confirmed when the customer confirmed
 * while booking.
 */
export const createBookingBody = z.strictObject({
  uuid: z.uuid('The uuid must be a UUID.'),
  ...bookingFields,
  status: z.enum([BOOKING_STATUS.BOOKED, BOOKING_STATUS.CONFIRMED]).default(BOOKING_STATUS.BOOKED),
});
export type CreateBookingBody = z.output<typeof createBookingBody>;

/**
 * PUT /api/pos/bookingAppt/:id: the whole editable booking (a drag sends the lines with the moved one's new
 * start and technician; a resize its new duration). Lines without an id are added, lines left out removed.
 */
export const updateBookingBody = z.strictObject({ ...bookingFields, version: expectedVersion });
export type UpdateBookingBody = z.output<typeof updateBookingBody>;

export const bookingIdParams = z.strictObject({ id: queryId });

/** GET /api/pos/bookingAppt (and /unassigned, /count-in-days, /top-services): a range of instants. */
export const bookingRangeQuery = z
  .strictObject({
    from: isoDateTime,
    to: isoDateTime,
    /** Only the lines of this technician. */
    user_id: queryId.optional(),
    /** Comma-separated statuses; absent = all but cancelled and no-show. */
    status: z.string().max(200).optional(),
  })
  .refine(
    (q) => {
      const span = Date.parse(q.to) - Date.parse(q.from);
      return span > 0 && span <= MAX_RANGE_DAYS * 86_400_000;
    },
    { message: RANGE_MESSAGE, path: ['to'] },
  );
export type BookingRangeQuery = z.output<typeof bookingRangeQuery>;

/** POST /api/pos/bookingAppt/:id/status. */
export const bookingStatusBody = z.strictObject({
  status: z.enum(BOOKING_STATUS_VALUES),
  version: expectedVersion,
  /** Why (cancel, no-show); kept in the audit log. */
  reason: blankable(z.string().trim().max(500, 'The reason is at most 500 characters.')).optional(),
  /** With status arrived: 'queue' puts the customer in the walk-in queue; 'desk' (default) leaves it to start. */
  arrival: z.enum(['queue', 'desk']).default('desk'),
});
export type BookingStatusBody = z.output<typeof bookingStatusBody>;

/** POST /api/pos/bookingAppt/assign: give an unassigned (or another technician's) line to a technician. */
export const assignBookingBody = z.strictObject({
  booking_id: id,
  line_id: id,
  user_id: id,
  version: expectedVersion,
  allow_outside_hours: z.boolean().default(false),
});
export type AssignBookingBody = z.output<typeof assignBookingBody>;

/** POST /api/pos/bookingAppt/bulk: one status move or a delete over several bookings, all or nothing. */
export const bulkBookingBody = z.strictObject({
  ids: z.array(id).min(1).max(200),
  action: z.enum(['status', 'delete']),
  status: z.enum(BOOKING_STATUS_VALUES).optional(),
  reason: blankable(z.string().trim().max(500)).optional(),
});
export type BulkBookingBody = z.output<typeof bulkBookingBody>;

/** The attributes a booking may carry (POST /{id}/attribute), each with its own value type. */
export const BOOKING_COLORS = [
  'gray',
  'red',
  'orange',
  'yellow',
  'green',
  'teal',
  'blue',
  'purple',
  'pink',
] as const;
export const bookingAttributeBody = z.discriminatedUnion('key', [
  /** The colour the book draws the booking in. */
  z.strictObject({ key: z.literal('color'), value: z.enum(BOOKING_COLORS) }),
  /** The customer asked for this technician (docs/turns.md: requests may count differently). */
  z.strictObject({ key: z.literal('requested'), value: z.boolean() }),
  /** The customer does not want reminders for this booking. */
  z.strictObject({ key: z.literal('reminder_opt_out'), value: z.boolean() }),
]);
export type BookingAttributeBody = z.output<typeof bookingAttributeBody>;

/** POST /api/pos/bookingAppt/send-message: a message to the customers of some bookings. */
export const sendBookingMessageBody = z.strictObject({
  ids: z.array(id).min(1).max(200),
  channel: z.enum(['sms', 'email']),
  message: z.string().trim().min(1, 'Write the message.').max(640, 'A message is at most 640 characters.'),
});
export type SendBookingMessageBody = z.output<typeof sendBookingMessageBody>;

const dayHoursInput = blankable(
  z
    .strictObject({
      opens: z.string().regex(HOURS_PATTERN, HOURS_MESSAGE),
      closes: z.string().regex(HOURS_PATTERN, HOURS_MESSAGE),
    })
    .refine((h) => h.closes > h.opens, { message: HOURS_MESSAGE, path: ['closes'] }),
);

/** PUT /api/pos/employees/:id/booking-hours: weekly hours (null = the store's) and the days off. */
export const bookingHoursBody = z.strictObject({
  /** Seven entries, Sunday first; an entry null = not working that day. The whole field null = store hours. */
  hours: blankable(z.array(dayHoursInput).length(WEEKDAYS.length)),
  days_off: z.array(isoDate).max(366),
});
export type BookingHoursBody = z.output<typeof bookingHoursBody>;

// ---- responses ---------------------------------------------------------------------------------------

export const bookingLineSchema = z.object({
  id,
  service_id: id,
  service_name: z.string(),
  taxes: z.string(),
  unit_price: z.number().int(),
  user_id: id.nullable(),
  starts_at: z.string(),
  /** starts_at + duration: when the customer's service ends. */
  ends_at: z.string(),
  duration_minutes: z.number().int(),
  processing_offset_minutes: z.number().int().nullable(),
  processing_minutes: z.number().int(),
  buffer_before_minutes: z.number().int(),
  buffer_after_minutes: z.number().int(),
});
export type BookingLine = z.infer<typeof bookingLineSchema>;

export const bookingSchema = z.object({
  id,
  uuid: z.string(),
  store_id: id,
  customer_id: id.nullable(),
  customer_name: z.string(),
  telephone: z.string().nullable(),
  notes: z.string().nullable(),
  status: z.enum(BOOKING_STATUS_VALUES),
  version: z.number().int(),
  /** The first line's start and the last line's end. */
  starts_at: z.string(),
  ends_at: z.string(),
  booking_appt_service: z.array(bookingLineSchema),
  attributes: z.object({
    color: z.enum(BOOKING_COLORS).optional(),
    requested: z.boolean().optional(),
    reminder_opt_out: z.boolean().optional(),
  }),
  /** Set when arrival put the customer in the walk-in queue. */
  walk_in_id: id.nullable(),
  /** Set when the sale that completed the booking was saved. */
  sale_id: id.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Booking = z.infer<typeof bookingSchema>;

/** One booking in the way of a line (409 booking_conflict details.conflicts). */
export const bookingConflictSchema = z.object({
  booking_id: id,
  line_id: id,
  user_id: id,
  customer_name: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
});
export type BookingConflict = z.infer<typeof bookingConflictSchema>;

/** A start where the clashing line fits (409 booking_conflict details.next_slots). */
export const bookingSlotSchema = z.object({ user_id: id, starts_at: z.string() });
export type BookingSlot = z.infer<typeof bookingSlotSchema>;

/** 409 booking_conflict's details: which line of the request clashed, with what, and where it would fit. */
export const bookingConflictDetails = z.object({
  /** Index of the clashing line in the request's booking_appt_service. */
  line_index: z.number().int(),
  conflicts: z.array(bookingConflictSchema),
  next_slots: z.array(bookingSlotSchema),
});
export type BookingConflictDetails = z.infer<typeof bookingConflictDetails>;

/** GET /count-in-days: bookings per store date in the range. */
export const countInDaysSchema = z.array(z.object({ date: z.string(), count: z.number().int() }));
/** GET /top-services: the most booked services in the range, most first (at most 5). */
export const topServicesSchema = z.array(
  z.object({ service_id: id, service_name: z.string(), count: z.number().int() }),
);

const dayHoursSchema = z.object({ opens: z.string(), closes: z.string() }).nullable();
/** GET /api/pos/employees/enable-booking: who can be booked, and when. */
export const bookableEmployeeSchema = z.object({
  id,
  name: z.string(),
  /** Seven entries, Sunday first: the technician's own hours, else the store's. */
  hours: z.array(dayHoursSchema),
  /** Whether `hours` are the technician's own (false: the store's). */
  own_hours: z.boolean(),
  days_off: z.array(z.string()),
});
export type BookableEmployee = z.infer<typeof bookableEmployeeSchema>;

// ---- the sale a booking starts -----------------------------------------------------------------------

/**
 * What the book's "start sale" sends with its navigation to the sale screen (docs/appointments.md#status): the
 * booking as the sale machine's booking.add takes it, each line with its technician.
 */
export const bookingSaleSchema = z.object({
  id,
  employee: z.object({ id, name: z.string() }).nullable(),
  booking_appt_service: z.array(
    z.object({
      service_id: id,
      service_name: z.string(),
      taxes: z.string(),
      unit_price: z.number().int(),
      employee: z.object({ id, name: z.string() }).nullable(),
    }),
  ),
});
export type BookingSale = z.infer<typeof bookingSaleSchema>;

/** The booking for the sale screen: each line's technician named from `employees` (the bookable list). */
export function bookingSaleOf(
  booking: Booking,
  employees: ReadonlyArray<{ id: number; name: string }>,
): BookingSale {
  // A technician missing from the list (no longer bookable) still gets her line, under her id: her commission.
  const named = (userId: number | null) =>
    userId === null ? null : { id: userId, name: employees.find((e) => e.id === userId)?.name ?? '' };
  return {
    id: booking.id,
    employee: null,
    booking_appt_service: booking.booking_appt_service.map((line) => ({
      service_id: line.service_id,
      service_name: line.service_name,
      taxes: line.taxes,
      unit_price: line.unit_price,
      employee: named(line.user_id),
    })),
  };
}

/** POST /api/pos/bookingAppt/bulk's answer: the bookings moved (empty after a delete) and every id touched. */
export const bulkBookingResultSchema = z.object({
  ids: z.array(id),
  bookings: z.array(bookingSchema),
});
export type BulkBookingResult = z.infer<typeof bulkBookingResultSchema>;

/** 200 for DELETE /api/pos/bookingAppt/:id: the id that went. */
export const deletedBookingSchema = z.object({ id });

// ---- import (docs/appointments.md#import) ------------------------------------------------------------

/**
 * POST /api/pos/bookingAppt/import: the CSV's columns, in this order when a file is written for it. One row is
 * one booking with one service line.
 */
export const BOOKING_IMPORT_COLUMNS = [
  'customer_name',
  'telephone',
  'customer_id',
  'date',
  'time',
  'service',
  'technician',
  'duration_minutes',
  'notes',
  'status',
] as const;
export type BookingImportColumn = (typeof BOOKING_IMPORT_COLUMNS)[number];

/**
 * A row's error as the back office's imports report it, and, for a booking_conflict, what is in the way: a
 * booking already in the book (`booking_id`) or an earlier row of the same file (`clashes_with_row`).
 */
export const bookingImportRowErrorSchema = importRowErrorSchema.extend({
  booking_id: id.optional(),
  clashes_with_row: z.number().int().min(1).optional(),
});
export type BookingImportRowError = z.infer<typeof bookingImportRowErrorSchema>;

/**
 * The answer of a dry run or a commit (data), and the `details` of a commit refused with 422 because a row
 * is bad (nothing written).
 */
export const bookingImportResultSchema = importResultSchema.extend({
  errors: z.array(bookingImportRowErrorSchema),
});
export type BookingImportResult = z.infer<typeof bookingImportResultSchema>;
