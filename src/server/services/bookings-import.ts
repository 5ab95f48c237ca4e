/**
 * CSV import of bookings (docs/appointments.md#import): the back office's import (src/server/resources/
 * import.ts: the file read as a stream, its header, cell counts, UTF-8, batches, at most 1,000 errors listed)
 * with a plan whose check of a batch makes each row's booking through createBooking, each under its own
 * savepoint, so every rule of a booking made in the book applies to a row: the catalog's copies, a technician
 * who takes bookings, the working hours (an import never books outside them: the row is refused with
 * booking_outside_hours), and the exclusion constraint. A row kept stands in the transaction, so a later row
 * of the same file that overlaps it is refused by the constraint exactly as one against the book is; its
 * error names what is in the way (a booking id, or the earlier row's number).
 *
 * A dry run does all of that inside a savepoint rolled back at the end. A commit that found any bad row is
 * refused with 422 and its rows' errors in `details`, which rolls back the request's transaction: all rows or
 * none. Each row's booking gets a fresh uuid: replays of one upload are the route's Idempotency-Key's
 * business (the back office's imports have no idempotency of their own).
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, or } from 'drizzle-orm';
import { z } from 'zod';
import {
  BOOKING_IMPORT_COLUMNS,
  BOOKING_STATUS,
  createBookingBody,
  CUSTOMER_NAME_MESSAGE,
  DURATION_MESSAGE,
} from '../../contracts/bookings';
import type {
  BookingConflictDetails,
  CreateBookingBody,
  BookingImportResult,
  BookingImportRowError,
} from '../../contracts/bookings';
import { ERROR_CODE } from '../../contracts/error-codes';
import type { ImportMode } from '../../contracts/resource';
import { storeInstant } from '../../domain/bookings/availability';
import { MAX_LINE_MINUTES } from '../../domain/bookings/segments';
import { isoToStoreTime } from '../../domain/store-time';
import type { AuthContext } from '../auth-context';
import type { Queryable } from '../db/client';
import { services } from '../db/schema/catalog';
import { users } from '../db/schema/users';
import { HttpError, unprocessable, VALIDATION_MESSAGE } from '../errors';
import { CsvEncodingError, csvRecords } from '../resources/csv';
import { writeResourceAudit } from '../resources/audit';
import { runImport } from '../resources/import';
import type { ImportFile, ImportPlan, ImportRow, RowCheck } from '../resources/import';
import { storeTimeZone } from './booking-hours';
import type { StoreScope } from './booking-hours';
import { UNKNOWN_SERVICE_MESSAGE } from './booking-lines';
import { CONFLICT_MESSAGE } from './booking-segments';
import { createBooking } from './bookings';
import { scopeOf } from './bookings-read';

export const DATE_MESSAGE = 'The date is YYYY-MM-DD, a day that exists (the store’s calendar).';
export const TIME_MESSAGE = 'The time is HH:MM on the store’s clock, 00:00 to 23:59.';
export const SERVICE_MESSAGE = 'Name the service (its name or id).';
export const CUSTOMER_ID_MESSAGE = 'The customer id is a whole number.';
export const STATUS_MESSAGE = 'The status is booked or confirmed.';
export const UNKNOWN_TECHNICIAN_MESSAGE = 'No employee of this store has this username, name or id.';
export const AMBIGUOUS_SERVICE_MESSAGE = 'Several services have this name: give the service’s id.';
export const AMBIGUOUS_TECHNICIAN_MESSAGE =
  'Several employees have this name: give the username or the employee’s id.';
/**
 * Rows one file may hold. Each row is a whole createBooking (about twenty statements, and a conflict's next free
 * slots), and every booking touches the store's live sequence row (src/server/live/publish.ts), which stays
 * locked until the import's transaction ends: a long file would hold up every other write of the store for as
 * long (docs/appointments.md#import). A few hundred bookings take seconds; more go in several files.
 */
export const MAX_BOOKING_IMPORT_ROWS = 500;
export const TOO_MANY_ROWS_MESSAGE = `At most ${MAX_BOOKING_IMPORT_ROWS} bookings per file: split the file.`;

export const IMPORT_REFUSED_MESSAGE = 'Some rows of the file are not valid: no booking was imported.';

