import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Booking, BookingConflictDetails } from '../../../contracts/bookings';
import { ERROR_CODE } from '../../../contracts/error-codes';
import { apiHarness, dataOf } from '../../../../tests/support/server/api-harness';
import {
  BOOKINGS_URL,
  bookingBody,
  bookingLine,
  bookingServices,
  bookingTechnician,
} from '../../../../tests/support/server/booking-fixtures';
import { createTestSale } from '../../../../tests/support/server/test-sales';
import { saleBody } from '../../../../tests/support/server/sale-test-data';
import { SALE_STATUS } from '../../../domain/constants';
import type { TenantFixture } from '../../../../tests/support/server/tenant-fixture';
import { walkIns } from '../../db/schema/walk-ins';
import { completeBookingForSale } from '../../services/booking-moves';

const api = await apiHarness();

let a: TenantFixture;
let amy: number;
let zed: number;
let manicure: number; // 45 minutes

/** A Monday; the fixture's store keeps UTC (store wall time = UTC). */
const at = (hhmm: string, date = '2026-12-07') => `${date}T${hhmm}:00.000Z`;

beforeAll(async () => {
  a = await api.tenant();
  amy = await bookingTechnician(api.db, a, 'Amy', { displayOrder: 1 });
  zed = await bookingTechnician(api.db, a, 'Zed', { displayOrder: 2 });
  await bookingTechnician(api.db, a, 'Nora', { enableBooking: false });
  [manicure] = (await bookingServices(api.db, a, [
    { name: 'Manicure', price: 2500, durationMinutes: 45 },
  ])) as [number];
});

const staff = () => api.as(a, 'staff');

async function book(lines: Record<string, unknown>[], extra: Record<string, unknown> = {}) {
  return staff().post(BOOKINGS_URL, bookingBody(lines, extra));
}

async function booked(
  lines: Record<string, unknown>[],
  extra: Record<string, unknown> = {},
): Promise<Booking> {
  const res = await book(lines, extra);
  expect(res.statusCode, res.body).toBe(201);
  return dataOf(res) as Booking;
}

function conflictOf(res: Awaited<ReturnType<typeof book>>): BookingConflictDetails {
  expect(res.statusCode, res.body).toBe(409);
  expect(res.json().code).toBe(ERROR_CODE.BOOKING_CONFLICT);
  return res.json().details as BookingConflictDetails;
}

describe('no double booking', () => {
  it('answers an overlap with the booking in the way and the same technician’s next free starts', async () => {
    const first = await booked([bookingLine(manicure, amy, at('10:00'), { duration_minutes: 60 })], {
      customer_name: 'Lan',
    });
    const details = conflictOf(
      await book([bookingLine(manicure, zed, at('10:30')), bookingLine(manicure, amy, at('10:30'))]),
    );
    expect(details.line_index).toBe(1);
    expect(details.conflicts).toEqual([
      {
        booking_id: first.id,
        line_id: first.booking_appt_service[0]!.id,
        user_id: amy,
        customer_name: 'Lan',
        starts_at: at('10:00'),
        ends_at: at('11:00'),
      },
    ]);
    expect(details.next_slots).toEqual(
      ['11:00', '11:15', '11:30', '11:45', '12:00'].map((t) => ({ user_id: amy, starts_at: at(t) })),
    );
    // Nothing of the refused booking was kept: Zed is still free at 10:30.
    expect((await book([bookingLine(manicure, zed, at('10:30'))])).statusCode).toBe(201);
  });

  it('offers other technicians free at the asked time when the technician’s day is full', async () => {
    const date = '2026-12-08';
    await booked([bookingLine(manicure, amy, at('09:00', date), { duration_minutes: 600 })], {
      allow_outside_hours: false,
    });
    const details = conflictOf(await book([bookingLine(manicure, amy, at('10:30', date))]));
    // Amy has no working time left that day; Zed can take it; Nora does not take bookings.
    expect(details.next_slots).toEqual([{ user_id: zed, starts_at: at('10:30', date) }]);
  });

  it('lets back-to-back lines through and counts buffers as the technician’s time', async () => {
    const date = '2026-12-09';
    await booked([bookingLine(manicure, amy, at('13:00', date))]);
    await booked([bookingLine(manicure, amy, at('13:45', date))]);
    const buffered = conflictOf(
      await book([bookingLine(manicure, amy, at('14:30', date), { buffer_before_minutes: 5 })]),
    );
    expect(buffered.conflicts.map((c) => c.starts_at)).toEqual([at('13:45', date)]);
  });

  it('lets another booking into the processing gap, and not past it', async () => {
    const date = '2026-12-10';
    await booked([
      bookingLine(manicure, amy, at('10:00', date), {
        duration_minutes: 120,
        processing_offset_minutes: 30,
        processing_minutes: 45,
      }),
    ]);
    // The gap is 10:30-11:15: a 45-minute line fits exactly.
    await booked([bookingLine(manicure, amy, at('10:30', date))]);
    conflictOf(
      await book([
        bookingLine(manicure, zed, at('10:45', date)),
        bookingLine(manicure, amy, at('10:45', date)),
      ]),
    );
  });

  it('frees the slot when a booking is cancelled or marked a no-show', async () => {
    const date = '2026-12-11';
    for (const status of ['cancelled', 'no_show']) {
      const first = await booked([bookingLine(manicure, zed, at('15:00', date))]);
      conflictOf(await book([bookingLine(manicure, zed, at('15:00', date))]));
      const moved = await staff().post(`${BOOKINGS_URL}/${first.id}/status`, { status, version: 1 });
      expect(moved.statusCode, moved.body).toBe(200);
      const second = await booked([bookingLine(manicure, zed, at('15:00', date))]);
      // The second is in the way of the next round: give its time back too.
      await staff().post(`${BOOKINGS_URL}/${second.id}/status`, { status: 'cancelled' });
    }
  });

  it('refuses an edit or an assignment into another booking’s time and leaves the booking as it was', async () => {
    const date = '2026-12-14';
    await booked([bookingLine(manicure, amy, at('09:00', date))]);
    const mine = await booked([bookingLine(manicure, zed, at('09:00', date))]);
    const edit = await staff().put(`${BOOKINGS_URL}/${mine.id}`, {
      customer_name: 'Mai',
      version: 1,
      booking_appt_service: [
        { ...bookingLine(manicure, amy, at('09:30', date)), id: mine.booking_appt_service[0]!.id },
      ],
    });
    expect(conflictOf(edit).line_index).toBe(0);
    const assign = await staff().post(`${BOOKINGS_URL}/assign`, {
      booking_id: mine.id,
      line_id: mine.booking_appt_service[0]!.id,
      user_id: amy,
    });
    conflictOf(assign);
    expect(dataOf(await staff().get(`${BOOKINGS_URL}/${mine.id}`))).toEqual(mine);
  });
});

