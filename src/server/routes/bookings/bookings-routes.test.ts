import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  BUFFER_MESSAGE,
  CUSTOMER_NAME_MESSAGE,
  DURATION_MESSAGE,
  LINES_MESSAGE,
  PROCESSING_MESSAGE,
  RANGE_MESSAGE,
} from '../../../contracts/bookings';
import type { Booking } from '../../../contracts/bookings';
import { ERROR_CODE } from '../../../contracts/error-codes';
import { MODULE, PERMISSION_TEMPLATE_ALL_ON } from '../../../domain/constants';
import { withModule } from '../../../domain/permissions';
import { apiHarness, dataOf } from '../../../../tests/support/server/api-harness';
import type { Headers } from '../../../../tests/support/server/api-harness';
import {
  BOOKINGS_URL,
  bookingBody,
  bookingLine,
  bookingServices,
  bookingTechnician,
} from '../../../../tests/support/server/booking-fixtures';
import { STAFF_PERMISSIONS } from '../../../../tests/support/server/tenant-fixture';
import type { TenantFixture } from '../../../../tests/support/server/tenant-fixture';
import { auditLog } from '../../db/schema/audit-log';
import { bookings, bookingSegments } from '../../db/schema/bookings';
import { customers } from '../../db/schema/customers';
import { liveStoreSequences } from '../../db/schema/live';
import { UNKNOWN_CUSTOMER_MESSAGE } from '../../services/bookings';
import {
  OUTSIDE_HOURS_MESSAGE,
  SAME_TECHNICIAN_OVERLAP_MESSAGE,
  TECHNICIAN_UNAVAILABLE_MESSAGE,
  UNKNOWN_LINE_MESSAGE,
  UNKNOWN_SERVICE_MESSAGE,
} from '../../services/booking-lines';

const api = await apiHarness();

let a: TenantFixture;
let b: TenantFixture;
/** Staff without the Schedule module; manager with it read-only. */
let limited: TenantFixture;
let amy: number;
let zed: number;
let noBooking: number;
let manicure: number; // 45 minutes in the catalog
let colour: number; // 90 minutes
let retired: number;
let ann: number;

/** A Monday; the fixture's store keeps UTC, so these are store wall times too. */
const DAY = '2026-12-07';
const at = (hhmm: string, date = DAY) => `${date}T${hhmm}:00.000Z`;

beforeAll(async () => {
  [a, b, limited] = await Promise.all([
    api.tenant(),
    api.tenant(),
    api.tenant({
      permissions: {
        staff: withModule(STAFF_PERMISSIONS, MODULE.SCHEDULE, { enable: false }),
        manager: withModule(PERMISSION_TEMPLATE_ALL_ON, MODULE.SCHEDULE, { is_writable: false }),
      },
    }),
  ]);
  amy = await bookingTechnician(api.db, a, 'Amy', { displayOrder: 1 });
  zed = await bookingTechnician(api.db, a, 'Zed', { displayOrder: 2 });
  noBooking = await bookingTechnician(api.db, a, 'Nora', { enableBooking: false });
  [manicure, colour, retired] = (await bookingServices(api.db, a, [
    { name: 'Manicure', price: 2500, taxes: '5', durationMinutes: 45 },
    { name: 'Colour', price: 9000, durationMinutes: 90 },
    { name: 'Retired', price: 100, isActive: false },
  ])) as [number, number, number];
  const [customer] = await api.db
    .insert(customers)
    .values({ tenantId: a.tenantId, firstName: 'Ann', lastName: 'Lee', phone: '5551234567' })
    .returning({ id: customers.id });
  ann = customer!.id;
});

function create(body: unknown, headers: Headers = a.headers('staff'), key?: string | null) {
  return api.as(headers).post(BOOKINGS_URL, body, { key });
}

async function created(body: unknown): Promise<Booking> {
  const res = await create(body);
  expect(res.statusCode, res.body).toBe(201);
  return dataOf(res) as Booking;
}

const staff = () => api.as(a, 'staff');

describe('bookings API: access', () => {
  it('needs a session, the Schedule module (writable to write) and an Idempotency-Key', async () => {
    const body = bookingBody([bookingLine(manicure, amy, at('10:00'))]);
    expect((await create(body, {})).statusCode).toBe(401);
    expect((await create(body, limited.headers('staff'))).statusCode).toBe(403);
    expect((await create(body, limited.headers('manager'))).statusCode).toBe(403);
    expect((await create(body, a.headers('staff'), null)).statusCode).toBe(400);
    const range = `${BOOKINGS_URL}?from=${at('00:00')}&to=${at('23:00')}`;
    expect((await api.as(limited, 'manager').get(range)).statusCode).toBe(200);
    expect((await api.as(limited, 'staff').get(range)).statusCode).toBe(403);
  });
});