const TIME = /^([01]?\d|2[0-3]):([0-5]\d)$/;
const WHOLE = /^\d{1,15}$/;

/** One row's cells, checked on their own (blank cells are absent, import.ts). */
const rowSchema = z.object({
  customer_name: z.string(CUSTOMER_NAME_MESSAGE).pipe(createBookingBody.shape.customer_name),
  telephone: createBookingBody.shape.telephone,
  customer_id: z
    .string()
    .regex(WHOLE, CUSTOMER_ID_MESSAGE)
    .transform(Number)
    .refine((n) => n > 0, CUSTOMER_ID_MESSAGE)
    .optional(),
  date: z.string(DATE_MESSAGE).pipe(z.iso.date(DATE_MESSAGE)),
  time: z
    .string(TIME_MESSAGE)
    .regex(TIME, TIME_MESSAGE)
    .transform((t) => t.padStart(5, '0')),
  service: z.string(SERVICE_MESSAGE).min(1, SERVICE_MESSAGE).max(200, SERVICE_MESSAGE),
  technician: z.string().max(200, UNKNOWN_TECHNICIAN_MESSAGE).optional(),
  duration_minutes: z
    .string()
    .regex(WHOLE, DURATION_MESSAGE)
    .transform(Number)
    .refine((n) => n >= 5 && n <= MAX_LINE_MINUTES, DURATION_MESSAGE)
    .optional(),
  notes: createBookingBody.shape.notes,
  status: z
    .preprocess(
      (v) => (typeof v === 'string' ? v.toLowerCase() : v),
      z.enum([BOOKING_STATUS.BOOKED, BOOKING_STATUS.CONFIRMED], STATUS_MESSAGE),
    )
    .default(BOOKING_STATUS.BOOKED),
});
type RowBody = z.output<typeof rowSchema>;

/** Where createBooking's field errors (its request's paths) belong in the file. */
const COLUMN_OF_FIELD: Readonly<Record<string, string>> = {
  customer_id: 'customer_id',
  customer_name: 'customer_name',
  telephone: 'telephone',
  notes: 'notes',
  status: 'status',
  'booking_appt_service.0.service_id': 'service',
  'booking_appt_service.0.user_id': 'technician',
  'booking_appt_service.0.starts_at': 'time',
  'booking_appt_service.0.duration_minutes': 'duration_minutes',
  'booking_appt_service.0.processing_offset_minutes': 'duration_minutes',
};

/** Names (lower-cased) and ids → ids; a name several rows carry maps to all of them. */
class Lookup {
  readonly #ids = new Set<number>();
  readonly #byName = new Map<string, Set<number>>();

  add(id: number, ...names: string[]): void {
    this.#ids.add(id);
    for (const name of names) {
      const key = name.trim().toLowerCase();
      const set = this.#byName.get(key) ?? new Set<number>();
      set.add(id);
      this.#byName.set(key, set);
    }
  }