describe('arrival and the sale', () => {
  it('arrival into the queue makes a walk-in with the booked services and the technician', async () => {
    const booking = await booked([bookingLine(manicure, amy, at('11:00', '2026-12-15'))]);
    const res = await staff().post(`${BOOKINGS_URL}/${booking.id}/status`, {
      status: 'arrived',
      arrival: 'queue',
    });
    expect(res.statusCode, res.body).toBe(200);
    const arrived = dataOf(res) as Booking;
    expect(arrived.walk_in_id).not.toBeNull();
    const [walkIn] = await api.db.select().from(walkIns).where(eq(walkIns.id, arrived.walk_in_id!));
    expect(walkIn).toMatchObject({ userId: amy, customerName: 'Mai Tran', status: 'waiting' });
    expect(walkIn!.services.map((s) => s.service_id)).toEqual([manicure]);
  });

  it('a sale saved with booking_id completes the booking; a draft of it leaves the booking as it was', async () => {
    const booking = await booked([bookingLine(manicure, amy, at('15:00', '2026-12-15'))]);
    const body = (status: number) =>
      saleBody({
        employeeId: amy,
        lines: [{ item_id: manicure }],
        status,
        ...(status === SALE_STATUS.DRAFT ? { payments: [] } : {}),
        extra: { booking_id: booking.id },
      });
    const draft = await staff().post('/api/pos/sales', body(SALE_STATUS.DRAFT));
    expect(draft.statusCode, draft.body).toBe(201);
    expect(dataOf<Booking>(await staff().get(`${BOOKINGS_URL}/${booking.id}`)).status).toBe('booked');

    const sale = await staff().post('/api/pos/sales', body(SALE_STATUS.SALE));
    expect(sale.statusCode, sale.body).toBe(201);
    const saleId = dataOf<{ id: number }>(sale).id;
    expect(dataOf<Booking>(await staff().get(`${BOOKINGS_URL}/${booking.id}`))).toMatchObject({
      status: 'completed',
      sale_id: saleId,
    });
  });

  it('completeBookingForSale completes the booking with the sale in the caller’s transaction', async () => {
    const booking = await booked([bookingLine(manicure, amy, at('12:00', '2026-12-15'))]);
    const auth = a.auth('staff');
    const sale = await createTestSale(api.db, auth);
    const input = { tenantId: a.tenantId, storeId: a.store.id, bookingId: booking.id, saleId: sale.id };
    const done = await api.db.transaction((tx) => completeBookingForSale(tx, input));
    expect(done).toMatchObject({ status: 'completed', sale_id: sale.id, version: 2 });
    // A replay of the same sale leaves it; a cancelled booking cannot be completed.
    expect((await completeBookingForSale(api.db, input)).version).toBe(2);
    const other = await booked([bookingLine(manicure, amy, at('13:00', '2026-12-15'))]);
    await staff().post(`${BOOKINGS_URL}/${other.id}/status`, { status: 'cancelled' });
    await expect(completeBookingForSale(api.db, { ...input, bookingId: other.id })).rejects.toMatchObject({
      statusCode: 409,
      code: ERROR_CODE.BOOKING_STATUS_REFUSED,
    });
  });
});