describe('POST /api/pos/bookingAppt', () => {
  it("stores the catalog's name, taxes and price, the service's duration by default, and the busy segments", async () => {
    const booking = await created(
      bookingBody(
        [
          bookingLine(manicure, amy, at('10:00'), { service_name: 'Free!', unit_price: 1, taxes: '0' }),
          bookingLine(colour, zed, at('10:00'), {
            duration_minutes: 120,
            processing_offset_minutes: 30,
            processing_minutes: 45,
            buffer_after_minutes: 10,
          }),
        ],
        { customer_id: ann, notes: 'Window seat', status: 'confirmed' },
      ),
    );
    expect(booking).toMatchObject({
      status: 'confirmed',
      version: 1,
      customer_id: ann,
      telephone: '5551234567',
      notes: 'Window seat',
      starts_at: at('10:00'),
      ends_at: at('12:00'),
      walk_in_id: null,
      sale_id: null,
    });
    expect(booking.booking_appt_service).toMatchObject([
      {
        service_name: 'Manicure',
        taxes: '5',
        unit_price: 2500,
        user_id: amy,
        duration_minutes: 45,
        ends_at: at('10:45'),
      },
      {
        service_name: 'Colour',
        unit_price: 9000,
        user_id: zed,
        duration_minutes: 120,
        processing_minutes: 45,
      },
    ]);
    const segments = await api.db
      .select({ userId: bookingSegments.userId, during: bookingSegments.during })
      .from(bookingSegments)
      .where(eq(bookingSegments.bookingId, booking.id));
    // Amy: one segment; Zed: two around the processing gap (10:30-11:15), the second with the buffer after.
    expect(segments).toHaveLength(3);
    expect(
      segments
        .filter((s) => s.userId === zed)
        .map((s) => s.during)
        .sort(),
    ).toEqual([
      '["2026-12-07 10:00:00+00","2026-12-07 10:30:00+00")',
      '["2026-12-07 11:15:00+00","2026-12-07 12:10:00+00")',
    ]);
    expect((await staff().get(`${BOOKINGS_URL}/${booking.id}`)).json().data).toEqual(booking);
    expect((await api.as(b, 'owner').get(`${BOOKINGS_URL}/${booking.id}`)).statusCode).toBe(404);
  });

  it('answers a replay of the same uuid (another Idempotency-Key) with the first booking, stored once', async () => {
    const body = bookingBody([bookingLine(manicure, amy, at('15:00'))]);
    const seq = async () =>
      (await api.db.select().from(liveStoreSequences).where(eq(liveStoreSequences.storeId, a.store.id)))[0]
        ?.seq ?? 0;
    const before = await seq();
    const first = await created(body);
    // The store's live channel heard of the new booking once (docs/live.md), and not of the replay.
    expect(await seq()).toBe(before + 1);
    const again = await create(body);
    expect(await seq()).toBe(before + 1);
    expect(again.statusCode, again.body).toBe(200);
    expect(dataOf(again)).toEqual(first);
    const rows = await api.db
      .select()
      .from(bookings)
      .where(eq(bookings.uuid, body.uuid as string));
    expect(rows).toHaveLength(1);
  });

  it('names every wrong field', async () => {
    const res = await create({
      uuid: 'nope',
      customer_name: ' ',
      telephone: 'abc',
      booking_appt_service: [],
    });
    expect(res.statusCode).toBe(422);
    const errors = res.json().errors as Record<string, string[]>;
    expect(errors.uuid).toEqual(['The uuid must be a UUID.']);
    expect(errors.customer_name).toEqual([CUSTOMER_NAME_MESSAGE]);
    expect(errors.telephone).toBeDefined();
    expect(errors.booking_appt_service).toEqual([LINES_MESSAGE]);

    const lines = await create(
      bookingBody([
        bookingLine(manicure, amy, at('10:00'), { duration_minutes: 3 }),
        bookingLine(manicure, amy, at('11:00'), { buffer_before_minutes: 200 }),
      ]),
    );
    expect(lines.json().errors).toMatchObject({
      'booking_appt_service.0.duration_minutes': [DURATION_MESSAGE],
      'booking_appt_service.1.buffer_before_minutes': [BUFFER_MESSAGE],
    });
  });

  it('refuses unknown services, customers, processing outside the service and overlapping lines of one technician', async () => {
    const res = await create(
      bookingBody(
        [
          bookingLine(retired, amy, at('09:00')),
          bookingLine(manicure, amy, at('10:00'), { processing_offset_minutes: 40, processing_minutes: 10 }),
          bookingLine(manicure, amy, at('10:30')),
        ],
        { customer_id: 999_999 },
      ),
    );
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual({
      customer_id: [UNKNOWN_CUSTOMER_MESSAGE],
    });
    const lines = await create(
      bookingBody([
        bookingLine(retired, amy, at('09:00')),
        bookingLine(manicure, amy, at('10:00'), { processing_offset_minutes: 40, processing_minutes: 10 }),
        bookingLine(manicure, amy, at('10:30')),
      ]),
    );
    expect(lines.json().errors).toEqual({
      'booking_appt_service.0.service_id': [UNKNOWN_SERVICE_MESSAGE],
      'booking_appt_service.1.processing_offset_minutes': [PROCESSING_MESSAGE],
      'booking_appt_service.2.starts_at': [SAME_TECHNICIAN_OVERLAP_MESSAGE],
    });
  });

  it('refuses a technician who does not take bookings, and a time outside hours unless allowed', async () => {
    const off = await create(bookingBody([bookingLine(manicure, noBooking, at('10:00'))]));
    expect(off.statusCode).toBe(422);
    expect(off.json()).toMatchObject({
      code: ERROR_CODE.BOOKING_TECHNICIAN_UNAVAILABLE,
      errors: { 'booking_appt_service.0.user_id': [TECHNICIAN_UNAVAILABLE_MESSAGE] },
    });

    // The store's default hours are 09:00-19:00; 18:30 + 45 minutes runs past closing.
    const late = bookingBody([bookingLine(manicure, zed, at('18:30'))]);
    const outside = await create(late);
    expect(outside.statusCode).toBe(422);
    expect(outside.json()).toMatchObject({
      code: ERROR_CODE.BOOKING_OUTSIDE_HOURS,
      errors: { 'booking_appt_service.0.starts_at': [OUTSIDE_HOURS_MESSAGE] },
    });
    expect((await create({ ...late, allow_outside_hours: true })).statusCode).toBe(201);
  });
});

