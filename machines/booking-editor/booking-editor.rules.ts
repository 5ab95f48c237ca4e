/**
 * Pure rules of the booking editor (docs/appointments.md): the draft as the form holds it, the request bodies
 * the contract takes (src/contracts/bookings.ts), the client's check before sending, the next line's default
 * start, and a conflict's next free slot put into the draft. Times are typed on the store's wall clock and sent
 * as instants (docs/appointments.md#time; src/domain/store-time.ts).
 */
import { bookingConflictDetails, createBookingBody, updateBookingBody } from '../../src/contracts/bookings';
import type {
  Booking,
  BookingConflictDetails,
  BookingStatus,
  CreateBookingBody,
  UpdateBookingBody,
} from '../../src/contracts/bookings';
import { allowedBookingMoves, BOOKING_STATUS } from '../../src/domain/bookings/status';
import {
  lineTimingProblems,
  linesClash,
  MAX_BUFFER_MINUTES,
  MINUTE_MS,
} from '../../src/domain/bookings/segments';
import type { LineTiming } from '../../src/domain/bookings/segments';
import { isoToStoreTime, storeTimeToIso } from '../../src/domain/store-time';
import type { FieldIssue, FieldIssues } from '../resource/resource.types';
import type {
  BookingDraft,
  DraftLine,
  EditorService,
  LineField,
  NewBookingSlot,
} from './booking-editor.types';

/** The wire name of each line field: field errors are keyed `booking_appt_service.<i>.<wire name>`. */
export const LINE_WIRE_NAME: Readonly<Record<LineField, string>> = {
  service_id: 'service_id',
  user_id: 'user_id',
  start: 'starts_at',
  duration: 'duration_minutes',
  processing_offset: 'processing_offset_minutes',
  processing: 'processing_minutes',
  buffer_before: 'buffer_before_minutes',
  buffer_after: 'buffer_after_minutes',
};

/** The key of one line field's errors. */
export function lineErrorKey(index: number, field: LineField): string {
  return `booking_appt_service.${index}.${LINE_WIRE_NAME[field]}`;
}

/** The client's own issue codes, beside zod's: a start that is no time, two lines of one technician at once. */
export const DRAFT_ISSUE = { INVALID_START: 'invalid_start', LINES_CLASH: 'lines_clash' } as const;

export function emptyLine(): DraftLine {
  return {
    id: null,
    service_id: '',
    user_id: '',
    start: '',
    startIso: null,
    duration: '',
    processing_offset: '',
    processing: '',
    buffer_before: '',
    buffer_after: '',
  };
}

/** A new booking from an empty slot of the book: one line for that technician at that time. */
export function draftFromSlot(slot: NewBookingSlot | null | undefined, timeZone: string): BookingDraft {
  const line = emptyLine();
  if (slot) {
    line.user_id = slot.user_id === null ? '' : String(slot.user_id);
    line.start = isoToStoreTime(slot.starts_at, timeZone);
    line.startIso = line.start ? new Date(slot.starts_at).toISOString() : null;
  }
  return { fields: { customer_id: null, customer_name: '', telephone: '', notes: '' }, lines: [line] };
}

/** The booking being edited, as the form shows it. */
export function draftFromBooking(booking: Booking, timeZone: string): BookingDraft {
  return {
    fields: {
      customer_id: booking.customer_id,
      customer_name: booking.customer_name,
      telephone: booking.telephone ?? '',
      notes: booking.notes ?? '',
    },
    lines: booking.booking_appt_service.map((line) => ({
      id: line.id,
      service_id: String(line.service_id),
      user_id: line.user_id === null ? '' : String(line.user_id),
      start: isoToStoreTime(line.starts_at, timeZone),
      startIso: new Date(line.starts_at).toISOString(),
      duration: String(line.duration_minutes),
      processing_offset:
        line.processing_offset_minutes === null ? '' : String(line.processing_offset_minutes),
      processing: line.processing_minutes ? String(line.processing_minutes) : '',
      buffer_before: line.buffer_before_minutes ? String(line.buffer_before_minutes) : '',
      buffer_after: line.buffer_after_minutes ? String(line.buffer_after_minutes) : '',
    })),
  };
}

/** '' → undefined (the field left empty); anything else its number (NaN when it is none: the check says so). */
function numberOf(text: string): number | undefined {
  return text.trim() === '' ? undefined : Number(text.trim());
}

/** The instant a line starts: the one it came with, unless its start was typed since. */
export function lineStartIso(line: DraftLine, timeZone: string): string | null {
  return line.startIso ?? storeTimeToIso(line.start, timeZone);
}

