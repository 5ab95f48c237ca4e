/**
 * The book's bookings as react-big-calendar draws them (docs/decisions/019-appointment-calendar-library.md):
 * one event per service line, in its technician's column (or the unassigned one), with the processing gap
 * (src/domain/bookings/segments.ts busySegments) as a share of the event so it can be drawn lighter; the
 * columns; the phone list grouped by store date; a drop or resize turned into the chart's move.
 *
 * Events carry real instants (`Date`s of the API's UTC times). The store's wall clock is the localizer's job
 * (calendar-localizer.ts): nothing here reads the device's zone, and store dates are computed with the store's
 * zone explicitly.
 */
import type {
  BookBooking,
  BookEmployee,
  BookingDraft,
  BookLine,
  LineMove,
  WorkingWindow,
} from '../../../../machines/booking-book/booking-book.types';
import type { BookingStatus } from '../../../contracts/bookings';
import { addDays, SLOT_STEP_MINUTES } from '../../../domain/bookings/availability';
import { busySegments, MAX_LINE_MINUTES, MINUTE_MS } from '../../../domain/bookings/segments';
import { isEditableBooking } from '../../../domain/bookings/status';
import { isoToStoreTime } from '../../../domain/store-time';

/** The column of lines nobody has been given yet. */
export const UNASSIGNED = 'unassigned';
export type ResourceId = number | typeof UNASSIGNED;

export interface CalendarResource {
  id: ResourceId;
  /** The technician's name; null for the unassigned column (the screen words it). */
  name: string | null;
}

/** The processing gap as shares of the event's height: where it starts and how long it is. */
export interface GapShare {
  top: number;
  height: number;
}

export interface CalendarEvent {
  /** `<booking key>:<line index>`. */
  id: string;
  bookingKey: string;
  lineIndex: number;
  start: Date;
  end: Date;
  resourceId: ResourceId;
  customerName: string;
  serviceName: string;
  status: BookingStatus;
  provisional: boolean;
  /** A booking made offline that the server refused (its slot was taken): drawn red until someone chooses. */
  refused: boolean;
  /** The booking's own colour (its `color` attribute), else null: the status colours it. */
  color: string | null;
  gap: GapShare | null;
  durationMinutes: number;
  /** Whether a drag or resize may change it (editable status, known to the server). */
  movable: boolean;
}

/** Status colours (Chakra palettes): the book's legend. */
export const STATUS_PALETTE: Readonly<Record<BookingStatus, string>> = {
  booked: 'blue',
  confirmed: 'teal',
  arrived: 'purple',
  in_service: 'green',
  completed: 'gray',
  cancelled: 'red',
  no_show: 'orange',
};

/** The gap of a line with processing time, as shares of its service time; null without one. */
export function gapShare(line: BookLine): GapShare | null {
  const start = Date.parse(line.starts_at);
  const segments = busySegments({
    start,
    durationMinutes: line.duration_minutes,
    processingOffsetMinutes: line.processing_offset_minutes,
    processingMinutes: line.processing_minutes,
    bufferBeforeMinutes: 0,
    bufferAfterMinutes: 0,
  });
  const [first, second] = segments;
  if (!first || !second) return null;
  const length = line.duration_minutes * MINUTE_MS;
  return { top: (first.end - start) / length, height: (second.start - first.end) / length };
}

export function resourceOf(userId: number | null): ResourceId {
  return userId ?? UNASSIGNED;
}

/** Whether a line is in the filter (null: every technician). */
function shown(line: BookLine, technicianId: number | null): boolean {
  return technicianId === null || line.user_id === technicianId;
}

export function toCalendarEvents(
  bookings: readonly BookBooking[],
  technicianId: number | null = null,
): CalendarEvent[] {
  return bookings.flatMap((booking) =>
    booking.lines.flatMap((line, lineIndex) =>
      shown(line, technicianId)
        ? [
            {
              id: `${booking.key}:${lineIndex}`,
              bookingKey: booking.key,
              lineIndex,
              start: new Date(line.starts_at),
              end: new Date(line.ends_at),
              resourceId: resourceOf(line.user_id),
              customerName: booking.customer_name,
              serviceName: line.service_name,
              status: booking.status,
              provisional: booking.provisional,
              refused: booking.refusal != null,
              color: booking.refusal != null ? 'red' : booking.color,
              gap: gapShare(line),
              durationMinutes: line.duration_minutes,
              movable: !booking.provisional && booking.id !== null && isEditableBooking(booking.status),
            },
          ]
        : [],
    ),
  );
}

/** The day view's columns: every bookable technician (or the one filtered), then the unassigned column. */
export function toResources(
  employees: readonly BookEmployee[],
  technicianId: number | null = null,
): CalendarResource[] {
  const people = employees
    .filter((e) => technicianId === null || e.id === technicianId)
    .map((e) => ({ id: e.id, name: e.name }));
  return technicianId === null ? [...people, { id: UNASSIGNED, name: null }] : people;
}

/** The store date ('YYYY-MM-DD') of an instant. */
export function storeDateOf(at: string | Date, timeZone: string): string {
  return isoToStoreTime(typeof at === 'string' ? at : at.toISOString(), timeZone).slice(0, 10);
}