describe('reading the book', () => {
  it('lists a range (by technician, by status), the unassigned, counts per day and the top services', async () => {
    const date = '2026-12-09';
    const one = await created(bookingBody([bookingLine(manicure, amy, at('09:00', date))]));
    const two = await created(
      bookingBody([
        bookingLine(colour, zed, at('11:00', date)),
        bookingLine(manicure, null, at('11:00', date)),
      ]),
    );
    const next = await created(bookingBody([bookingLine(manicure, amy, at('09:00', '2026-12-10'))]));
    const range = `from=${at('00:00', date)}&to=${at('00:00', '2026-12-11')}`;

    const all = dataOf(await staff().get(`${BOOKINGS_URL}?${range}`)) as Booking[];
    expect(all.map((x) => x.id)).toEqual([one.id, two.id, next.id]);
    const zeds = dataOf(await staff().get(`${BOOKINGS_URL}?${range}&user_id=${zed}`)) as Booking[];
    expect(zeds.map((x) => [x.id, x.booking_appt_service.length])).toEqual([[two.id, 1]]);
    const unassigned = dataOf(await staff().get(`${BOOKINGS_URL}/unassigned?${range}`)) as Booking[];
    expect(unassigned.map((x) => x.id)).toEqual([two.id]);
    expect(dataOf(await staff().get(`${BOOKINGS_URL}/count-in-days?${range}`))).toEqual([
      { date, count: 2 },
      { date: '2026-12-10', count: 1 },
    ]);
    expect(dataOf(await staff().get(`${BOOKINGS_URL}/top-services?${range}`))).toEqual([
      { service_id: manicure, service_name: 'Manicure', count: 3 },
      { service_id: colour, service_name: 'Colour', count: 1 },
    ]);
    expect(dataOf(await staff().get(`${BOOKINGS_URL}?${range}&status=confirmed`))).toEqual([]);

    const tooLong = await staff().get(`${BOOKINGS_URL}?from=${at('00:00')}&to=2027-03-01T00:00:00Z`);
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().errors.to).toEqual([RANGE_MESSAGE]);
    expect((await staff().get(`${BOOKINGS_URL}?${range}&status=lost`)).statusCode).toBe(422);
  });
});