/**
 * Where a line ends (ISO): its start plus its duration in real minutes, so a one-hour line from the first
 * 01:30 of the day clocks go back ends at the second 01:30 (docs/appointments.md#time). Null when either is
 * not typed yet.
 */
export function lineEndIso(line: DraftLine, timeZone: string): string | null {
  const start = lineStartIso(line, timeZone);
  const duration = numberOf(line.duration);
  if (start === null || duration === undefined || !Number.isFinite(duration)) return null;
  return new Date(Date.parse(start) + duration * MINUTE_MS).toISOString();
}

/**
 * A line added after the others: it starts where the last one ends, with the same technician (the usual
 * second service: the same person, right after), after that technician's clean-up (buffer after), which is
 * still their busy time (docs/appointments.md#busy-segments-and-no-double-booking). Without a computable end it
 * starts with the last one.
 */
export function nextLine(lines: readonly DraftLine[], timeZone: string): DraftLine {
  const line = emptyLine();
  const last = lines[lines.length - 1];
  if (!last) return line;
  line.user_id = last.user_id;
  const ends = lineEndIso(last, timeZone);
  const cleanUp = last.user_id === '' ? 0 : (numberOf(last.buffer_after) ?? 0);
  const end =
    ends && Number.isFinite(cleanUp) ? new Date(Date.parse(ends) + cleanUp * MINUTE_MS).toISOString() : ends;
  if (end) {
    line.start = isoToStoreTime(end, timeZone);
    line.startIso = end;
  } else {
    line.start = last.start;
    line.startIso = last.startIso;
  }
  return line;
}

/** One field of one line changed; a new service brings its catalog duration (the receptionist may change it). */
export function changeLine(
  line: DraftLine,
  name: LineField,
  value: string,
  services: readonly EditorService[],
): DraftLine {
  const changed: DraftLine = { ...line, [name]: value };
  if (name === 'start') changed.startIso = null;
  if (name === 'service_id') {
    const service = services.find((s) => String(s.id) === value);
    if (service) changed.duration = String(service.duration_minutes);
  }
  return changed;
}

function lineBody(line: DraftLine, timeZone: string) {
  const serviceId = numberOf(line.service_id);
  const userId = numberOf(line.user_id);
  return {
    ...(line.id !== null ? { id: line.id } : {}),
    service_id: serviceId ?? NaN,
    user_id: userId ?? null,
    starts_at: lineStartIso(line, timeZone) ?? '',
    ...(numberOf(line.duration) !== undefined ? { duration_minutes: numberOf(line.duration) } : {}),
    processing_offset_minutes: numberOf(line.processing_offset) ?? null,
    processing_minutes: numberOf(line.processing) ?? 0,
    buffer_before_minutes: numberOf(line.buffer_before) ?? 0,
    buffer_after_minutes: numberOf(line.buffer_after) ?? 0,
  };
}

function fieldsBody(draft: BookingDraft, timeZone: string, allowOutsideHours: boolean) {
  const { fields } = draft;
  return {
    customer_id: fields.customer_id,
    customer_name: fields.customer_name,
    telephone: fields.telephone.trim() === '' ? null : fields.telephone,
    notes: fields.notes.trim() === '' ? null : fields.notes,
    booking_appt_service: draft.lines.map((line) => lineBody(line, timeZone)),
    allow_outside_hours: allowOutsideHours,
  };
}

/** POST /bookingAppt's body (unchecked: draftIssues says what is wrong with it). */
export function toCreateBody(
  draft: BookingDraft,
  uuid: string,
  timeZone: string,
  allowOutsideHours = false,
): CreateBookingBody {
  return {
    uuid,
    ...fieldsBody(draft, timeZone, allowOutsideHours),
    status: BOOKING_STATUS.BOOKED,
  } as CreateBookingBody;
}

/** PUT /bookingAppt/:id's body, with the version the screen read (a stale one is 409 booking_stale). */
export function toUpdateBody(
  draft: BookingDraft,
  version: number,
  timeZone: string,
  allowOutsideHours = false,
): UpdateBookingBody {
  return { ...fieldsBody(draft, timeZone, allowOutsideHours), version } as UpdateBookingBody;
}

function add(issues: FieldIssues, key: string, issue: FieldIssue): void {
  // One problem per field: the first says what to fix.
  if (!issues[key]?.length) issues[key] = [issue];
}

function timingOf(line: DraftLine, timeZone: string): LineTiming | null {
  const start = lineStartIso(line, timeZone);
  const duration = numberOf(line.duration);
  if (start === null || duration === undefined) return null;
  return {
    start: Date.parse(start),
    durationMinutes: duration,
    processingOffsetMinutes: numberOf(line.processing_offset) ?? null,
    processingMinutes: numberOf(line.processing) ?? 0,
    bufferBeforeMinutes: numberOf(line.buffer_before) ?? 0,
    bufferAfterMinutes: numberOf(line.buffer_after) ?? 0,
  };
}

