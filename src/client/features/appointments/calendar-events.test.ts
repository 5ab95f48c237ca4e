/**
 * The book's mapping on the store's clock (docs/appointments.md#time). The device here is set to Ho Chi Minh City
 * (UTC+7, no DST) while the store is in New York, so a test that passed by reading the device's zone would fail.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DATA, EDITABLE } from '../../../../machines/booking-book/booking-book.fixtures';
import type { BookBooking } from '../../../../machines/booking-book/booking-book.types';
import { storeTimeToIso } from '../../../domain/store-time';
import {
  dropToMove,
  gapShare,
  nextSlotDraft,
  shownHours,
  slotToDraft,
  storeToday,
  toCalendarEvents,
  toListDays,
  toResources,
  UNASSIGNED,
} from './calendar-events';
import { releaseStoreZone, storeLocalizer, storeWallTime } from './calendar-localizer';

const ZONE = 'America/New_York';

function bookingAt(startsAt: string, key = '7'): BookBooking {
  const start = Date.parse(startsAt);
  return {
    ...EDITABLE,
    key,
    id: Number(key),
    lines: [
      {
        ...EDITABLE.lines[0]!,
        starts_at: new Date(start).toISOString(),
        ends_at: new Date(start + 60 * 60_000).toISOString(),
      },
    ],
  };
}

// Node reads TZ again when it is assigned; the unit project shares one process, so it is put back after.
const deviceZone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Asia/Ho_Chi_Minh';
});
afterAll(() => {
  if (deviceZone === undefined) delete process.env.TZ;
  else process.env.TZ = deviceZone;
});
afterEach(() => releaseStoreZone());

describe('the store clock, not the device', () => {
  it('runs on a device whose zone is not the store one', () => {
    expect(new Date('2026-11-01T05:30:00.000Z').getHours()).toBe(12);
  });

  it('shows a booking at 01:30 on the day clocks go back at 01:30 (the first one), on its store date', () => {
    const startsAt = storeTimeToIso('2026-11-01T01:30', ZONE)!;
    expect(startsAt).toBe('2026-11-01T05:30:00.000Z');
    const [event] = toCalendarEvents([bookingAt(startsAt)]);
    const localizer = storeLocalizer(ZONE);
    expect(localizer.format(event!.start, 'HH:mm')).toBe('01:30');
    expect(localizer.format(event!.start, 'yyyy-MM-dd')).toBe('2026-11-01');
    // The grid places it 90 real minutes after the store's midnight.
    expect(localizer.getMinutesFromMidnight(event!.start)).toBe(90);
    expect(storeWallTime(event!.start, ZONE)).toBe('01:30');
    // The one-hour service ends at the second 01:30 (durations are real minutes).
    expect(localizer.format(event!.end, 'HH:mm')).toBe('01:30');
    expect(localizer.getMinutesFromMidnight(event!.end)).toBe(150);
  });

  it('knows that day is 25 hours long and the spring one 23', () => {
    const localizer = storeLocalizer(ZONE);
    const back = new Date('2026-11-01T16:00:00.000Z');
    expect(localizer.getTotalMin(localizer.startOf(back, 'day'), localizer.endOf(back, 'day'))).toBe(
      25 * 60 - 1,
    );
    const forward = new Date('2026-03-08T16:00:00.000Z');
    expect(localizer.getTotalMin(localizer.startOf(forward, 'day'), localizer.endOf(forward, 'day'))).toBe(
      23 * 60 - 1,
    );
  });

  it("puts late-evening bookings on the store's date, not the device's next day", () => {
    const late = bookingAt(storeTimeToIso('2026-11-27T21:00', ZONE)!);
    const days = toListDays([late], '2026-11-22', 7, ZONE);
    expect(days.find((d) => d.date === '2026-11-27')?.bookings).toHaveLength(1);
    expect(days.filter((d) => d.bookings.length > 0)).toHaveLength(1);
    expect(storeToday(ZONE, new Date('2026-11-28T03:00:00.000Z'))).toBe('2026-11-27');
  });
});

describe('events, columns and the list', () => {
  it('draws one event per line in its technician column, the processing gap lighter', () => {
    const events = toCalendarEvents(DATA.bookings);
    expect(events.map((e) => [e.id, e.resourceId, e.movable])).toEqual([
      ['1:0', 2, true],
      ['2:0', 2, false],
    ]);
    expect(events[0]).toMatchObject({ customerName: 'Mai Tran', serviceName: 'Gel manicure' });
    // 60 minutes, gap from minute 20 for 15 minutes.
    expect(events[0]!.gap).toEqual({ top: 20 / 60, height: 15 / 60 });
    expect(gapShare({ ...EDITABLE.lines[0]!, processing_minutes: 0 })).toBeNull();
  });

  it('filters by technician and puts unassigned lines in their own column', () => {
    const unassigned = {
      ...EDITABLE,
      key: '5',
      id: 5,
      lines: [{ ...EDITABLE.lines[0]!, user_id: null }],
    };
    expect(toCalendarEvents([unassigned])[0]!.resourceId).toBe(UNASSIGNED);
    expect(toCalendarEvents([unassigned, ...DATA.bookings], 1)).toEqual([]);
    expect(toResources(DATA.employees).map((r) => r.id)).toEqual([1, 2, UNASSIGNED]);
    expect(toResources(DATA.employees, 2).map((r) => r.id)).toEqual([2]);
  });

  it('marks a provisional booking and does not let it be dragged', () => {
    const [event] = toCalendarEvents([{ ...EDITABLE, provisional: true }]);
    expect(event).toMatchObject({ provisional: true, movable: false });
  });

  it('lists each day of the range in order, first start first', () => {
    const nine = bookingAt(storeTimeToIso('2026-11-27T09:00', ZONE)!, '8');
    const eight = bookingAt(storeTimeToIso('2026-11-27T08:00', ZONE)!, '9');
    const days = toListDays([nine, eight], '2026-11-27', 2, ZONE);
    expect(days.map((d) => d.date)).toEqual(['2026-11-27', '2026-11-28']);
    expect(days[0]!.bookings.map((b) => b.booking.key)).toEqual(['9', '8']);
    expect(days[1]!.bookings).toEqual([]);
  });
});

describe('drops and resizes', () => {
  const [event] = toCalendarEvents([EDITABLE]);

  it('a drop in another column moves the line there, same length', () => {
    const start = new Date('2026-11-27T17:00:00.000Z');
    expect(dropToMove({ event: event!, start, end: start, resourceId: UNASSIGNED }, 'drop')).toEqual({
      bookingKey: '1',
      lineIndex: 0,
      userId: null,
      startsAt: '2026-11-27T17:00:00.000Z',
      durationMinutes: 60,
    });
  });

  it('a resize changes the length (5 minutes at least); dropping it where it was changes nothing', () => {
    const start = event!.start;
    const end = new Date(start.getTime() + 90 * 60_000);
    expect(dropToMove({ event: event!, start, end }, 'resize')?.durationMinutes).toBe(90);
    expect(dropToMove({ event: event!, start, end: start }, 'resize')?.durationMinutes).toBe(5);
    expect(dropToMove({ event: event!, start, end: event!.end }, 'drop')).toBeNull();
  });

  it('a tapped slot is a draft for its column', () => {
    const start = new Date('2026-11-27T18:00:00.000Z');
    expect(slotToDraft(start, 1)).toEqual({ user_id: 1, starts_at: '2026-11-27T18:00:00.000Z' });
    expect(slotToDraft(start, UNASSIGNED).user_id).toBeNull();
    // "New appointment": the next quarter hour, nobody chosen; a time on a quarter is that quarter.
    expect(nextSlotDraft(Date.parse('2026-11-27T18:07:31Z'))).toEqual({
      user_id: null,
      starts_at: '2026-11-27T18:15:00.000Z',
    });
    expect(nextSlotDraft(Date.parse('2026-11-27T18:45:00Z')).starts_at).toBe('2026-11-27T18:45:00.000Z');
  });
});

describe('the hours the grid draws', () => {
  const ZONE = 'America/New_York';
  const event = (start: string, end: string) => ({ start: new Date(start), end: new Date(end) });

  it('is the working window, widened to whole hours and to every event, or the whole day', () => {
    const window = { opens: '09:00', closes: '19:30' };
    expect(shownHours(window, [], ZONE)).toEqual({ from: '09:00', to: '20:00' });
    // 07:45 to 08:30 New York time (EST): drawn from 07:00.
    expect(shownHours(window, [event('2026-11-27T12:45:00Z', '2026-11-27T13:30:00Z')], ZONE)).toEqual({
      from: '07:00',
      to: '20:00',
    });
    // Until midnight: to the end of the day; over midnight: the whole day.
    expect(shownHours(window, [event('2026-11-28T04:00:00Z', '2026-11-28T05:00:00Z')], ZONE).to).toBe(
      '24:00',
    );
    expect(shownHours(window, [event('2026-11-28T04:00:00Z', '2026-11-28T06:00:00Z')], ZONE)).toEqual({
      from: '00:00',
      to: '24:00',
    });
    expect(shownHours(null, [], ZONE)).toEqual({ from: '00:00', to: '24:00' });
  });
});