describe('changing a booking', () => {
  it('edits lines (update, add, remove) with the version, and refuses a stale one with the current booking', async () => {
    const booking = await created(
      bookingBody([
        bookingLine(manicure, amy, at('13:00', '2026-12-14')),
        bookingLine(colour, zed, at('13:00', '2026-12-14')),
      ]),
    );
    const [first] = booking.booking_appt_service;
    const res = await staff().put(`${BOOKINGS_URL}/${booking.id}`, {
      customer_name: 'Mai T.',
      version: 1,
      booking_appt_service: [
        { ...bookingLine(manicure, zed, at('16:00', '2026-12-14')), id: first!.id },
        bookingLine(manicure, amy, at('16:00', '2026-12-14')),
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const edited = dataOf(res) as Booking;
    expect(edited).toMatchObject({
      version: 2,
      customer_name: 'Mai T.',
      starts_at: at('16:00', '2026-12-14'),
    });
    expect(edited.booking_appt_service.map((l) => [l.id === first!.id, l.user_id])).toEqual([
      [true, zed],
      [false, amy],
    ]);

    const stale = await staff().put(`${BOOKINGS_URL}/${booking.id}`, {
      customer_name: 'Someone else',
      version: 1,
      booking_appt_service: [bookingLine(manicure, amy, at('16:00', '2026-12-14'))],
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: ERROR_CODE.BOOKING_STALE,
      details: { booking: { version: 2 } },
    });

    const foreignLine = await staff().put(`${BOOKINGS_URL}/${booking.id}`, {
      customer_name: 'Mai',
      booking_appt_service: [{ ...bookingLine(manicure, amy, at('16:00', '2026-12-14')), id: 999_999 }],
    });
    expect(foreignLine.json().errors).toEqual({ 'booking_appt_service.0.id': [UNKNOWN_LINE_MESSAGE] });
  });

  it('moves through the statuses, refuses the others, audits reasons and fixes the booking once in service', async () => {
    const booking = await created(bookingBody([bookingLine(manicure, amy, at('09:00', '2026-12-15'))]));
    const move = (status: string, extra: Record<string, unknown> = {}) =>
      staff().post(`${BOOKINGS_URL}/${booking.id}/status`, { status, ...extra });
    expect((await move('confirmed', { version: 1 })).json().data).toMatchObject({
      status: 'confirmed',
      version: 2,
    });
    expect((await move('arrived')).statusCode).toBe(200);
    const refused = await move('booked');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe(ERROR_CODE.BOOKING_STATUS_REFUSED);
    expect((await move('in_service')).statusCode).toBe(200);
    const edit = await staff().put(`${BOOKINGS_URL}/${booking.id}`, {
      customer_name: 'Mai',
      booking_appt_service: [bookingLine(manicure, amy, at('10:00', '2026-12-15'))],
    });
    expect(edit.json().code).toBe(ERROR_CODE.BOOKING_NOT_EDITABLE);
    expect((await move('completed')).json().data).toMatchObject({ status: 'completed', version: 5 });
    expect((await staff().del(`${BOOKINGS_URL}/${booking.id}`)).json().code).toBe(
      ERROR_CODE.BOOKING_NOT_EDITABLE,
    );

    const other = await created(bookingBody([bookingLine(manicure, amy, at('11:00', '2026-12-15'))]));
    const cancel = await staff().post(`${BOOKINGS_URL}/${other.id}/status`, {
      status: 'cancelled',
      reason: 'Feeling unwell',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const [audit] = await api.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, a.tenantId), eq(auditLog.entityId, String(other.id))));
    expect(audit).toMatchObject({
      action: 'bookings.status',
      before: { status: 'booked' },
      after: { status: 'cancelled', reason: 'Feeling unwell' },
    });
  });

  it('assigns an unassigned line, sets attributes, deletes with an audit row', async () => {
    const booking = await created(bookingBody([bookingLine(manicure, null, at('12:00', '2026-12-16'))]));
    const line = booking.booking_appt_service[0]!;
    const assigned = await staff().post(`${BOOKINGS_URL}/assign`, {
      booking_id: booking.id,
      line_id: line.id,
      user_id: zed,
      version: 1,
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(dataOf(assigned)).toMatchObject({
      version: 2,
      booking_appt_service: [{ id: line.id, user_id: zed }],
    });
    const refused = await staff().post(`${BOOKINGS_URL}/assign`, {
      booking_id: booking.id,
      line_id: line.id,
      user_id: noBooking,
    });
    expect(refused.json().code).toBe(ERROR_CODE.BOOKING_TECHNICIAN_UNAVAILABLE);

    const coloured = await staff().post(`${BOOKINGS_URL}/${booking.id}/attribute`, {
      key: 'color',
      value: 'teal',
    });
    expect(dataOf(coloured)).toMatchObject({ version: 3, attributes: { color: 'teal' } });
    expect(
      (await staff().post(`${BOOKINGS_URL}/${booking.id}/attribute`, { key: 'color', value: 'plaid' }))
        .statusCode,
    ).toBe(422);

    const gone = await staff().del(`${BOOKINGS_URL}/${booking.id}`);
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await staff().get(`${BOOKINGS_URL}/${booking.id}`)).statusCode).toBe(404);
    const audits = await api.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'bookings.delete'), eq(auditLog.entityId, String(booking.id))));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.before).toMatchObject({ id: booking.id, customer_name: 'Mai Tran' });
  });

  it('bulk moves all or nothing', async () => {
    const date = '2026-12-17';
    const x = await created(bookingBody([bookingLine(manicure, amy, at('09:00', date))]));
    const y = await created(bookingBody([bookingLine(manicure, amy, at('10:00', date))]));
    const bulk = (body: unknown) => staff().post(`${BOOKINGS_URL}/bulk`, body);
    const done = await bulk({ ids: [x.id, y.id], action: 'status', status: 'confirmed' });
    expect(done.statusCode, done.body).toBe(200);
    expect((dataOf(done) as { bookings: Booking[] }).bookings.map((bk) => bk.status)).toEqual([
      'confirmed',
      'confirmed',
    ]);

    await staff().post(`${BOOKINGS_URL}/${y.id}/status`, { status: 'arrived' });
    // Arrived cannot become a no-show: the whole batch is refused, x keeps its status.
    const refused = await bulk({ ids: [x.id, y.id], action: 'status', status: 'no_show' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: ERROR_CODE.BOOKING_STATUS_REFUSED,
      details: { booking_id: y.id },
    });
    expect((await staff().get(`${BOOKINGS_URL}/${x.id}`)).json().data.status).toBe('confirmed');

    expect((await bulk({ ids: [x.id], action: 'status' })).statusCode).toBe(422);
    expect((await bulk({ ids: [x.id, y.id], action: 'delete' })).statusCode).toBe(200);
    expect((await staff().get(`${BOOKINGS_URL}/${y.id}`)).statusCode).toBe(404);
  });
});

