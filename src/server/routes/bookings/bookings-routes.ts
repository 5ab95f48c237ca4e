/**
 * The appointment book's API (docs/appointments.md; paths and schemas: src/contracts/bookings.ts). Services:
 * src/server/services/bookings.ts (create, edit, delete), booking-moves.ts (status, assign, bulk, attribute),
 * bookings-read.ts (reads), booking-hours.ts (technicians and their hours).
 *
 * Access: a session with the Schedule module (docs/roles.md#modules-and-flags module 4; the client's
 * 'schedule' feature, src/client/app/access.ts): readable for the book, writable for every change. Every write
 * is idempotent (Idempotency-Key, docs/api.md#writes-and-idempotency) so the offline queue may replay it; a
 * create's uuid makes a replay under another key answer the first booking.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  assignBookingBody,
  bookableEmployeeSchema,
  BOOKING_PATHS,
  bookingAttributeBody,
  bookingHoursBody,
  bookingIdParams,
  bookingRangeQuery,
  bookingSchema,
  bookingStatusBody,
  bulkBookingBody,
  bulkBookingResultSchema,
  countInDaysSchema,
  createBookingBody,
  deletedBookingSchema,
  topServicesSchema,
  updateBookingBody,
} from '../../../contracts/bookings';
import { MODULE } from '../../../domain/constants';
import { requireAuth } from '../../auth-context';
import type { SessionAccess } from '../../auth/access';
import { respond, route } from '../../route';
import { registerBookingImportRoute } from './bookings-import-routes';
import { getBookingHours, listBookableEmployees, putBookingHours } from '../../services/booking-hours';
import {
  assignBookingLine,
  bulkBookings,
  moveBookingStatus,
  setBookingAttribute,
} from '../../services/booking-moves';
import {
  ALREADY_BOOKED_MESSAGE,
  createBooking,
  deleteBookings,
  updateBooking,
} from '../../services/bookings';
import {
  countInDays,
  getBooking,
  listBookings,
  listUnassigned,
  topServices,
} from '../../services/bookings-read';

const TAGS = ['pos'];
export const SCHEDULE_READ: SessionAccess = { module: MODULE.SCHEDULE };
export const SCHEDULE_WRITE: SessionAccess = { module: MODULE.SCHEDULE, write: true };

export const BOOKED_MESSAGE = 'Booking saved.';

const CONFLICT_DESCRIPTION =
  'A line that overlaps another booking of its technician is 409 booking_conflict; details: line_index, ' +
  'conflicts (the bookings in the way) and next_slots (up to 5 starts where the line fits). Outside the technician’s hours: 422 ' +
  'booking_outside_hours unless allow_outside_hours; a technician who does not take bookings: 422 ' +
  'booking_technician_unavailable.';
const MOVE_DESCRIPTION =
  'A version other than the current one is 409 booking_stale with details.booking; a move ' +
  'src/domain/bookings/status.ts does not allow is 409 booking_status_refused; edits of a booking in ' +
  'service, completed, cancelled or no-show are 409 booking_not_editable.';

const employeeIdParams = z.strictObject({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

export function registerBookingRoutes(app: FastifyInstance): void {
  const reads: [url: string, summary: string, handler: typeof listBookings][] = [
    [BOOKING_PATHS.list, 'The bookings of a time range (the book), first start first', listBookings],
    [BOOKING_PATHS.unassigned, 'Bookings of the range with a line nobody is booked for', listUnassigned],
  ];
  for (const [url, summary, handler] of reads) {
    route(app, {
      method: 'GET',
      url,
      summary,
      description: 'status: comma-separated statuses; absent = all but cancelled and no-show.',
      tags: TAGS,
      access: SCHEDULE_READ,
      querystring: bookingRangeQuery,
      data: z.array(bookingSchema),
      handler: ({ db, query, request }) => handler(db, requireAuth(request), query),
    });
  }

  route(app, {
    method: 'GET',
    url: BOOKING_PATHS.countInDays,
    summary: 'Bookings per store date (stores.timezone) in the range',
    tags: TAGS,
    access: SCHEDULE_READ,
    querystring: bookingRangeQuery,
    data: countInDaysSchema,
    handler: ({ db, query, request }) => countInDays(db, requireAuth(request), query),
  });

  route(app, {
    method: 'GET',
    url: BOOKING_PATHS.topServices,
    summary: 'The 5 most booked services of the range, most first',
    tags: TAGS,
    access: SCHEDULE_READ,
    querystring: bookingRangeQuery,
    data: topServicesSchema,
    handler: ({ db, query, request }) => topServices(db, requireAuth(request), query),
  });

  route(app, {
    method: 'POST',
    url: BOOKING_PATHS.list,
    summary: 'Make a booking',
    description:
      'Service names, taxes and prices are the catalog’s; a line without duration takes the service’s. A uuid ' +
      'already booked answers that booking with 200. ' +
      CONFLICT_DESCRIPTION,
    tags: TAGS,
    access: SCHEDULE_WRITE,
    idempotency: { required: true },
    body: createBookingBody,
    data: bookingSchema,
    status: 201,
    message: BOOKED_MESSAGE,
    handler: async ({ body, db, request }) => {
      const { booking, created } = await createBooking(db, requireAuth(request), body);
      return created ? booking : respond(booking, { status: 200, message: ALREADY_BOOKED_MESSAGE });
    },
  });

  route(app, {
    method: 'POST',
    url: BOOKING_PATHS.assign,
    summary: 'Give a line to a technician',
    description: `${CONFLICT_DESCRIPTION} ${MOVE_DESCRIPTION}`,
    tags: TAGS,
    access: SCHEDULE_WRITE,
    idempotency: { required: true },
    body: assignBookingBody,
    data: bookingSchema,
    message: 'Technician assigned.',
    handler: ({ body, db, request }) => assignBookingLine(db, requireAuth(request), body),
  });

  route(app, {
    method: 'POST',
    url: BOOKING_PATHS.bulk,
    summary: 'One status move or a delete over several bookings, all or nothing',
    description: `${MOVE_DESCRIPTION} The refusal's details.booking_id names the booking that stopped the batch.`,
    tags: TAGS,
    access: SCHEDULE_WRITE,
    idempotency: { required: true },
    body: bulkBookingBody,
    data: bulkBookingResultSchema,
    message: 'Bookings updated.',
    handler: ({ body, db, request }) => bulkBookings(db, requireAuth(request), body),
  });

  registerBookingImportRoute(app, SCHEDULE_WRITE);

  route(app, {
    method: 'GET',
    url: BOOKING_PATHS.one,
    summary: 'One booking of the store',
    tags: TAGS,
    access: SCHEDULE_READ,
    params: bookingIdParams,
    data: bookingSchema,
    handler: ({ db, params, request }) => getBooking(db, requireAuth(request), params.id),
  });

  route(app, {
    method: 'PUT',
    url: BOOKING_PATHS.one,
    summary: 'Edit a booking (customer, notes, lines: times, technicians, services)',
    description: `Lines with an id are updated, without one added, left out removed. ${CONFLICT_DESCRIPTION} ${MOVE_DESCRIPTION}`,
    tags: TAGS,
    access: SCHEDULE_WRITE,
    idempotency: { required: true },
    params: bookingIdParams,
    body: updateBookingBody,
    data: bookingSchema,
    message: BOOKED_MESSAGE,
    handler: ({ body, db, params, request }) => updateBooking(db, requireAuth(request), params.id, body),
  });

  route(app, {
    method: 'DELETE',
    url: BOOKING_PATHS.one,
    summary: 'Delete a booking (audited); not once it is in service or completed',
    tags: TAGS,
    access: SCHEDULE_WRITE,
    idempotency: { required: true },
    params: bookingIdParams,
    data: deletedBookingSchema,
    message: 'Booking deleted.',
    handler: async ({ db, params, request }) => {
      await deleteBookings(db, requireAuth(request), [params.id]);
      return { id: params.id };
    },
  });

  route(app, {
    method: 'POST',
    url: BOOKING_PATHS.status,
    summary:
      'Move the booking: confirmed, arrived (desk or walk-in queue), in service, completed, cancelled, no-show',
    description: `Cancelled and no-show free the booking's time. ${MOVE_DESCRIPTION}`,
    tags: TAGS,
    access: SCHEDULE_WRITE,
    idempotency: { required: true },
    params: bookingIdParams,
    body: bookingStatusBody,
    data: bookingSchema,
    message: 'Booking updated.',
    handler: ({ body, db, params, request }) => moveBookingStatus(db, requireAuth(request), params.id, body),
  });

  route(app, {
    method: 'POST',
    url: BOOKING_PATHS.attribute,
    summary: 'Set one attribute of a booking (colour, requested, reminder opt-out)',
    tags: TAGS,
    access: SCHEDULE_WRITE,
    idempotency: { required: true },
    params: bookingIdParams,
    body: bookingAttributeBody,
    data: bookingSchema,
    message: 'Booking updated.',
    handler: ({ body, db, params, request }) =>
      setBookingAttribute(db, requireAuth(request), params.id, body),
  });

  route(app, {
    method: 'GET',
    url: BOOKING_PATHS.employees,
    summary: 'The technicians who take bookings in the store, with their hours and days off',
    tags: TAGS,
    access: SCHEDULE_READ,
    data: z.array(bookableEmployeeSchema),
    handler: ({ db, request }) => listBookableEmployees(db, requireAuth(request)),
  });

  route(app, {
    method: 'GET',
    url: BOOKING_PATHS.employeeHours,
    summary: "One employee's booking hours (null entries: not working; own_hours false: the store's)",
    tags: TAGS,
    access: SCHEDULE_READ,
    params: employeeIdParams,
    data: bookableEmployeeSchema,
    handler: ({ db, params, request }) => getBookingHours(db, requireAuth(request), params.id),
  });

  route(app, {
    method: 'PUT',
    url: BOOKING_PATHS.employeeHours,
    summary: "Set one employee's weekly booking hours (null = the store's) and days off",
    tags: TAGS,
    access: SCHEDULE_WRITE,
    idempotency: { required: true },
    params: employeeIdParams,
    body: bookingHoursBody,
    data: bookableEmployeeSchema,
    message: 'Booking hours saved.',
    handler: ({ body, db, params, request }) => putBookingHours(db, requireAuth(request), params.id, body),
  });
}
