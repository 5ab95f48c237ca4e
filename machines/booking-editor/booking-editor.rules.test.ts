import { describe, expect, it } from 'vitest';
import { createBookingBody, updateBookingBody } from '../../src/contracts/bookings';
import { BOOKED, CONFLICT, DRAFT_UUID, SERVICES, TIME_ZONE } from './booking-editor.fixtures';
import {
  applySlot,
  changeLine,
  conflictDetailsOf,
  draftFromBooking,
  draftFromSlot,
  draftIssues,
  lineErrorKey,
  nextLine,
  offeredMoves,
  toCreateBody,
  toUpdateBody,
} from './booking-editor.rules';
import type { BookingDraft, DraftLine } from './booking-editor.types';

function typed(line: Partial<DraftLine>): DraftLine {
  return { ...draftFromSlot(null, TIME_ZONE).lines[0]!, ...line };
}

function draftOf(...lines: DraftLine[]): BookingDraft {
  return {
    fields: { customer_id: null, customer_name: 'Ann Lee', telephone: '(555) 123-4567', notes: '' },
    lines,
  };
}

describe('booking editor rules', () => {
  it('sends a typed store wall time as the instant it names in the store, not on the device', () => {
    const draft = draftOf(
      typed({ service_id: '100', user_id: '2', start: '2026-03-10T10:00', duration: '45' }),
    );
    const body = toCreateBody(draft, DRAFT_UUID, TIME_ZONE);
    expect(body.booking_appt_service[0]?.starts_at).toBe('2026-03-10T14:00:00.000Z');
    expect(body).toMatchObject({
      uuid: DRAFT_UUID,
      customer_name: 'Ann Lee',
      status: 'booked',
      allow_outside_hours: false,
      booking_appt_service: [
        {
          service_id: 100,
          user_id: 2,
          duration_minutes: 45,
          processing_offset_minutes: null,
          processing_minutes: 0,
          buffer_before_minutes: 0,
          buffer_after_minutes: 0,
        },
      ],
    });
    expect(createBookingBody.safeParse(body).success).toBe(true);
    expect(toCreateBody(draft, DRAFT_UUID, 'Asia/Ho_Chi_Minh').booking_appt_service[0]?.starts_at).toBe(
      '2026-03-10T03:00:00.000Z',
    );
  });

  it('on the day clocks go back, 01:30 is the first one, and the next line starts at the second 01:30', () => {
    const first = typed({ service_id: '101', user_id: '2', start: '2026-11-01T01:30', duration: '60' });
    const second = nextLine([first], TIME_ZONE);
    // The same wall text, an hour later: the instant travels with the line, not the text.
    expect(second.start).toBe('2026-11-01T01:30');
    expect(second.user_id).toBe('2');
    const body = toCreateBody(
      draftOf(first, { ...second, service_id: '100', duration: '45' }),
      DRAFT_UUID,
      TIME_ZONE,
    );
    expect(body.booking_appt_service.map((l) => l.starts_at)).toEqual([
      '2026-11-01T05:30:00.000Z',
      '2026-11-01T06:30:00.000Z',
    ]);
    // Back-to-back lines of one technician do not clash.
    expect(
      draftIssues(draftOf(first, { ...second, service_id: '100', duration: '45' }), TIME_ZONE, {
        uuid: DRAFT_UUID,
      }),
    ).toEqual({});
  });

  it('a second line starts where the first ends, and a typed start forgets the instant it came with', () => {
    const first = typed({ service_id: '100', start: '2026-03-10T10:00', duration: '45' });
    const second = nextLine([first], TIME_ZONE);
    expect(second).toMatchObject({
      start: '2026-03-10T10:45',
      startIso: '2026-03-10T14:45:00.000Z',
      user_id: '',
    });
    expect(changeLine(second, 'start', '2026-03-10T11:00', SERVICES).startIso).toBeNull();
    // The same technician's clean-up is still their time; an unassigned line has none to wait for.
    const withCleanUp = typed({
      user_id: '2',
      start: '2026-03-10T10:00',
      duration: '45',
      buffer_after: '10',
    });
    expect(nextLine([withCleanUp], TIME_ZONE).start).toBe('2026-03-10T10:55');
    expect(nextLine([{ ...withCleanUp, user_id: '' }], TIME_ZONE).start).toBe('2026-03-10T10:45');
    // No duration yet: it starts with the first.
    expect(nextLine([typed({ start: '2026-03-10T10:00' })], TIME_ZONE).start).toBe('2026-03-10T10:00');
  });

  it('a chosen service brings its catalog duration', () => {
    expect(changeLine(typed({}), 'service_id', '101', SERVICES).duration).toBe('60');
    expect(changeLine(typed({ duration: '30' }), 'service_id', '999', SERVICES).duration).toBe('30');
  });

  it('opens a slot of the book and an existing booking on the store clock', () => {
    const fromSlot = draftFromSlot({ user_id: 3, starts_at: '2026-11-01T06:30:00Z' }, TIME_ZONE);
    expect(fromSlot.lines[0]).toMatchObject({
      user_id: '3',
      start: '2026-11-01T01:30',
      startIso: '2026-11-01T06:30:00.000Z',
    });
    const draft = draftFromBooking(BOOKED, TIME_ZONE);
    expect(draft.fields).toEqual({
      customer_id: 9,
      customer_name: 'Ann Lee',
      telephone: '5551234567',
      notes: '',
    });
    expect(draft.lines[0]).toMatchObject({
      id: 700,
      start: '2026-03-10T10:00',
      duration: '45',
      buffer_after: '5',
      processing: '',
    });
    const body = toUpdateBody(draft, BOOKED.version, TIME_ZONE, true);
    expect(body).toMatchObject({ version: 3, allow_outside_hours: true, customer_id: 9 });
    expect(body.booking_appt_service[0]).toMatchObject({
      id: 700,
      starts_at: '2026-03-10T14:00:00.000Z',
      buffer_after_minutes: 5,
    });
    expect(updateBookingBody.safeParse(body).success).toBe(true);
  });

  it('says what is wrong by field, with the contract and the domain timing codes', () => {
    const bad = draftOf(
      typed({ start: 'tomorrow', duration: '3' }),
      typed({
        service_id: '100',
        start: '2026-03-10T10:00',
        duration: '60',
        processing_offset: '50',
        processing: '20',
        buffer_after: '500',
      }),
    );
    bad.fields.customer_name = '  ';
    const issues = draftIssues(bad, TIME_ZONE, { uuid: DRAFT_UUID });
    expect(issues.customer_name?.[0]?.code).toBe('too_small');
    expect(issues[lineErrorKey(0, 'service_id')]?.[0]?.code).toBe('invalid_type');
    expect(issues[lineErrorKey(0, 'start')]?.[0]?.code).toBe('invalid_start');
    expect(issues[lineErrorKey(1, 'processing_offset')]?.[0]?.code).toBe('processing_outside');
    expect(issues[lineErrorKey(1, 'buffer_after')]?.[0]?.code).toBe('buffer_range');
    expect(issues[lineErrorKey(1, 'buffer_before')]).toBeUndefined();
    const short = draftOf(typed({ service_id: '100', start: '2026-03-10T10:00', duration: '3' }));
    expect(draftIssues(short, TIME_ZONE, { uuid: DRAFT_UUID })[lineErrorKey(0, 'duration')]?.[0]?.code).toBe(
      'duration_range',
    );
    const gapless = draftOf(
      typed({ service_id: '100', start: '2026-03-10T10:00', duration: '60', processing: '10' }),
    );
    expect(
      draftIssues(gapless, TIME_ZONE, { uuid: DRAFT_UUID })[lineErrorKey(0, 'processing_offset')]?.[0]?.code,
    ).toBe('processing_without_offset');
  });

  it('sees two lines of one technician at once before the server does', () => {
    const a = typed({ service_id: '100', user_id: '2', start: '2026-03-10T10:00', duration: '60' });
    const b = typed({ service_id: '101', user_id: '2', start: '2026-03-10T10:30', duration: '30' });
    expect(
      draftIssues(draftOf(a, b), TIME_ZONE, { uuid: DRAFT_UUID })[lineErrorKey(1, 'start')]?.[0]?.code,
    ).toBe('lines_clash');
    // Two technicians at once are fine.
    expect(draftIssues(draftOf(a, { ...b, user_id: '3' }), TIME_ZONE, { uuid: DRAFT_UUID })).toEqual({});
  });

  it('moves the clashing line to a free slot the server offered', () => {
    const draft = draftFromBooking(BOOKED, TIME_ZONE);
    const moved = applySlot(draft, CONFLICT, 1, TIME_ZONE);
    expect(moved.lines[0]).toMatchObject({ user_id: '3', start: '2026-03-10T10:00' });
    expect(applySlot(draft, CONFLICT, 7, TIME_ZONE)).toBe(draft);
    expect(conflictDetailsOf({ code: 'booking_conflict', details: CONFLICT })).toEqual(CONFLICT);
    expect(conflictDetailsOf({ code: 'booking_conflict' })).toBeNull();
  });

  it('offers the domain moves but completed, which the paid sale makes', () => {
    expect(offeredMoves('booked')).toEqual(['confirmed', 'arrived', 'in_service', 'cancelled', 'no_show']);
    expect(offeredMoves('in_service')).toEqual([]);
  });
});
