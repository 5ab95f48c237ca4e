/**
 * The demo's appointment book (docs/appointments.md): a week of bookings around today, written through the real
 * services (createBooking, moveBookingStatus) inside the seed's transaction, so the book shows what the desk
 * itself would have written: past days completed (and one no-show), today's mix of statuses, the coming days
 * booked and confirmed, one visit with two technicians at once, one colour with processing time, and one line
 * nobody has taken yet (the Unassigned column).
 *
 * Times are the store's wall clock, inside the default booking hours (09:00–19:00), and no two lines of one
 * technician overlap (the exclusion constraint would refuse the seed otherwise). Demo customers only; no browser
 * spec looks for these by name, and today's bookings keep clear of the hours the appointment spec books in.
 */
import { randomUUID } from 'node:crypto';
import { createBookingBody } from '../../contracts/bookings';
import type { BookingStatus } from '../../domain/bookings/status';
import { addDays, storeInstant } from '../../domain/bookings/availability';
import { dayInTimeZone } from '../../domain/report-periods';
import { normalisePhone } from '../../domain/normalise';
import type { Queryable } from '../db/client';
import { createBooking } from '../services/bookings';
import { moveBookingStatus } from '../services/booking-moves';
import { DEMO_CUSTOMERS } from './demo-customers';
import { must } from './demo-week';
import type { DemoFrontDeskRefs } from './demo-front-desk';

interface DemoLine {
  service: string;
  /** Technician's username; null: unassigned. */
  technician: string | null;
  at: string;
  processing?: { offset: number; minutes: number; duration: number };
}

interface DemoBooking {
  /** Days from today (negative: past). */
  day: number;
  customerPhone: string;
  lines: readonly DemoLine[];
  /** Where it ends up; each step is a real status move from booked. */
  status: BookingStatus;
  notes?: string;
}

/** The moves from booked to each status (src/domain/bookings/status.ts). */
const PATH: Record<BookingStatus, readonly BookingStatus[]> = {
  booked: [],
  confirmed: ['confirmed'],
  arrived: ['confirmed', 'arrived'],
  in_service: ['confirmed', 'in_service'],
  completed: ['confirmed', 'in_service', 'completed'],
  cancelled: ['cancelled'],
  no_show: ['no_show'],
};

/** Before today: a working week's worth of visits, the pattern repeated with the day's offset. */
function pastDay(day: number): DemoBooking[] {
  return [
    {
      day,
      customerPhone: '2125551001',
      status: 'completed',
      lines: [{ service: 'Gel Manicure', technician: 'anna', at: '10:00' }],
    },
    {
      day,
      customerPhone: '2125551003',
      status: day === -2 ? 'no_show' : 'completed',
      lines: [{ service: 'Classic Pedicure', technician: 'bella', at: '11:30' }],
    },
    {
      day,
      customerPhone: '2125551004',
      status: 'completed',
      lines: [{ service: 'Classic Manicure', technician: 'chloe', at: '14:00' }],
    },
  ];
}

export const DEMO_BOOKINGS: readonly DemoBooking[] = [
  ...[-6, -5, -4, -3, -2, -1].flatMap(pastDay),
  // Today: one done, one here, one with two technicians at once, one colour with processing, one unassigned.
  {
    day: 0,
    customerPhone: '2125551001',
    status: 'completed',
    lines: [{ service: 'Classic Manicure', technician: 'anna', at: '09:00' }],
  },
  {
    day: 0,
    customerPhone: '2125551003',
    status: 'arrived',
    lines: [{ service: 'Gel Manicure', technician: 'bella', at: '09:30' }],
  },
  {
    day: 0,
    customerPhone: '2125551004',
    status: 'confirmed',
    notes: 'Mother and daughter: side by side.',
    lines: [
      { service: 'Gel Manicure', technician: 'anna', at: '15:00' },
      { service: 'Classic Pedicure', technician: 'chloe', at: '15:00' },
    ],
  },
  {
    day: 0,
    customerPhone: '2125551005',
    status: 'booked',
    notes: 'Gel set needs 20 minutes under the lamp.',
    lines: [
      {
        service: 'Gel Manicure',
        technician: 'bella',
        at: '16:00',
        processing: { offset: 30, minutes: 20, duration: 75 },
      },
    ],
  },
  {
    day: 0,
    customerPhone: '2125551002',
    status: 'booked',
    lines: [{ service: 'Classic Pedicure', technician: null, at: '17:00' }],
  },
  // The coming days.
  {
    day: 1,
    customerPhone: '2125551002',
    status: 'confirmed',
    lines: [{ service: 'Gel Manicure', technician: 'chloe', at: '10:00' }],
  },
  {
    day: 1,
    customerPhone: '2125551001',
    status: 'booked',
    lines: [{ service: 'Classic Pedicure', technician: 'anna', at: '13:00' }],
  },
  {
    day: 2,
    customerPhone: '2125551003',
    status: 'booked',
    lines: [{ service: 'Classic Manicure', technician: 'bella', at: '11:00' }],
  },
  {
    day: 2,
    customerPhone: '2125551004',
    status: 'cancelled',
    lines: [{ service: 'Gel Manicure', technician: 'anna', at: '12:00' }],
  },
  {
    day: 3,
    customerPhone: '2125551005',
    status: 'booked',
    lines: [{ service: 'Gel Manicure', technician: 'chloe', at: '14:30' }],
  },
];

function nameOf(phone: string): string {
  const customer = DEMO_CUSTOMERS.find((c) => c.phone === phone);
  if (!customer) throw new Error(`No demo customer with phone ${phone}.`);
  return `${customer.firstName} ${customer.lastName}`;
}

/** The week's bookings, created and moved through their statuses at the front desk. */
export async function seedDemoBookings(tx: Queryable, now: Date, refs: DemoFrontDeskRefs): Promise<void> {
  const today = dayInTimeZone(now, refs.timezone);
  for (const b of DEMO_BOOKINGS) {
    const date = addDays(today, b.day);
    const customerId = must(refs.customerIds, normalisePhone(b.customerPhone));
    const body = createBookingBody.parse({
      uuid: randomUUID(),
      customer_id: customerId,
      customer_name: nameOf(b.customerPhone),
      ...(b.notes ? { notes: b.notes } : {}),
      booking_appt_service: b.lines.map((line) => ({
        service_id: must(refs.serviceIds, line.service),
        user_id: line.technician === null ? null : must(refs.userIds, line.technician),
        starts_at: new Date(storeInstant(date, line.at, refs.timezone)).toISOString(),
        ...(line.processing
          ? {
              duration_minutes: line.processing.duration,
              processing_offset_minutes: line.processing.offset,
              processing_minutes: line.processing.minutes,
            }
          : {}),
      })),
    });
    const { booking } = await createBooking(tx, refs.auth, body);
    for (const status of PATH[b.status]) {
      await moveBookingStatus(tx, refs.auth, booking.id, {
        status,
        arrival: 'desk',
        ...(status === 'cancelled' ? { reason: 'Customer called to cancel.' } : {}),
      });
    }
  }
}