/** Today's date on the store's wall clock. */
export function storeToday(timeZone: string, now: Date = new Date()): string {
  return storeDateOf(now, timeZone);
}

export interface ListDay {
  date: string;
  /** The day's bookings by their first line's start; each with the lines shown. */
  bookings: Array<{ booking: BookBooking; lines: BookLine[]; startsAt: string }>;
}

/**
 * The phone list: each store date of the range with its bookings, first start first, under the technician
 * filter. Every date is listed, empty ones too (the screen says "No bookings on this day").
 */
export function toListDays(
  bookings: readonly BookBooking[],
  fromDate: string,
  days: number,
  timeZone: string,
  technicianId: number | null = null,
): ListDay[] {
  const byDate = new Map<string, ListDay['bookings']>();
  for (let i = 0; i < days; i += 1) byDate.set(addDays(fromDate, i), []);
  for (const booking of bookings) {
    const lines = booking.lines
      .filter((line) => shown(line, technicianId))
      .sort((a, b) => Date.parse(a.starts_at) - Date.parse(b.starts_at));
    const first = lines[0];
    if (!first) continue;
    byDate.get(storeDateOf(first.starts_at, timeZone))?.push({ booking, lines, startsAt: first.starts_at });
  }
  return [...byDate].map(([date, list]) => ({
    date,
    bookings: list.sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt)),
  }));
}

/** react-big-calendar's drop and resize arguments, the parts the book reads. */
export interface DropArgs {
  event: CalendarEvent;
  start: Date | string;
  end: Date | string;
  resourceId?: ResourceId | undefined;
}

const MIN_LINE_MINUTES = 5;

/**
 * A drop (the line keeps its duration; a drop in another column changes its technician) or a resize (the new
 * length, 5 minutes to the longest line) as the chart's move; null when nothing changed.
 */
export function dropToMove(args: DropArgs, kind: 'drop' | 'resize'): LineMove | null {
  const { event } = args;
  const start = new Date(args.start);
  const end = new Date(args.end);
  const resource = args.resourceId === undefined ? event.resourceId : args.resourceId;
  const durationMinutes =
    kind === 'drop'
      ? event.durationMinutes
      : Math.min(
          MAX_LINE_MINUTES,
          Math.max(MIN_LINE_MINUTES, Math.round((end.getTime() - start.getTime()) / MINUTE_MS)),
        );
  const move: LineMove = {
    bookingKey: event.bookingKey,
    lineIndex: event.lineIndex,
    userId: resource === UNASSIGNED ? null : resource,
    startsAt: start.toISOString(),
    durationMinutes,
  };
  const unchanged =
    start.getTime() === event.start.getTime() &&
    move.userId === (event.resourceId === UNASSIGNED ? null : event.resourceId) &&
    durationMinutes === event.durationMinutes;
  return unchanged ? null : move;
}

/** The new booking draft of a tapped empty slot. */
/** A new booking from "now": the next quarter hour (a slot of the grid), nobody chosen yet. */
export function nextSlotDraft(now: number): BookingDraft {
  const step = SLOT_STEP_MINUTES * MINUTE_MS;
  return slotToDraft(new Date(Math.ceil(now / step) * step), undefined);
}

export function slotToDraft(start: Date, resourceId: ResourceId | undefined): BookingDraft {
  return {
    user_id: resourceId === undefined || resourceId === UNASSIGNED ? null : resourceId,
    starts_at: start.toISOString(),
  };
}

/** The hours the grid draws ('HH:mm'; '24:00' for the end of the day). */
export interface ShownHours {
  from: string;
  to: string;
}

const WHOLE_DAY: ShownHours = { from: '00:00', to: '24:00' };

/**
 * The working window widened to whole hours and to every event shown, so nothing booked is ever out of sight
 * (a booking confirmed outside hours, one at night): fewer rows to draw than the whole day, which on a busy
 * week is most of the grid's cost (docs/appointments.md#speed). No window: the whole day.
 */
export function shownHours(
  window: WorkingWindow | null | undefined,
  events: readonly Pick<CalendarEvent, 'start' | 'end'>[],
  timeZone: string,
): ShownHours {
  if (!window) return WHOLE_DAY;
  let from = window.opens;
  let to = window.closes;
  for (const event of events) {
    const start = isoToStoreTime(event.start.toISOString(), timeZone);
    const end = isoToStoreTime(event.end.toISOString(), timeZone);
    // An event over midnight: the whole day.
    if (start.slice(0, 10) !== end.slice(0, 10) && end.slice(11, 16) !== '00:00') return WHOLE_DAY;
    const startTime = start.slice(11, 16);
    const endTime = end.slice(11, 16) === '00:00' ? '24:00' : end.slice(11, 16);
    if (startTime < from) from = startTime;
    if (endTime > to) to = endTime;
  }
  const hourUp = (hhmm: string) => {
    const [h, m] = hhmm.split(':').map(Number) as [number, number];
    return `${String(Math.min(24, m > 0 ? h + 1 : h)).padStart(2, '0')}:00`;
  };
  return { from: `${from.slice(0, 2)}:00`, to: hourUp(to) };
}
