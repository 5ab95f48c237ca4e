/**
 * Free slots for the bookings benchmark: every request must book a technician and time nobody holds, inside
 * the technician's working hours (docs/appointments.md#availability), so each create succeeds on its merits
 * and none is a conflict or a booking_outside_hours. Slots are laid end to end in each working window, one
 * line's duration long, in the order day → time → technician, so requests in flight at once mostly fall on
 * different technicians (as at a front desk) rather than queue behind one technician's rows.
 */
import type { BookableEmployee } from '../../src/contracts/bookings';
import { addDays, WEEKDAYS, workingWindows } from '../../src/domain/bookings/availability';
import type { WeeklyHours } from '../../src/domain/bookings/availability';
import { MINUTE_MS } from '../../src/domain/bookings/segments';

export interface Slot {
  userId: number;
  /** ISO-8601 instant. */
  startsAt: string;
  /** Epoch ms. */
  start: number;
  end: number;
}

function weeklyHours(employee: BookableEmployee): WeeklyHours {
  return Object.fromEntries(WEEKDAYS.map((day) => [day, employee.hours[day] ?? null])) as WeeklyHours;
}

/** Slots from `fromDate` (a store date) on, day after day, without end. */
export function* freeSlots(
  technicians: readonly BookableEmployee[],
  durationMinutes: number,
  fromDate: string,
  timeZone: string,
): Generator<Slot, never> {
  if (technicians.length === 0) throw new Error('no technician takes bookings');
  const people = technicians.map((t) => ({
    id: t.id,
    hours: weeklyHours(t),
    daysOff: new Set(t.days_off),
  }));
  const length = durationMinutes * MINUTE_MS;
  for (let day = 0, emptyDays = 0; ; day += 1) {
    const date = addDays(fromDate, day);
    const starts = people.map((p) => {
      const [window] = workingWindows(date, 1, p.hours, p.daysOff, timeZone);
      const out: number[] = [];
      for (let at = window?.start ?? 0; window && at + length <= window.end; at += length) out.push(at);
      return out;
    });
    const most = Math.max(...starts.map((s) => s.length));
    emptyDays = most === 0 ? emptyDays + 1 : 0;
    if (emptyDays > 14) throw new Error(`no technician works two weeks from ${date}`);
    for (let i = 0; i < most; i += 1) {
      for (const [p, person] of people.entries()) {
        const start = starts[p]![i];
        if (start === undefined) continue;
        yield { userId: person.id, startsAt: new Date(start).toISOString(), start, end: start + length };
      }
    }
  }
}