  /** The id named by `text` (an id first, then a name), 'none' or 'several'. */
  find(text: string): number | 'none' | 'several' {
    if (WHOLE.test(text) && this.#ids.has(Number(text))) return Number(text);
    const found = this.#byName.get(text.trim().toLowerCase());
    if (!found || found.size === 0) return 'none';
    if (found.size > 1) return 'several';
    return [...found][0]!;
  }
}

interface StoreFacts {
  timeZone: string;
  services: Lookup;
  people: Lookup;
}

async function storeFacts(db: Queryable, scope: StoreScope): Promise<StoreFacts> {
  const timeZone = await storeTimeZone(db, scope);
  const catalog = new Lookup();
  const rows = await db
    .select({ id: services.id, name: services.name })
    .from(services)
    .where(
      and(
        eq(services.tenantId, scope.tenantId),
        eq(services.storeId, scope.storeId),
        eq(services.isActive, true),
      ),
    );
  for (const r of rows) catalog.add(r.id, r.name);
  // Everyone active of the store, not only who takes bookings: createBooking then says that one does not
  // (booking_technician_unavailable) rather than the row saying nobody has that name.
  const people = new Lookup();
  const staff = await db
    .select({ id: users.id, username: users.username, name: users.displayName })
    .from(users)
    .where(
      and(
        eq(users.tenantId, scope.tenantId),
        eq(users.isActive, true),
        or(isNull(users.storeId), eq(users.storeId, scope.storeId)),
      ),
    );
  for (const u of staff) people.add(u.id, u.username, u.name);
  return { timeZone, services: catalog, people };
}

/** A refusal of createBooking as the row's errors, each on its column. */
function rowErrorsOf(
  error: HttpError,
  row: number,
  conflictError: (details: BookingConflictDetails) => BookingImportRowError,
): BookingImportRowError[] {
  if (error.code === ERROR_CODE.BOOKING_CONFLICT && error.details) {
    return [conflictError(error.details as BookingConflictDetails)];
  }
  const fields = Object.entries(error.errors ?? {});
  if (fields.length === 0) return [{ row, code: error.code, message: error.message }];
  return fields.flatMap(([field, messages]) => {
    const column = COLUMN_OF_FIELD[field];
    return messages.map((message) => ({ row, ...(column ? { column } : {}), code: error.code, message }));
  });
}

/** The create request of a row whose service and technician are known. */
function bookingRequest(
  body: RowBody,
  serviceId: number,
  userId: number | null,
  timeZone: string,
): CreateBookingBody {
  // The store's wall clock on that date (docs/appointments.md#time), never the server's.
  const startsAt = new Date(storeInstant(body.date, body.time, timeZone)).toISOString();
  return createBookingBody.parse({
    uuid: randomUUID(),
    customer_name: body.customer_name,
    telephone: body.telephone,
    customer_id: body.customer_id,
    notes: body.notes,
    status: body.status,
    allow_outside_hours: false,
    booking_appt_service: [
      {
        service_id: serviceId,
        user_id: userId,
        starts_at: startsAt,
        duration_minutes: body.duration_minutes,
      },
    ],
  });
}

/**
 * A row's booking_conflict naming the first booking in the way: by its row when this import made it (its id
 * means nothing after a dry run), else by its id; its start on the store's clock.
 */
function conflictRowError(
  row: number,
  details: BookingConflictDetails,
  timeZone: string,
  rowOfBooking: ReadonlyMap<number, number>,
): BookingImportRowError {
  const first = details.conflicts[0];
  if (!first) return { row, column: 'time', code: ERROR_CODE.BOOKING_CONFLICT, message: CONFLICT_MESSAGE };
  const when = isoToStoreTime(first.starts_at, timeZone).replace('T', ' ');
  const earlier = rowOfBooking.get(first.booking_id);
  const what =
    earlier !== undefined
      ? `row ${earlier} of this file (${first.customer_name}, ${when})`
      : `booking ${first.booking_id} (${first.customer_name}, ${when})`;
  return {
    row,
    column: 'time',
    code: ERROR_CODE.BOOKING_CONFLICT,
    message: `${CONFLICT_MESSAGE} In the way: ${what}.`,
    ...(earlier !== undefined ? { clashes_with_row: earlier } : { booking_id: first.booking_id }),
  };
}

function importPlan(auth: AuthContext): ImportPlan<RowBody> {
  const scope = scopeOf(auth);
  let facts: StoreFacts | undefined;
  // The bookings this import made so far, by id → their row (a clash with one names the row).
  const rowOfBooking = new Map<number, number>();
  const bookingOfRow = new Map<number, number>();

  return {
    columns: BOOKING_IMPORT_COLUMNS,
    checkRow: (cells): RowCheck<RowBody> => {
      const parsed = rowSchema.safeParse(cells);
      if (parsed.success) return { ok: true, body: parsed.data };
      return {
        ok: false,
        errors: parsed.error.issues.map((issue) => ({
          ...(issue.path.length > 0 ? { column: String(issue.path[0]) } : {}),
          code: ERROR_CODE.VALIDATION_FAILED,
          message: issue.message,
        })),
      };
    },
    checkBatch: async (db, rows) => {
      facts ??= await storeFacts(db, scope);
      const { timeZone } = facts;
      const errors: BookingImportRowError[] = [];
      for (const { row, body } of rows) {
        const service = facts.services.find(body.service);
        const technician = body.technician === undefined ? null : facts.people.find(body.technician);
        const own: BookingImportRowError[] = [];
        const invalid = (column: string, message: string) =>
          own.push({ row, column, code: ERROR_CODE.VALIDATION_FAILED, message });
        if (service === 'none') invalid('service', UNKNOWN_SERVICE_MESSAGE);
        if (service === 'several') invalid('service', AMBIGUOUS_SERVICE_MESSAGE);
        if (technician === 'none') invalid('technician', UNKNOWN_TECHNICIAN_MESSAGE);
        if (technician === 'several') invalid('technician', AMBIGUOUS_TECHNICIAN_MESSAGE);
        if (typeof service !== 'number' || (technician !== null && typeof technician !== 'number')) {
          errors.push(...own);
          continue;
        }
        const request = bookingRequest(body, service, technician, timeZone);
        const conflictError = (details: BookingConflictDetails) =>
          conflictRowError(row, details, timeZone, rowOfBooking);
        try {
          // A savepoint per row: a refused row leaves the rows before it standing in the transaction.
          const { booking } = await db.transaction((tx) => createBooking(tx, auth, request));
          rowOfBooking.set(booking.id, row);
          bookingOfRow.set(row, booking.id);
        } catch (error) {
          if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
          errors.push(...rowErrorsOf(error, row, conflictError));
        }
      }
      return errors;
    },
    // The bookings were made while checking (createBooking is the only way a booking is made); the commit
    // keeps them and answers their ids for the audit row.
    insertBatch: (_db, rows: readonly ImportRow<RowBody>[]) =>
      Promise.resolve(rows.map((r) => bookingOfRow.get(r.row)!)),
    finish: (db, summary) =>
      writeResourceAudit(db, auth, [
        {
          action: 'bookings.import',
          entityType: 'booking',
          entityId: summary.file.sha256,
          before: null,
          after: {
            file: summary.file.filename,
            sha256: summary.file.sha256,
            rows: summary.rows,
            id_ranges: summary.idRanges,
          },
        },
      ]),
  };
}

class RollBackDryRun extends Error {}

/** The file's records after the header (streamed, nothing kept); a file that is not UTF-8 is left to runImport. */
async function dataRows(path: string): Promise<number> {
  let records = 0;
  try {
    for await (const _record of csvRecords(path)) records += 1;
  } catch (error) {
    if (!(error instanceof CsvEncodingError)) throw error;
  }
  return Math.max(0, records - 1);
}

/**
 * The errors in the file's order: import.ts lists a row's own cell errors as it reads them and the errors
 * found making the bookings when their batch is made, so a batch's rows would otherwise come out of order.
 */
function byRow(result: BookingImportResult): BookingImportResult {
  result.errors.sort((x, y) => x.row - y.row);
  return result;
}

/**
 * POST /api/pos/bookingAppt/import, in the request's transaction. A dry run answers the rows' results and
 * leaves nothing behind; a commit writes every row or throws 422 (details: the same answer) and writes none.
 */
export async function importBookings(
  db: Queryable,
  auth: AuthContext,
  file: ImportFile,
  mode: ImportMode,
): Promise<BookingImportResult> {
  if ((await dataRows(file.path)) > MAX_BOOKING_IMPORT_ROWS) {
    throw unprocessable(VALIDATION_MESSAGE, { file: [TOO_MANY_ROWS_MESSAGE] });
  }
  const plan = importPlan(auth);
  if (mode === 'commit') {
    const result = byRow((await runImport(db, file, 'commit', plan)) as BookingImportResult);
    if (result.error_rows > 0) {
      throw new HttpError(422, IMPORT_REFUSED_MESSAGE, undefined, ERROR_CODE.VALIDATION_FAILED, result);
    }
    return result;
  }
  let result: BookingImportResult | undefined;
  try {
    // The dry run makes the bookings as the commit would (so a clash between two rows shows), then undoes them.
    await db.transaction(async (tx) => {
      result = (await runImport(tx, file, 'dry_run', plan)) as BookingImportResult;
      throw new RollBackDryRun();
    });
  } catch (error) {
    if (!(error instanceof RollBackDryRun)) throw error;
  }
  return byRow(result!);
}
