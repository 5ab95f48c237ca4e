/**
 * "Start sale" (docs/appointments.md#status): the booking moves to in service and the sale screen opens with it
 * attached, as the walk-in queue's "start" opens it with a turn (features/walk-in: a navigation to /pos/sales
 * whose route state the sale area reads once, app/areas/sale-area.tsx takeWalkInTurn).
 *
 * The state is `{ bookingSale: { booking, others } }`: `booking` is what the sale's `booking.add` takes
 * (src/domain/order.types.ts Booking: the first technician's lines under that technician), `others` the lines
 * of every other technician (and the unassigned ones, employee null), each to become a line for its
 * technician (docs/appointments.md#status "each booked line becomes a line for its technician").
 */
import { z } from 'zod';
import type { Booking, BookableEmployee } from '../../../contracts/bookings';

/** The sale screen's address (app/areas/sale-area.tsx). */
export const SALE_PATH = '/pos/sales';

const employeeSchema = z.object({ id: z.number().int().positive(), name: z.string() });
const serviceSchema = z.object({
  service_id: z.number().int().positive(),
  service_name: z.string(),
  taxes: z.string(),
  unit_price: z.number().int().min(0),
});

/** What the navigation carries; the sale area parses it with this before its input takes it. */
export const bookingSaleState = z.object({
  bookingSale: z.object({
    booking: z.object({
      id: z.number().int().positive(),
      employee: employeeSchema.nullable(),
      booking_appt_service: z.array(serviceSchema),
    }),
    others: z.array(z.object({ employee: employeeSchema.nullable(), services: z.array(serviceSchema) })),
  }),
});
export type BookingSaleState = z.infer<typeof bookingSaleState>;
export type BookingSale = BookingSaleState['bookingSale'];

/** The booking's lines grouped by technician, in line order: the first technician's are the booking. */
export function bookingSaleOf(
  booking: Booking,
  employees: readonly Pick<BookableEmployee, 'id' | 'name'>[],
): BookingSale {
  const employeeOf = (id: number | null) => {
    if (id === null) return null;
    const found = employees.find((e) => e.id === id);
    return { id, name: found?.name ?? '' };
  };
  const groups: Array<{ userId: number | null; services: BookingSale['booking']['booking_appt_service'] }> =
    [];
  for (const line of booking.booking_appt_service) {
    const service = {
      service_id: line.service_id,
      service_name: line.service_name,
      taxes: line.taxes,
      unit_price: line.unit_price,
    };
    const group = groups.find((g) => g.userId === line.user_id);
    if (group) group.services.push(service);
    else groups.push({ userId: line.user_id, services: [service] });
  }
  // The booking goes to a technician when one is named: the sale puts a booking's lines under its employee.
  const firstIndex = Math.max(
    0,
    groups.findIndex((g) => g.userId !== null),
  );
  const first = groups[firstIndex];
  return {
    booking: {
      id: booking.id,
      employee: employeeOf(first?.userId ?? null),
      booking_appt_service: first?.services ?? [],
    },
    others: groups
      .filter((_, i) => i !== firstIndex)
      .map((g) => ({ employee: employeeOf(g.userId), services: g.services })),
  };
}

/** The navigation's state: the sale screen opens with this booking. */
export function bookingSaleNavigation(
  booking: Booking,
  employees: readonly Pick<BookableEmployee, 'id' | 'name'>[],
): BookingSaleState {
  return { bookingSale: bookingSaleOf(booking, employees) };
}