describe('technicians and their hours', () => {
  it('lists who takes bookings with the store hours, and sets own hours and days off', async () => {
    const list = dataOf(await staff().get('/api/pos/employees/enable-booking')) as {
      id: number;
      own_hours: boolean;
    }[];
    expect(list.map((e) => e.id)).toEqual([amy, zed]);
    expect(list[0]).toMatchObject({ own_hours: false, days_off: [] });

    const hours = [null, ...Array.from({ length: 6 }, () => ({ opens: '10:00', closes: '14:00' }))];
    const put = await staff().put(`/api/pos/employees/${zed}/booking-hours`, {
      hours,
      days_off: ['2026-12-22'],
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(dataOf(put)).toMatchObject({ id: zed, own_hours: true, hours, days_off: ['2026-12-22'] });
    expect(dataOf(await staff().get(`/api/pos/employees/${zed}/booking-hours`))).toEqual(dataOf(put));
    const bad = await staff().put(`/api/pos/employees/${zed}/booking-hours`, {
      hours: [{ opens: '14:00', closes: '10:00' }, null, null, null, null, null, null],
      days_off: [],
    });
    expect(bad.statusCode).toBe(422);
    expect((await api.as(b, 'owner').get(`/api/pos/employees/${zed}/booking-hours`)).statusCode).toBe(404);

    // Monday 2026-12-21 10:00-14:00 is fine; the day off (Tuesday) and Sunday are not.
    expect(
      (await create(bookingBody([bookingLine(manicure, zed, at('10:00', '2026-12-21'))]))).statusCode,
    ).toBe(201);
    for (const date of ['2026-12-22', '2026-12-20']) {
      const res = await create(bookingBody([bookingLine(manicure, zed, at('10:00', date))]));
      expect(res.json().code).toBe(ERROR_CODE.BOOKING_OUTSIDE_HOURS);
    }
  });
});