function bufferOk(text: string): boolean {
  const value = numberOf(text) ?? 0;
  return Number.isInteger(value) && value >= 0 && value <= MAX_BUFFER_MINUTES;
}

/**
 * The client's check (docs/architecture.md: the server parses the same body with the same schema): the
 * contract's zod issues by field, then each line's timing (src/domain/bookings/segments.ts lineTimingProblems)
 * and two lines of one technician at once. {} when the draft can be sent.
 */
export function draftIssues(
  draft: BookingDraft,
  timeZone: string,
  mode: { uuid: string } | { version: number },
): FieldIssues {
  const issues: FieldIssues = {};
  draft.lines.forEach((line, index) => {
    if (line.start !== '' && lineStartIso(line, timeZone) === null) {
      add(issues, lineErrorKey(index, 'start'), {
        code: DRAFT_ISSUE.INVALID_START,
        message: 'The start is not a time.',
      });
    }
    const timing = timingOf(line, timeZone);
    if (!timing) return;
    for (const problem of lineTimingProblems(timing)) {
      if (problem === 'duration_range')
        add(issues, lineErrorKey(index, 'duration'), { code: problem, message: problem });
      else if (problem === 'buffer_range') {
        if (!bufferOk(line.buffer_before))
          add(issues, lineErrorKey(index, 'buffer_before'), { code: problem, message: problem });
        if (!bufferOk(line.buffer_after))
          add(issues, lineErrorKey(index, 'buffer_after'), { code: problem, message: problem });
      } else add(issues, lineErrorKey(index, 'processing_offset'), { code: problem, message: problem });
    }
  });
  const body =
    'uuid' in mode ? toCreateBody(draft, mode.uuid, timeZone) : toUpdateBody(draft, mode.version, timeZone);
  const parsed = ('uuid' in mode ? createBookingBody : updateBookingBody).safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      add(issues, issue.path.join('.') || '_form', { code: issue.code, message: issue.message });
    }
  }
  // Two lines of one technician that overlap: the server's constraint would refuse them (a conflict).
  const timings = draft.lines.map((line) => timingOf(line, timeZone));
  draft.lines.forEach((line, index) => {
    const mine = timings[index];
    if (!mine || line.user_id === '') return;
    const clash = draft.lines.some((other, j) => {
      const theirs = timings[j];
      return j < index && theirs && other.user_id === line.user_id && linesClash(mine, theirs);
    });
    if (clash && lineTimingProblems(mine).length === 0) {
      add(issues, lineErrorKey(index, 'start'), {
        code: DRAFT_ISSUE.LINES_CLASH,
        message: 'Overlaps a line before.',
      });
    }
  });
  return issues;
}

/** A 409 booking_conflict's details, from whatever the submit rejected with; null when it carries none. */
export function conflictDetailsOf(error: unknown): BookingConflictDetails | null {
  const details =
    typeof error === 'object' && error !== null ? (error as { details?: unknown }).details : null;
  const parsed = bookingConflictDetails.safeParse(details);
  return parsed.success ? parsed.data : null;
}

/** The clashing line moved to one of the next free slots the server offered (its technician and start). */
export function applySlot(
  draft: BookingDraft,
  conflict: BookingConflictDetails,
  slotIndex: number,
  timeZone: string,
): BookingDraft {
  const slot = conflict.next_slots[slotIndex];
  const line = draft.lines[conflict.line_index];
  if (!slot || !line) return draft;
  const lines = draft.lines.map((l, i) =>
    i === conflict.line_index
      ? {
          ...l,
          user_id: String(slot.user_id),
          start: isoToStoreTime(slot.starts_at, timeZone),
          startIso: new Date(slot.starts_at).toISOString(),
        }
      : l,
  );
  return { ...draft, lines };
}

/**
 * The status buttons of a booking: the domain's allowed moves, without completed (the sale that is paid
 * completes the booking, docs/appointments.md#status).
 */
export function offeredMoves(status: BookingStatus): BookingStatus[] {
  return allowedBookingMoves(status).filter((s) => s !== BOOKING_STATUS.COMPLETED);
}

/** Moves that ask something first: arrived (queue or desk), cancelled and no-show (the reason). */
export function moveAsks(status: BookingStatus): boolean {
  return (
    status === BOOKING_STATUS.ARRIVED ||
    status === BOOKING_STATUS.CANCELLED ||
    status === BOOKING_STATUS.NO_SHOW
  );
}
